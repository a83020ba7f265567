import { useQuery } from '@tanstack/react-query';
import { fundPayoutsQuery } from '../../../api/withdrawals';
import { useI18n } from '../../../lib/i18n';
import { PAYOUT_METHOD_LABEL } from '../../../lib/payout-methods';

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
            <div className="stat">
              <dt className="stat-title">{t('Raised')}</dt>
              <dd className="stat-value text-2xl" data-testid="payouts-raised">
                {tk(payouts.data.raisedPoisha)}
              </dd>
            </div>
            <div className="stat">
              <dt className="stat-title">{t('Paid out')}</dt>
              <dd className="stat-value text-2xl" data-testid="payouts-paid">
                {tk(payouts.data.paidOutPoisha)}
              </dd>
            </div>
            <div className="stat">
              <dt className="stat-title">{t('Remaining')}</dt>
              <dd className="stat-value text-2xl" data-testid="payouts-remaining">
                {tk(payouts.data.remainingPoisha)}
              </dd>
            </div>
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
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
