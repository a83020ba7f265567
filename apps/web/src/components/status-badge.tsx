import type { WithdrawalStatus } from '@easyfund/shared/constants';
import { useI18n } from '../lib/i18n';

// A withdrawal's states after approval (catalogue keys).
const PAID = 'Paid';
const PAYOUT_FAILED = 'Payout failed';
const REVERSED = 'Reversed';

// A payout account its owner removed.
const REMOVED = 'Removed';

type Status = WithdrawalStatus | 'removed';

const STYLE: Record<Status, string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  denied: 'badge-error',
  paid: 'badge-info',
  failed: 'badge-error',
  reversed: 'badge-neutral',
  removed: 'badge-ghost',
};

const LABEL: Record<Status, string> = {
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
  paid: PAID,
  failed: PAYOUT_FAILED,
  reversed: REVERSED,
  removed: REMOVED,
};

/** pending / approved / denied (a withdrawal's paid / failed / reversed, an account's removed) as a coloured label. */
export function StatusBadge({ status }: { status: Status }) {
  const { t } = useI18n();
  return (
    <span className={`badge ${STYLE[status]} whitespace-nowrap font-medium`}>
      {t(LABEL[status])}
    </span>
  );
}
