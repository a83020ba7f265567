import { useQuery } from '@tanstack/react-query';
import type { TFundPublic } from '@easyfund/shared/schemas/funds';
import { relatedFundsQuery } from '../../../api/funds';
import { useI18n } from '../../../lib/i18n';
import { FundCard } from './fund-card';

/** Other open funds of the same cause, under a fund page. Nothing when there are none. */
export function RelatedFunds({ fund }: { fund: TFundPublic }) {
  const { t } = useI18n();
  const related = useQuery(relatedFundsQuery(fund.id, fund.cause));
  if (!related.data || related.data.items.length === 0) return null;
  return (
    <section className="mt-12" aria-labelledby="related-funds">
      <h2 id="related-funds" className="mb-4 text-2xl font-bold">
        {t('Related funds')}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {related.data.items.map((f) => (
          <li key={f.id}>
            <FundCard fund={f} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
