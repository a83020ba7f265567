import type { TFundCard } from '@easyfund/shared/schemas/funds';
import { srcsetFor } from '@easyfund/shared/images';
import { Money } from '../../../components/money';
import { RaisedProgress } from '../../../components/raised-progress';
import { FundImage } from '../../../components/fund-image';
import { useI18n } from '../../../lib/i18n';
import { ViewFundLink } from '../../../components/view-fund-link';
import { FundBadges } from './fund-badges';

/** A fund in the /donatenow list: image, name, raised by, raised, goal, progress, details. */
export function FundCard({
  fund,
  eager = false,
  priority = false,
  headingLevel = 2,
}: {
  fund: TFundCard;
  /** The card title's heading level (3 under a section's own heading). */
  headingLevel?: 2 | 3;
  /** Above the fold: load at once (the first one with high priority). */
  eager?: boolean;
  priority?: boolean;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const { t } = useI18n();
  return (
    <article className="card h-full overflow-hidden border border-base-200 bg-base-100 shadow-sm transition hover:shadow-md">
      <figure className="aspect-[8/5] bg-base-200">
        <FundImage
          src={fund.image}
          srcSet={srcsetFor(fund.image)}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          alt=""
          width={800}
          height={500}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <FundBadges fund={fund} size="sm" />
        <Heading className="card-title text-lg leading-snug">{fund.name}</Heading>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/75">{t('Raised by')}</dt>
          <dd className="font-medium">{fund.raiserName}</dd>
          <dt className="text-base-content/75">{t('Fund raised')}</dt>
          <dd className="font-semibold text-emerald-800">
            <Money poisha={fund.raisedPoisha} />
          </dd>
          <dt className="text-base-content/75">{t('Goal')}</dt>
          <dd className="font-medium">
            <Money poisha={fund.goalPoisha} />
          </dd>
        </dl>
        <RaisedProgress raisedPoisha={fund.raisedPoisha} goalPoisha={fund.goalPoisha} />
        <div className="card-actions mt-auto">
          <ViewFundLink fund={fund} className="btn btn-primary btn-block" />
        </div>
      </div>
    </article>
  );
}
