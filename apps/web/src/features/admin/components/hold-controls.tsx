import { useId, useState } from 'react';
import type { TAdminFund } from '@easyfund/shared/schemas/funds';
import { useHoldFund } from '../../../api/funds';
import { useI18n } from '../../../lib/i18n';
import { popup } from '../../../lib/popups';

/**
 * Take a fund down: suspend (may be lifted) or close (final), with a reason shown on the
 * fund page. Donations stop; money already raised stays withdrawable under review.
 */
export function HoldControls({ fund }: { fund: TAdminFund }) {
  const { t } = useI18n();
  const hold = useHoldFund();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const act = async (action: 'suspend' | 'close' | 'lift') => {
    // Closing is final: asked once more, with the fund's name.
    if (
      action === 'close' &&
      !(await popup.confirm(
        'Close "{{name}}" for good?',
        'A closed fund takes no donations again and cannot be reopened. This cannot be undone.',
        'Close for good',
        { name: fund.name },
      ))
    )
      return;
    try {
      await hold.mutateAsync({
        id: fund.id,
        action,
        reason: action === 'lift' ? null : reason,
        version: fund.version,
      });
      setReason('');
      void popup.success(
        action === 'lift'
          ? t('Suspension lifted')
          : action === 'close'
            ? t('Fund closed')
            : t('Fund suspended'),
      );
    } catch (err) {
      await popup.decisionFailed(err);
    }
  };
  if (fund.hold === 'closed') {
    return (
      <p className="text-sm">
        <span className="badge badge-error badge-soft">{t('Closed')}</span> {fund.holdReason}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 text-sm">
      {fund.hold === 'suspended' && (
        <p>
          <span className="badge badge-warning badge-soft">{t('Suspended')}</span> {fund.holdReason}
        </p>
      )}
      <details>
        <summary className="cursor-pointer">
          {t('Suspend or close')}
          <span className="sr-only"> {fund.name}</span>
        </summary>
        <div className="mt-2 flex flex-col gap-2">
          <label htmlFor={reasonId}>{t('Reason shown on the fund page')}</label>
          <textarea
            id={reasonId}
            className="textarea textarea-bordered textarea-sm"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <div className="flex flex-wrap gap-2">
            {fund.hold !== 'suspended' && (
              <button
                type="button"
                className="btn btn-warning btn-xs"
                disabled={hold.isPending || !reason.trim()}
                onClick={() => void act('suspend')}
              >
                {t('Suspend')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-error btn-xs"
              disabled={hold.isPending || !reason.trim()}
              onClick={() => void act('close')}
            >
              {t('Close for good')}
            </button>
          </div>
        </div>
      </details>
      {fund.hold === 'suspended' && (
        <button
          type="button"
          className="btn btn-outline btn-xs"
          disabled={hold.isPending}
          onClick={() => void act('lift')}
        >
          {t('Lift suspension')}
        </button>
      )}
    </div>
  );
}
