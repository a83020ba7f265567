import { useId, useState } from 'react';
import type { TAdminFund } from '@easyfund/shared/schemas/funds';
import { useDecideFundChange } from '../../../api/funds';
import { ActionButton } from '../../../components/action-button';
import { useI18n } from '../../../lib/i18n';
import { popup } from '../../../lib/popups';
import { DenialReasonError, useDenialReason } from './denial-reason';

/**
 * An approved fund's edit waiting for review: what would change (now → proposed), with
 * Approve / Deny and feedback (the reason, required to deny). The approved version stays public meanwhile.
 */
export function PendingChange({ fund }: { fund: TAdminFund }) {
  const { t, tk, dateTime } = useI18n();
  const decide = useDecideFundChange();
  const [feedback, setFeedback] = useState('');
  const id = useId();
  const reason = useDenialReason(`${id}-feedback`);
  const change = fund.pendingChange;
  if (!change) return null;
  const rows: [string, string, string][] = [];
  if (change.name !== undefined) rows.push([t('Name'), fund.name, change.name]);
  if (change.goalPoisha !== undefined)
    rows.push([t('Goal'), tk(fund.goalPoisha), tk(change.goalPoisha)]);
  if (change.image !== undefined) rows.push([t('Image'), fund.image, change.image]);
  if (change.description !== undefined)
    rows.push([t('Story'), fund.description, change.description]);
  const act = async (status: 'approved' | 'denied') => {
    if (!reason.check(status, feedback)) return;
    try {
      await decide.mutateAsync({ id: fund.id, status, feedback, version: fund.version });
      void popup.success(status === 'approved' ? t('Change approved') : t('Change denied'));
    } catch (err) {
      await popup.decisionFailed(err);
    }
  };
  return (
    <div className="rounded-box border border-warning/60 bg-warning/5 p-3">
      <p className="font-semibold">
        {t('Edit waiting for review')}{' '}
        <span className="text-xs font-normal text-base-content/80">
          ({dateTime(change.createdAt)})
        </span>
      </p>
      <dl className="mt-2 grid gap-2 text-sm">
        {rows.map(([label, before, after]) => (
          <div key={label}>
            <dt className="font-medium">{label}</dt>
            <dd className="whitespace-pre-line">
              <del className="text-base-content/70">{before}</del>
              <span aria-hidden="true"> → </span>
              <ins className="no-underline">{after}</ins>
            </dd>
          </div>
        ))}
      </dl>
      <label className="mt-2 flex flex-col gap-1 text-sm" htmlFor={`${id}-feedback`}>
        <span>{t('Feedback (required to deny)')}</span>
        <input
          id={`${id}-feedback`}
          className="input input-bordered input-sm"
          value={feedback}
          maxLength={1000}
          {...reason.aria}
          onChange={(e) => {
            setFeedback(e.currentTarget.value);
            reason.typed(e.currentTarget.value);
          }}
        />
      </label>
      {reason.missing && (
        <DenialReasonError id={reason.errorId} className="mt-1 text-sm text-error" />
      )}
      <div className="mt-2 flex gap-2">
        <ActionButton
          className="btn btn-success btn-sm"
          busy={decide.isPending}
          onClick={() => void act('approved')}
        >
          {t('Approve change')}
        </ActionButton>
        <ActionButton
          className="btn btn-error btn-outline btn-sm"
          busy={decide.isPending}
          onClick={() => void act('denied')}
        >
          {t('Deny change')}
        </ActionButton>
      </div>
    </div>
  );
}
