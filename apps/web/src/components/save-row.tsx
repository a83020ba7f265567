import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

/**
 * The foot of an admin's small form: the form's own error (announced), the save button, any
 * other buttons, and the status line that says 'Saved' once the save went through (else
 * `note`, already translated, when there is one).
 */
export function SaveRow({
  label,
  pending,
  saved,
  formError,
  note,
  wrap = false,
  children,
}: {
  /** The save button's text. */
  label: string;
  pending: boolean;
  saved: boolean;
  formError?: string;
  note?: ReactNode;
  /** The row may wrap (more than one button). */
  wrap?: boolean;
  /** Buttons after the save button. */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <>
      {formError && (
        <p role="alert" className="text-sm text-error">
          {t(formError)}
        </p>
      )}
      <div className={wrap ? 'flex flex-wrap items-center gap-3' : 'flex items-center gap-3'}>
        <button type="submit" className="btn btn-sm btn-primary" disabled={pending}>
          {t(label)}
        </button>
        {children}
        <p role="status" className="text-sm text-emerald-800">
          {saved && t('Saved')}
          {!saved && note}
        </p>
      </div>
    </>
  );
}
