import type { WithdrawalStatus } from '@easyfund/shared/constants';
import { useI18n } from '../lib/i18n';

// A withdrawal's states after approval (catalogue keys).
const PAID = 'Paid';
const PAYOUT_FAILED = 'Payout failed';
const REVERSED = 'Reversed';

const STYLE: Record<WithdrawalStatus, string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  denied: 'badge-error',
  paid: 'badge-info',
  failed: 'badge-error',
  reversed: 'badge-neutral',
};

const LABEL: Record<WithdrawalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
  paid: PAID,
  failed: PAYOUT_FAILED,
  reversed: REVERSED,
};

/** pending / approved / denied (and a withdrawal's paid / failed / reversed) as a coloured label. */
export function StatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useI18n();
  return (
    <span className={`badge ${STYLE[status]} whitespace-nowrap font-medium`}>
      {t(LABEL[status])}
    </span>
  );
}
