import type { ZodType } from 'zod';

/** A typed code as its schema reads it; else null, once its message went to `showError`. */
export function checkCode<T>(
  schema: ZodType<T>,
  code: string,
  showError: (message: string) => void,
): T | null {
  const parsed = schema.safeParse(code);
  if (parsed.success) return parsed.data;
  showError(parsed.error.issues[0]?.message ?? 'Invalid code');
  return null;
}
