import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/link';
import { causeTitle } from '@easyfund/shared/constants';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import type { TAdminOverview } from '@easyfund/shared/schemas/overview';
import { adminOverviewQuery } from '../../../api/overview';
import { QueryState } from '../../../components/query-state';
import { TitledSection } from '../../../components/titled-section';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/title';
import { ReportDueBadge } from '../../../components/report-due-badge';
import { ExportForm } from '../components/export-form';
import { RamadanDates } from '../components/ramadan-dates';
import { SmsCosts } from '../components/sms-costs';

type I18n = ReturnType<typeof useI18n>;

/**
 * /dashboard/admin/overview: how giving goes and what waits for a decision. The charts
 * are a few lines of SVG drawn here (no chart library), so they cost this page's chunk
 * only; each has its numbers as a table for screen readers and for reading exactly.
 */
export function AdminOverviewPage() {
  const i18n = useI18n();
  const { t } = i18n;
  usePageTitle(PAGE_TITLES.adminOverview);
  const overview = useQuery(adminOverviewQuery);
  return (
    <section className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-center text-3xl font-bold">{t(PAGE_TITLES.adminOverview)}</h1>
      <QueryState query={overview} onRetry={() => void overview.refetch()}>
        {(data) => (
          <>
            <Totals data={data} i18n={i18n} />
            <Waiting data={data} i18n={i18n} />
            <PerDay data={data} i18n={i18n} />
            <PerCause data={data} i18n={i18n} />
          </>
        )}
      </QueryState>
      <SmsCosts />
      <ExportForm />
      <RamadanDates />
    </section>
  );
}

function Totals({ data, i18n }: { data: TAdminOverview; i18n: I18n }) {
  const { t, tk, number } = i18n;
  const cards = [
    [t('Today'), data.totals.today],
    [t('Last 30 days'), data.totals.last30Days],
    [t('All time'), data.totals.allTime],
  ] as const;
  return (
    <TitledSection id="totals-heading" className="mb-10" title={t('Donations')}>
      <div className="grid gap-4 sm:grid-cols-3">
        {cards.map(([label, total]) => (
          <div key={label} className="rounded-box border-base-300 border p-4">
            <p className="text-sm">{label}</p>
            <p className="text-2xl font-bold">{tk(total.amountPoisha)}</p>
            <p className="text-sm">
              {t('{{n}} donations', { count: total.count, n: number(total.count) })}
            </p>
          </div>
        ))}
      </div>
    </TitledSection>
  );
}

function Waiting({ data, i18n }: { data: TAdminOverview; i18n: I18n }) {
  const { t, number } = i18n;
  const queues = [
    [t('Fund raiser applications'), data.waiting.applications, paths.manageVerification],
    [t('Fund requests'), data.waiting.fundRequests, paths.manageRequestedFund],
    [t('Fund changes'), data.waiting.fundChanges, paths.manageRequestedFund],
    [t('Withdrawal requests'), data.waiting.withdrawals, paths.manageWithdrawals],
    [t('Reported funds'), data.waiting.openReports, paths.messages],
    [t('Payments held for review'), data.waiting.needsReview, paths.heldPayments],
    [t('Spending reports'), data.waiting.spendingReports, paths.manageWithdrawals],
  ] as const;
  return (
    <TitledSection id="waiting-heading" className="mb-10" title={t('Waiting for a decision')}>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {queues.map(([label, n, to]) => (
          <li key={label}>
            {to ? (
              <Link
                to={to}
                className="rounded-box border-base-300 hover:bg-base-200 flex items-center justify-between border p-4"
              >
                <QueueCount label={label} n={number(n)} waiting={n > 0} />
              </Link>
            ) : (
              <div className="rounded-box border-base-300 flex items-center justify-between border p-4">
                <QueueCount label={label} n={number(n)} waiting={n > 0} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {data.reportsDue > 0 && (
        <p className="mt-3 flex flex-wrap items-center gap-2" data-testid="reports-due">
          <ReportDueBadge />
          <Link to={paths.manageRequestedFund} className="link">
            {t('Funds with a spending report due (30 days after a payout): {{n}}', {
              n: number(data.reportsDue),
            })}
          </Link>
        </p>
      )}
    </TitledSection>
  );
}

function QueueCount({ label, n, waiting }: { label: string; n: string; waiting: boolean }) {
  return (
    <>
      <span>{label}</span>
      <span className={`badge ${waiting ? 'badge-warning' : 'badge-ghost'}`}>{n}</span>
    </>
  );
}

const W = 720;
const H = 200;

function PerDay({ data, i18n }: { data: TAdminOverview; i18n: I18n }) {
  const { t, tk, number, date } = i18n;
  const days = data.perDay;
  const max = Math.max(1, ...days.map((d) => d.amountPoisha));
  const bar = W / Math.max(1, days.length);
  const total = days.reduce((s, d) => s + d.amountPoisha, 0);
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  return (
    <figure aria-labelledby="per-day-heading" className="mb-10">
      <h2 id="per-day-heading" className="mb-3 text-xl font-semibold">
        {t('Donations per day, last 90 days')}
      </h2>
      <svg
        viewBox={`0 0 ${W} ${H + 20}`}
        className="w-full"
        role="img"
        aria-label={t(
          'Bar chart: {{total}} from {{from}} to {{to}}; the table below has each day',
          {
            total: tk(total),
            from: date(first),
            to: date(last),
          },
        )}
      >
        <line x1={0} y1={H} x2={W} y2={H} className="stroke-base-content/40" />
        {days.map((d, i) => {
          const h = (d.amountPoisha / max) * (H - 10);
          return (
            <rect
              key={d.day}
              x={i * bar + 1}
              y={H - h}
              width={Math.max(1, bar - 2)}
              height={h}
              className="fill-primary"
            >
              <title>{`${date(d.day)}: ${tk(d.amountPoisha)}`}</title>
            </rect>
          );
        })}
        <text x={0} y={H + 15} fontSize={12} className="fill-base-content">
          {date(first)}
        </text>
        <text x={W} y={H + 15} fontSize={12} textAnchor="end" className="fill-base-content">
          {date(last)}
        </text>
      </svg>
      <details className="mt-2">
        <summary className="cursor-pointer">{t('Show the numbers')}</summary>
        <div className="max-h-80 overflow-auto">
          <table className="table-sm table">
            <caption className="sr-only">{t('Donations per day, last 90 days')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Day')}</th>
                <th scope="col">{t('Donations')}</th>
                <th scope="col">{t('Amount')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{date(d.day)}</th>
                  <td>{number(d.count)}</td>
                  <td>{tk(d.amountPoisha)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function PerCause({ data, i18n }: { data: TAdminOverview; i18n: I18n }) {
  const { t, tk, number } = i18n;
  const max = Math.max(1, ...data.perCause.map((c) => c.amountPoisha));
  return (
    <TitledSection id="per-cause-heading" className="mb-10" title={t('Donations per cause')}>
      {/* A table whose amount cells carry a proportional bar: the chart and its text at once. */}
      <table className="table">
        <caption className="sr-only">{t('Donations per cause')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Cause')}</th>
            <th scope="col">{t('Donations')}</th>
            <th scope="col">{t('Amount')}</th>
            <th scope="col" className="w-1/2">
              <span className="sr-only">{t('Share')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.perCause.map((c) => (
            <tr key={c.cause}>
              <th scope="row">{t(causeTitle(c.cause))}</th>
              <td>{number(c.count)}</td>
              <td className="whitespace-nowrap">{tk(c.amountPoisha)}</td>
              <td aria-hidden="true">
                <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full">
                  <rect
                    x={0}
                    y={0}
                    height={10}
                    width={(c.amountPoisha / max) * 100}
                    className="fill-secondary"
                  />
                </svg>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TitledSection>
  );
}
