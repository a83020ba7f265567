import { useQuery } from '@tanstack/react-query';
import { srcsetFor } from '@easyfund/shared/images';
import type { TSpendingReport } from '@easyfund/shared/schemas/spending';
import { fundPayoutsQuery } from '../../../api/withdrawals';
import { SpendingLines } from '../../../components/spending-lines';
import { useI18n } from '../../../lib/i18n';
import { PAYOUT_METHOD_LABEL } from '../../../lib/payout-methods';

/** The figures above the payouts: what was raised, paid out, and what remains. */
const TOTALS = [
  { label: 'Raised', field: 'raisedPoisha', testId: 'payouts-raised' },
  { label: 'Paid out', field: 'paidOutPoisha', testId: 'payouts-paid' },
  { label: 'Remaining', field: 'remainingPoisha', testId: 'payouts-remaining' },
] as const;

/**
 * "Where the money went", for everyone: what the fund raised, what was paid out to its
 * organiser (each payout with its day and how it was sent) and what remains.
 */
export function FundPayouts({ fundId }: { fundId: string }) {
  const { t, tk, date } = useI18n();
  const payouts = useQuery(fundPayoutsQuery(fundId));

  return (
    <section className="mt-10" aria-labelledby="fund-payouts">
      <h2 id="fund-payouts" className="text-2xl font-bold">
        {t('Where the money went')}
      </h2>
      {payouts.isPending ? (
        <p className="mt-3 text-base-content/80">{t('Loading payouts…')}</p>
      ) : payouts.isError ? (
        <p className="mt-3 text-base-content/80">{t('The payouts could not be loaded.')}</p>
      ) : (
        <>
          <dl className="stats stats-vertical mt-4 w-full bg-base-200 sm:stats-horizontal">
            {TOTALS.map(({ label, field, testId }) => (
              <div key={testId} className="stat">
                <dt className="stat-title">{t(label)}</dt>
                <dd className="stat-value text-2xl" data-testid={testId}>
                  {tk(payouts.data[field])}
                </dd>
              </div>
            ))}
          </dl>
          {payouts.data.items.length === 0 ? (
            <p className="mt-3 text-base-content/80">
              {t('Nothing has been paid out to the organiser yet.')}
            </p>
          ) : (
            <ol className="mt-4 flex flex-col gap-2" aria-label={t('Payouts to the organiser')}>
              {payouts.data.items.map((p) => (
                <li
                  key={p.id}
                  className="flex flex-wrap justify-between gap-2 rounded-box bg-base-200 p-3"
                >
                  <span>
                    {t('Paid to the organiser on {{day}} by {{method}}', {
                      day: date(`${p.paidOn}T12:00:00+06:00`),
                      method: t(PAYOUT_METHOD_LABEL[p.method]),
                    })}
                  </span>
                  <strong>{tk(p.amountPoisha)}</strong>
                  {p.report && <SpendingReport report={p.report} />}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

/** A payout's published spending report: the organiser's text, its lines, total and photos. */
function SpendingReport({ report }: { report: TSpendingReport }) {
  const { t } = useI18n();
  return (
    <div className="w-full" data-testid="spending-report">
      <h3 className="font-semibold">{t('How it was spent')}</h3>
      <p className="mt-1 whitespace-pre-line break-words">{report.body}</p>
      <SpendingLines
        className="table table-sm mt-2"
        lines={report.lines}
        totalPoisha={report.totalPoisha}
      />
      {report.photos.length > 0 && (
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {report.photos.map((photo, i) => (
            <img
              key={photo}
              src={photo}
              srcSet={srcsetFor(photo)}
              sizes="(min-width: 640px) 200px, 50vw"
              alt={t('Receipt or work photo {{n}}', { n: i + 1 })}
              width={300}
              height={200}
              loading="lazy"
              decoding="async"
              className="h-auto w-full rounded-box object-cover"
            />
          ))}
        </div>
      )}
    </div>
  );
}
