import type { ZodType } from 'zod';
import { checkedValue } from '../../lib/checked-value';

/** A typed code as its schema reads it; else null, once its message went to `showError`. */
export function checkCode<T>(
  schema: ZodType<T>,
  code: string,
  showError: (message: string) => void,
): T | null {
  return checkedValue(schema, code, showError, 'Invalid code');
}
