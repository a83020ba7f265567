import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/link';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import type { TOwnFund } from '@easyfund/shared/schemas/funds';
import type { TWithdrawal } from '@easyfund/shared/schemas/withdrawals';
import { myDonationsCsvUrl } from '../../../api/downloads';
import { myFundsQuery } from '../../../api/funds';
import { fundStatementUrl } from '../../../api/receipts';
import { myWithdrawalsQuery } from '../../../api/withdrawals';
import { fundIncomeQuery } from '../../../api/recurring';
import { PageLoader } from '../../../components/page-loader';
import { PayoutReports } from '../components/payout-reports';
import { ReportDueLine } from '../../../components/report-due-badge';
import { FundRecurringIncome } from '../../../components/recurring-income';
import { StatusBadge } from '../../../components/status-badge';
import { TitledSection } from '../../../components/titled-section';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/title';

/** /dashboard/raisedfund: My Raised Fund (verified raisers). */
export function RaisedFundPage() {
  usePageTitle(PAGE_TITLES.raisedFund);
  const funds = useQuery(myFundsQuery);
  const withdrawals = useQuery(myWithdrawalsQuery);
  const { t, tk, number } = useI18n();
  if (funds.isPending || withdrawals.isPending) return <PageLoader />;
  if (funds.isError || withdrawals.isError) {
    return (
      <p role="alert" className="alert alert-error">
        {t(messageOf(funds.error ?? withdrawals.error))}
      </p>
    );
  }
  const data = funds.data;
  const totals = [
    [t('Total Fund Raised'), tk(data.totalRaisedPoisha), 'total-raised'],
    [t('Donations'), number(data.totalDonations), 'total-donations'],
    [t('Available to withdraw'), tk(data.availablePoisha), 'total-available'],
    [t('Approved, awaiting payout'), tk(data.heldForPayoutPoisha), 'total-held'],
    [t('Paid out'), tk(data.paidOutPoisha), 'total-paid-out'],
  ] as const;

  return (
    <section className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-center text-3xl font-bold">{t(PAGE_TITLES.raisedFund)}</h1>
      <p className="mb-4 text-right">
        <a className="btn btn-outline btn-sm" href={myDonationsCsvUrl()} download>
          {t('Download donations (CSV)')}
        </a>
      </p>
      <div className="stats stats-vertical mb-8 w-full bg-base-100 shadow md:stats-horizontal">
        {totals.map(([label, value, testId], i) => (
          <div key={testId} className="stat">
            <div className="stat-title text-base-content/80">{label}</div>
            <div
              className={i === 0 ? 'stat-value text-primary' : 'stat-value'}
              data-testid={testId}
            >
              {value}
            </div>
          </div>
        ))}
      </div>

      <h2 className="mb-3 text-xl font-semibold">{t('Your funds')}</h2>
      {data.items.length === 0 ? (
        <p className="rounded-box bg-base-100 p-6 text-center shadow">
          {t('You have not requested a fund yet.')}{' '}
          <Link to={paths.requestFund} className="link link-primary">
            {t(PAGE_TITLES.requestFund)}
          </Link>
        </p>
      ) : (
        <FundsTable funds={data.items} />
      )}

      {data.items.some((f) => f.status === 'approved') && (
        <TitledSection
          id="recurring-income"
          className="mt-10"
          title={t('Monthly and Ramadan gifts')}
          intro={t(
            'What donors give to your funds on a schedule: each month, or each day of Ramadan.',
          )}
        >
          <div className="flex flex-col gap-4">
            {data.items
              .filter((f) => f.status === 'approved')
              .map((f) => (
                <FundRecurringIncome key={f.id} name={f.name} query={fundIncomeQuery(f.id)} />
              ))}
          </div>
        </TitledSection>
      )}

      <h2 className="mt-10 mb-3 text-xl font-semibold">{t('Withdrawal requests')}</h2>
      {withdrawals.data.items.length === 0 ? (
        <p className="rounded-box bg-base-100 p-6 text-center shadow">
          {t('No withdrawal requests yet.')}
        </p>
      ) : (
        <WithdrawalsTable items={withdrawals.data.items} />
      )}

      <PayoutReports withdrawals={withdrawals.data.items} />
    </section>
  );
}

function FundsTable({ funds }: { funds: TOwnFund[] }) {
  const { t, tk, number, digits } = useI18n();
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow">
      <table className="table" aria-label={t('Your funds')}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('Event Name')}</th>
            <th scope="col">{t('Total Paid')}</th>
            <th scope="col">{t('Total Fund Raised')}</th>
            <th scope="col">{t('Status')}</th>
            <th scope="col">{t('Feedback')}</th>
            <th scope="col">{t('Update')}</th>
            <th scope="col">{t('Withdraw')}</th>
          </tr>
        </thead>
        <tbody>
          {funds.map((f, i) => (
            <tr key={f.id}>
              <td>{digits(i + 1)}</td>
              <th scope="row" className="font-medium">
                {f.name}
                <ReportDueLine due={f.reportDue} />
              </th>
              <td>{number(f.donationCount)}</td>
              <td>
                {tk(f.raisedPoisha)}
                <span className="block text-xs text-base-content/80">
                  {t('available {{amount}}', { amount: tk(f.availablePoisha) })}
                </span>
              </td>
              <td>
                <StatusBadge status={f.status} />
              </td>
              <td className="max-w-xs whitespace-pre-line">{f.feedback ?? '—'}</td>
              <td>
                <Link
                  to={paths.updateFund(f.id)}
                  className="btn btn-sm btn-outline"
                  aria-label={t('Update {{name}}', { name: f.name })}
                >
                  {t('Update')}
                </Link>
              </td>
              <td>
                {f.availablePoisha > 0 ? (
                  <Link
                    to={paths.withdraw(f.id)}
                    className="btn btn-sm btn-primary"
                    aria-label={t('Withdraw from {{name}}', { name: f.name })}
                  >
                    {t('Withdraw')}
                  </Link>
                ) : (
                  // Nothing to withdraw (nothing raised, or all of it requested already).
                  <span
                    className="btn btn-sm btn-disabled"
                    role="link"
                    aria-disabled="true"
                    title={t('Nothing to withdraw yet')}
                    aria-label={t('Withdraw from {{name}}: nothing to withdraw yet', {
                      name: f.name,
                    })}
                  >
                    {t('Withdraw')}
                  </span>
                )}
                <a
                  className="link mt-1 block text-sm"
                  href={fundStatementUrl(f.id)}
                  download={`easyfund-fund-statement-${f.id}.pdf`}
                  aria-label={t('Statement of {{name}} (PDF)', { name: f.name })}
                >
                  {t('Statement (PDF)')}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WithdrawalsTable({ items }: { items: TWithdrawal[] }) {
  const { t, tk, dateTime, date } = useI18n();
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow">
      <table className="table" aria-label={t('Withdrawal requests')}>
        <thead>
          <tr>
            <th scope="col">{t('Event Name')}</th>
            <th scope="col">{t('Amount')}</th>
            <th scope="col">{t('Requested')}</th>
            <th scope="col">{t('Status')}</th>
            <th scope="col">{t('Feedback')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((w) => (
            <tr key={w.id}>
              <th scope="row" className="font-medium">
                {w.fundName}
              </th>
              <td className="whitespace-nowrap">{tk(w.amountPoisha)}</td>
              <td>{dateTime(w.createdAt)}</td>
              <td>
                <StatusBadge status={w.status} />
                <ReportDueLine due={w.reportDue} />
              </td>
              <td className="max-w-xs whitespace-pre-line">
                {w.feedback ?? '—'}
                {w.payout && (
                  <span className="block text-sm">
                    {t('Paid on {{day}}, reference {{reference}}', {
                      day: date(`${w.payout.paidOn}T12:00:00+06:00`),
                      reference: w.payout.reference,
                    })}
                  </span>
                )}
                {w.outcomeReason && <span className="block text-sm">{w.outcomeReason}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
