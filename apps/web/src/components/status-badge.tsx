import type { DecisionStatus } from '@easyfund/shared/constants';
import { useI18n } from '../lib/i18n';

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
  const { t } = useI18n();
  return (
    <span className={`badge ${STYLE[status]} whitespace-nowrap font-medium`}>
      {t(LABEL[status])}
    </span>
  );
}
