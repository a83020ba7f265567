import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';
import { messageOf } from './message-of';
import { popup } from './popups';

/**
 * A form's failed save: the server's message for each of `names` under its field, and the
 * failure itself in a popup.
 */
export async function showSaveFailure<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  names: readonly Path<T>[],
): Promise<void> {
  const fields = err instanceof ApiError ? err.fields : undefined;
  for (const name of names) {
    const message = fields?.[name];
    if (message) setError(name, { message });
  }
  await popup.failure(messageOf(err));
}
