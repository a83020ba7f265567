import { causeTitle } from '@easyfund/shared/constants';
import { ZakatBadge } from '../../../components/zakat-badge';
import { useI18n } from '../../../lib/i18n';

/** A fund's cause, and whether an admin found it Zakat-eligible (on its card and its page). */
export function FundBadges({
  fund,
  size = 'md',
}: {
  fund: { cause: string; zakatEligible: boolean };
  size?: 'sm' | 'md';
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-wrap gap-2">
      <span
        className={
          size === 'sm'
            ? 'badge badge-outline badge-sm text-base-content/80'
            : 'badge badge-outline text-base-content/80'
        }
      >
        {t(causeTitle(fund.cause))}
      </span>
      {fund.zakatEligible && <ZakatBadge size={size} />}
    </div>
  );
}
