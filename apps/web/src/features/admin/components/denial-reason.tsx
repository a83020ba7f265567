import { useState } from 'react';
import { DENIAL_REASON_MESSAGE, hasDenialReason } from '@easyfund/shared/schemas/fields';
import { useI18n } from '../../../lib/i18n';

/**
 * A decision's feedback field (`fieldId`) when a denial needs a reason: `check` refuses a
 * denial without one (the field then says so and takes the focus), and typing a reason
 * clears the error. The server refuses such a denial too.
 */
export function useDenialReason(fieldId: string) {
  const [missing, setMissing] = useState(false);
  const errorId = `${fieldId}-error`;
  return {
    missing,
    errorId,
    /** Whether this decision may be sent with this feedback. */
    check(status: 'approved' | 'denied', feedback: string): boolean {
      if (!hasDenialReason({ status, feedback })) {
        setMissing(true);
        document.getElementById(fieldId)?.focus();
        return false;
      }
      setMissing(false);
      return true;
    },
    /** The feedback as typed: a reason clears the error. */
    typed(feedback: string) {
      if (feedback.trim()) setMissing(false);
    },
    /** The feedback field's state for screen readers. */
    aria: {
      'aria-invalid': missing || undefined,
      'aria-describedby': missing ? errorId : undefined,
    },
  };
}

/** The error under the feedback field of a denial sent without a reason. */
export function DenialReasonError({ id, className }: { id: string; className: string }) {
  const { t } = useI18n();
  return (
    <p id={id} role="alert" className={className}>
      {t(DENIAL_REASON_MESSAGE)}
    </p>
  );
}
