import { useId, useState } from 'react';
import type { WithdrawalStatus } from '@easyfund/shared/constants';
import { useI18n } from '../../../lib/i18n';
import { popup } from '../../../lib/popups';
import { DenialReasonError, useDenialReason } from './denial-reason';

export type Decision = 'approved' | 'denied';

interface DecisionControlsProps {
  /** What is decided, for screen readers ("Rafiq Islam's application"). */
  subject: string;
  status: WithdrawalStatus | 'removed';
  feedback: string | null;
  onDecide: (status: Decision, feedback: string) => Promise<void>;
}

/** An item of a review queue: what its decision controls show and send back. */
export interface Reviewed {
  id: string;
  version: number;
  status: WithdrawalStatus | 'removed';
  feedback: string | null;
}

/**
 * Sends an admin's decision on an item with the version it was read at, then says it is
 * done (`success`, a catalogue key) or why it was refused.
 */
export function decisionSender(
  mutation: {
    mutateAsync: (body: {
      id: string;
      status: Decision;
      feedback: string;
      version: number;
    }) => Promise<unknown>;
  },
  success: string,
) {
  return async (item: Pick<Reviewed, 'id' | 'version'>, status: Decision, feedback: string) => {
    try {
      await mutation.mutateAsync({ id: item.id, status, feedback, version: item.version });
      void popup.success(success);
    } catch (err) {
      await popup.decisionFailed(err);
    }
  };
}

/** The decision controls of one item of a review queue, fresh again once its status moves. */
export function ItemDecision<T extends Reviewed>({
  item,
  subject,
  decide,
}: {
  item: T;
  subject: string;
  decide: (item: T, status: Decision, feedback: string) => Promise<void>;
}) {
  return (
    <DecisionControls
      key={`${item.id}-${item.status}`}
      subject={subject}
      status={item.status}
      feedback={item.feedback}
      onDecide={(status, feedback) => decide(item, status, feedback)}
    />
  );
}

/**
 * The feedback text with Approved and Deny; all disabled once the status is decided. A
 * denial is not sent without a reason in the feedback (the server refuses it too).
 */
export function DecisionControls({ subject, status, feedback, onDecide }: DecisionControlsProps) {
  const id = useId();
  const { t } = useI18n();
  const [text, setText] = useState(feedback ?? '');
  const [busy, setBusy] = useState(false);
  const reason = useDenialReason(`${id}-feedback`);
  const decided = status !== 'pending';

  const decide = async (next: 'approved' | 'denied') => {
    if (!reason.check(next, text)) return;
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
        placeholder={decided ? t('No feedback') : t('Feedback (required to deny)')}
        value={decided ? (feedback ?? '') : text}
        onChange={(e) => {
          setText(e.target.value);
          reason.typed(e.target.value);
        }}
        disabled={decided || busy}
        {...reason.aria}
      />
      {reason.missing && <DenialReasonError id={reason.errorId} className="text-sm text-error" />}
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
