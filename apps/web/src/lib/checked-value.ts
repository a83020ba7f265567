import type { ZodType } from 'zod';

/**
 * A typed value as its schema reads it; else null, once the first problem's message (or
 * `fallback`) went to `showError`.
 */
export function checkedValue<T>(
  schema: ZodType<T>,
  value: unknown,
  showError: (message: string) => void,
  fallback = '',
): T | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  showError(parsed.error.issues[0]?.message ?? fallback);
  return null;
}
