import { useI18n } from '../lib/i18n';
import { Link } from '../lib/link';
import { paths } from '../lib/paths';

/** "View Details": the link to a fund's page, named by the fund for screen readers. */
export function ViewFundLink({
  fund,
  className,
}: {
  fund: { id: string; name: string };
  className: string;
}) {
  const { t } = useI18n();
  return (
    <Link
      to={paths.fund(fund.id)}
      className={className}
      aria-label={t('View Details of {{name}}', { name: fund.name })}
    >
      {t('View Details')}
    </Link>
  );
}
