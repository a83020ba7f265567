import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { causeTitle } from '@easyfund/shared/constants';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { MSG } from '@easyfund/shared/texts';
import { adminFundsQuery, useDecideFund } from '../../../api/funds';
import { fundIncomeQuery } from '../../../api/recurring';
import { FundImage } from '../../../components/fund-image';
import { PagedTable } from '../../../components/paged-table';
import { ReportDueLine } from '../../../components/report-due-badge';
import { StatusBadge } from '../../../components/status-badge';
import { useI18n } from '../../../lib/i18n';
import { TitledPage } from '../../../components/titled-page';
import { usePageParam } from '../../../lib/use-page-param';
import { decisionSender, ItemDecision } from '../components/decision-controls';
import { FundHistory } from '../components/fund-history';
import { FundRecurringIncome } from '../../../components/recurring-income';
import { HoldControls } from '../components/hold-controls';
import { PendingChange } from '../components/pending-change';
import { PendingUpdates } from '../components/pending-updates';

/** /dashboard/admin/managerequestedfund: every fund, with Approved / Deny on requests. */
export function ManageRequestedFundPage() {
  const [page, setPage] = usePageParam();
  const list = useQuery(adminFundsQuery(page));
  const [open, setOpen] = useState<string | null>(null);
  const { t, tn, tk } = useI18n();

  const decide = decisionSender(useDecideFund(), MSG.fundUpdated);

  return (
    <TitledPage title={PAGE_TITLES.manageRequestedFund} className="mx-auto max-w-7xl" centered>
      <PendingUpdates />
      <PagedTable
        query={list}
        label="Funds"
        pagesLabel="Fund pages"
        empty="No funds yet."
        columns={[
          'Image',
          'Event Name',
          'Raiser',
          'Goal',
          'Raised',
          'Status',
          'Feedback and decision',
          'History',
        ]}
        onPage={setPage}
        row={(f) => (
          <Fragment key={f.id}>
            <tr>
              <td>
                <FundImage src={f.image} alt="" className="h-14 w-20 rounded object-cover" />
              </td>
              <th scope="row" className="max-w-xs font-medium">
                {f.name}
                <span className="block text-xs font-normal text-base-content/80">
                  {t(causeTitle(f.cause))} ·{' '}
                  {t('suggested {{amount}}', { amount: tk(f.suggestedPoisha) })}
                </span>
                <details className="text-xs font-normal">
                  <summary className="cursor-pointer">{t('Description')}</summary>
                  <p className="whitespace-pre-line">{f.description}</p>
                </details>
                <div className="mt-2 text-xs font-normal">
                  <PendingChange fund={f} />
                </div>
              </th>
              <td>
                {f.raiser.name}
                <span className="block text-xs break-all text-base-content/80">
                  {f.raiser.email}
                </span>
              </td>
              <td className="whitespace-nowrap">{tk(f.goalPoisha)}</td>
              <td className="whitespace-nowrap">
                {tk(f.raisedPoisha)}
                <span className="block text-xs text-base-content/80">
                  {tn('{{n}} donations', f.donationCount)}
                </span>
              </td>
              <td>
                <StatusBadge status={f.status} />
                <ReportDueLine due={f.reportDue} />
              </td>
              <td>
                <ItemDecision item={f} subject={f.name} decide={decide} />
                <div className="mt-3">
                  <HoldControls fund={f} />
                </div>
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-expanded={open === f.id}
                  onClick={() => setOpen(open === f.id ? null : f.id)}
                >
                  {open === f.id ? t('Hide') : t('Show')}
                  <span className="sr-only"> {t('the history of {{name}}', { name: f.name })}</span>
                </button>
              </td>
            </tr>
            {open === f.id && (
              <tr>
                <td colSpan={8}>
                  <div className="flex flex-col gap-4">
                    <FundRecurringIncome name={f.name} query={fundIncomeQuery(f.id)} />
                    <FundHistory fundId={f.id} />
                  </div>
                </td>
              </tr>
            )}
          </Fragment>
        )}
      />
    </TitledPage>
  );
}
