import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field';

/**
 * A labelled choice of a react-hook-form form, as TextField is a text
 * (`<SelectField label="…" {...field('kind')}>`): its hint and error tied to it; the
 * options are its children.
 */
export function SelectField({
  label,
  error,
  hint,
  registration,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  registration: UseFormRegisterReturn;
  children: ReactNode;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(p) => (
        <select {...p} {...registration} className="select select-bordered w-full">
          {children}
        </select>
      )}
    </Field>
  );
}
