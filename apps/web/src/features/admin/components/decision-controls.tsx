import { useId, useState } from 'react';
import type { WithdrawalStatus } from '@easyfund/shared/constants';
import { useI18n } from '../../../lib/i18n';

interface DecisionControlsProps {
  /** What is decided, for screen readers ("Rafiq Islam's application"). */
  subject: string;
  status: WithdrawalStatus | 'removed';
  feedback: string | null;
  onDecide: (status: 'approved' | 'denied', feedback: string) => Promise<void>;
}

/** The feedback text with Approved and Deny; all disabled once the status is decided. */
export function DecisionControls({ subject, status, feedback, onDecide }: DecisionControlsProps) {
  const id = useId();
  const { t } = useI18n();
  const [text, setText] = useState(feedback ?? '');
  const [busy, setBusy] = useState(false);
  const decided = status !== 'pending';

  const decide = async (next: 'approved' | 'denied') => {
    setBusy(true);
    try {
      await onDecide(next, text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex min-w-56 flex-col gap-2">
      <label htmlFor={`${id}-feedback`} className="sr-only">
        {t('Feedback on {{subject}}', { subject })}
      </label>
      <textarea
        id={`${id}-feedback`}
        className="textarea textarea-bordered textarea-sm w-full min-w-48"
        rows={2}
        maxLength={1000}
        placeholder={decided ? t('No feedback') : t('Feedback (optional)')}
        value={decided ? (feedback ?? '') : text}
        onChange={(e) => setText(e.target.value)}
        disabled={decided || busy}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-success btn-sm"
          disabled={decided || busy}
          onClick={() => void decide('approved')}
        >
          {t('Approved')}
          <span className="sr-only">: {subject}</span>
        </button>
        <button
          type="button"
          className="btn btn-error btn-sm"
          disabled={decided || busy}
          onClick={() => void decide('denied')}
        >
          {t('Deny')}
          <span className="sr-only">: {subject}</span>
        </button>
      </div>
    </div>
  );
}
