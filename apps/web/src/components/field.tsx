import { type ReactNode, useId } from 'react';
import { useI18n } from '../lib/i18n';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** A labelled form control with its hint and its error announced to screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const { t } = useI18n();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-control w-full">
      <label htmlFor={id} className="label pb-1">
        <span className="label-text font-medium text-base-content">{t(label)}</span>
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-base-content/80">
          {t(hint)}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-error">
          {t(error)}
        </p>
      )}
    </div>
  );
}
