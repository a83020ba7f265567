import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { Field } from './field';

interface FieldText {
  label: string;
  error?: string;
  hint?: string;
  /** The react-hook-form registration (`register('email')`); absent for a read-only value. */
  registration?: UseFormRegisterReturn;
  /** Classes added to the control's own. */
  className?: string;
}

/**
 * A form's fields by name as TextField takes them: the registration and the error message
 * (`{...field('email')}`).
 */
export function formFields<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
) {
  return (name: Path<T>) => ({
    registration: register(name),
    error: (get(errors, name) as FieldError | undefined)?.message,
  });
}

/** The control's own attributes; `id` comes from the field. */
type Without<T> = Omit<T, 'id' | 'className'>;

/** A labelled text input: its label, hint and error tied to it (htmlFor, aria-describedby,
 *  role="alert"); other attributes go to the input. */
export function TextField({
  label,
  error,
  hint,
  registration,
  className,
  ...input
}: FieldText & Without<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(p) => (
        <input
          {...p}
          {...registration}
          {...input}
          className={
            className ? `input input-bordered w-full ${className}` : 'input input-bordered w-full'
          }
        />
      )}
    </Field>
  );
}

/** A labelled multi-line text, like TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  registration,
  className,
  ...textarea
}: FieldText & Without<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(p) => (
        <textarea
          {...p}
          {...registration}
          {...textarea}
          className={
            className
              ? `textarea textarea-bordered w-full ${className}`
              : 'textarea textarea-bordered w-full'
          }
        />
      )}
    </Field>
  );
}
