import { useState } from 'react';
import type { ZodType } from 'zod';
import { ApiError } from './api';

/**
 * A small form's save: the body is checked with its schema first (each field's message by
 * the field's name), then saved as it was typed; the server's field messages, or
 * `form` for any other failure, come back the same way. `saved` says the last save went through.
 */
export function useCheckedSave<Body>(
  schema: ZodType<unknown, Body>,
  save: (body: Body) => Promise<unknown>,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);

  async function submit(body: Body) {
    setSaved(false);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      await save(body);
      setErrors({});
      setSaved(true);
    } catch (err) {
      setErrors(
        err instanceof ApiError && err.fields ? err.fields : { form: 'Something went wrong!' },
      );
    }
  }

  return { errors, saved, submit };
}
