import { useQuery } from '@tanstack/react-query';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import type { TAdminWithdrawal } from '@easyfund/shared/schemas/withdrawals';
import { fundStatementUrl } from '../../../api/receipts';
import { useDecideWithdrawal, useRecordPayout, withdrawalsQuery } from '../../../api/withdrawals';
import { PagedTable } from '../../../components/paged-table';
import { ReportDueLine } from '../../../components/report-due-badge';
import { StatusBadge } from '../../../components/status-badge';
import { useI18n } from '../../../lib/i18n';
import { PAYOUT_METHOD_LABEL } from '../../../lib/payout-methods';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { usePageParam } from '../../../lib/use-page-param';
import { decisionSender, ItemDecision } from '../components/decision-controls';
import { PayoutPageHeading } from '../components/payout-page-heading';
import { type PayoutBody, PayoutControls } from '../components/payout-controls';
import { PendingSpendingReports } from '../components/pending-spending-reports';

const WITHDRAWAL_UPDATED = 'Withdrawal Updated Successfully';
const PAYOUT_RECORDED = 'Payout recorded';

/** /dashboard/admin/managewithdrawals: raisers' withdrawal requests. */
export function ManageWithdrawalsPage() {
  usePageTitle(PAGE_TITLES.manageWithdrawals);
  const [page, setPage] = usePageParam();
  const list = useQuery(withdrawalsQuery(page));
  const recordPayout = useRecordPayout();
  const { t, tk, dateTime } = useI18n();

  const decide = decisionSender(useDecideWithdrawal(), WITHDRAWAL_UPDATED);

  const record = async (w: TAdminWithdrawal, body: PayoutBody) => {
    try {
      await recordPayout.mutateAsync({ id: w.id, version: w.version, ...body });
      void popup.success(PAYOUT_RECORDED);
    } catch (err) {
      await popup.decisionFailed(err);
      throw err;
    }
  };

  return (
    <section className="mx-auto max-w-7xl">
      <PayoutPageHeading page="withdrawals" />
      <PendingSpendingReports />
      <h2 className="mb-3 text-xl font-semibold">{t('Withdrawal requests')}</h2>
      <PagedTable
        query={list}
        label="Withdrawal requests"
        pagesLabel="Withdrawal pages"
        empty="No withdrawal requests yet."
        columns={[
          'Event Name',
          'Raiser',
          'Amount',
          'Fund raised',
          'Requested',
          'Status',
          'Feedback and decision',
          'Payout',
        ]}
        onPage={setPage}
        row={(w) => (
          <tr key={w.id}>
            <th scope="row" className="font-medium">
              {w.fundName}
              <a
                className="link block text-xs font-normal"
                href={fundStatementUrl(w.fundId)}
                download={`easyfund-fund-statement-${w.fundId}.pdf`}
                aria-label={t('Statement of {{name}} (PDF)', { name: w.fundName })}
              >
                {t('Statement (PDF)')}
              </a>
            </th>
            <td>
              {w.raiser.name}
              <span className="block text-xs text-base-content/80">{w.raiser.email}</span>
              {w.account && (
                <span className="block text-xs">
                  {t('To')}: {t(PAYOUT_METHOD_LABEL[w.account.kind])}{' '}
                  <span className="font-mono">{w.account.maskedNumber}</span> ·{' '}
                  {w.account.accountName}
                </span>
              )}
            </td>
            <td className="whitespace-nowrap">{tk(w.amountPoisha)}</td>
            <td className="whitespace-nowrap">{tk(w.fundRaisedPoisha)}</td>
            <td>{dateTime(w.createdAt)}</td>
            <td>
              <StatusBadge status={w.status} />
              <ReportDueLine due={w.reportDue} />
            </td>
            <td>
              <ItemDecision
                item={w}
                subject={t('the withdrawal of {{amount}} from {{fund}}', {
                  amount: tk(w.amountPoisha),
                  fund: w.fundName,
                })}
                decide={decide}
              />
            </td>
            <td>
              <PayoutControls
                key={`${w.id}-${w.status}`}
                withdrawal={w}
                onRecord={(body) => record(w, body)}
              />
            </td>
          </tr>
        )}
      />
    </section>
  );
}
