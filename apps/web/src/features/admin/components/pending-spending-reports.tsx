import { useQuery } from '@tanstack/react-query';
import type { DecisionStatus } from '@easyfund/shared/constants';
import { srcsetFor } from '@easyfund/shared/images';
import type { TAdminSpendingReport } from '@easyfund/shared/schemas/spending';
import { spendingReportsForReviewQuery, useDecideSpendingReport } from '../../../api/spending';
import { SpendingLines } from '../../../components/spending-lines';
import { useI18n } from '../../../lib/i18n';
import { popup } from '../../../lib/popups';
import { PostedFundCells } from './posted-fund-cells';
import { DecisionTable } from './decision-table';
import { DecisionQueueHeader, useQueueList } from './queue-header';

const DENY_TITLE = 'Deny this spending report?';
const DENY_TEXT = 'The raiser reads your reason by e-mail and may post a new report.';

/**
 * Raisers' spending reports of paid payouts wait here until an admin approves one (it is
 * then public under "Where the money went" and e-mailed to the donors who asked for news)
 * or denies it with a reason for the raiser.
 */
export function PendingSpendingReports() {
  const { t, date, tk } = useI18n();
  const { status, page, setPage, showList } = useQueueList<DecisionStatus>(
    'pending',
    'reportsPage',
  );
  const list = useQuery(spendingReportsForReviewQuery(status, page));
  const decideReport = useDecideSpendingReport();

  const decide = async (r: TAdminSpendingReport, next: 'approved' | 'denied', feedback: string) => {
    if (next === 'denied' && !(await popup.confirm(DENY_TITLE, DENY_TEXT, 'Deny'))) return;
    try {
      await decideReport.mutateAsync({ id: r.id, status: next, feedback, version: r.version });
      if (next === 'approved') void popup.success('Spending report published');
      else void popup.success('Spending report denied');
    } catch (err) {
      await popup.decisionFailed(err);
    }
  };

  return (
    <section aria-labelledby="spending-reports-heading" className="mb-10">
      <DecisionQueueHeader
        id="spending-reports-heading"
        title={t('Spending reports')}
        total={list.data?.total}
        capped={list.data?.capped}
        groupLabel={t('Which spending reports')}
        status={status}
        onStatus={showList}
      />
      <DecisionTable
        query={list}
        label={t('Spending reports')}
        pagesLabel={t('Spending report pages')}
        empty={
          status === 'pending'
            ? t('No spending reports wait for review.')
            : t('No spending reports yet.')
        }
        decisionColumn="Decision"
        columns={[t('Posted'), t('Fund'), t('Payout'), t('Report')]}
        onPage={setPage}
        subject={(r) => t('the spending report of {{fund}}', { fund: r.fund.name })}
        decide={decide}
        cells={(r) => (
          <>
            <PostedFundCells item={r} />
            <td className="whitespace-nowrap">
              {tk(r.payout.amountPoisha)}
              {r.payout.paidOn && (
                <span className="block text-xs text-base-content/80">
                  {t('paid on {{day}}', { day: date(`${r.payout.paidOn}T12:00:00+06:00`) })}
                </span>
              )}
            </td>
            <td className="max-w-md">
              <ReportBody report={r} />
            </td>
          </>
        )}
      />
    </section>
  );
}

/** What the raiser wrote: the text, each line with its amount, the total and the photos. */
function ReportBody({ report }: { report: TAdminSpendingReport }) {
  const { t } = useI18n();
  const overPayout = report.totalPoisha > report.payout.amountPoisha;
  return (
    <div className="flex flex-col gap-2">
      <p className="whitespace-pre-line break-words">{report.body}</p>
      <SpendingLines
        className="table table-xs"
        caption={t('Amounts by line')}
        lines={report.lines}
        totalPoisha={report.totalPoisha}
      />
      {overPayout && (
        <span className="badge badge-warning badge-sm">{t('More than the payout')}</span>
      )}
      {report.photos.length > 0 && (
        <div className="grid grid-cols-3 gap-1">
          {report.photos.map((photo, i) => (
            <a key={photo} href={photo} target="_blank" rel="noreferrer">
              <img
                src={photo}
                srcSet={srcsetFor(photo)}
                sizes="96px"
                alt={t('Receipt or work photo {{n}}', { n: i + 1 })}
                className="h-16 w-24 rounded object-cover"
              />
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
