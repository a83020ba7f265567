import { Link } from '../../../lib/link';
import { causeTitle } from '@easyfund/shared/constants';
import type { TFundPublic } from '@easyfund/shared/schemas/funds';
import { Money } from '../../../components/money';
import { RaisedProgress } from '../../../components/raised-progress';
import { useI18n } from '../../../lib/i18n';
import { FundCover } from '../../../components/fund-cover';
import { paths } from '../../../lib/paths';

/** What the donor is paying for: the fund, its raiser and its progress. */
export function FundSummary({ fund }: { fund: TFundPublic }) {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="pay-fund-name"
      className="card self-start overflow-hidden border border-base-200 bg-base-100 shadow-sm"
    >
      <FundCover
        figureClassName="bg-base-200"
        src={fund.image}
        alt={t('Illustration for {{name}}', { name: fund.name })}
      />
      <div className="card-body gap-3">
        <span className="badge badge-outline text-base-content/80">
          {t(causeTitle(fund.cause))}
        </span>
        <h2 id="pay-fund-name" className="card-title text-xl">
          <Link to={paths.fund(fund.id)} className="link-hover">
            {fund.name}
          </Link>
        </h2>
        <p className="text-base-content/80">
          {t('Raised by')}{' '}
          <span className="font-semibold text-base-content">{fund.raiserName}</span>
        </p>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-base-content/75">{t('Fund raised')}</dt>
            <dd className="font-bold">
              <Money poisha={fund.raisedPoisha} />
            </dd>
          </div>
          <div>
            <dt className="text-base-content/75">{t('Goal')}</dt>
            <dd className="font-bold">
              <Money poisha={fund.goalPoisha} />
            </dd>
          </div>
        </dl>
        <RaisedProgress raisedPoisha={fund.raisedPoisha} goalPoisha={fund.goalPoisha} />
      </div>
    </section>
  );
}
