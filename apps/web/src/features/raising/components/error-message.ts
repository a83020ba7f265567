import { ApiError } from '../../../lib/api';

/** The text to show for a failed call. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError || err instanceof Error) return err.message;
  return String(err);
}
