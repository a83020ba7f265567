import type { DecisionStatus } from '@easyfund/shared/constants';

const STYLE: Record<DecisionStatus, string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  denied: 'badge-error',
};

const LABEL: Record<DecisionStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
};

/** pending / approved / denied as a coloured label. */
export function StatusBadge({ status }: { status: DecisionStatus }) {
  return (
    <span className={`badge ${STYLE[status]} whitespace-nowrap font-medium`}>{LABEL[status]}</span>
  );
}
