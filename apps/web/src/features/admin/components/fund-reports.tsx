import { useQuery } from '@tanstack/react-query';
import { REPORT_REASON_LABELS } from '@easyfund/shared/reports';
import { reportsQuery, useResolveReport } from '../../../api/reports';
import { PagedTable } from '../../../components/paged-table';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { popup } from '../../../lib/popups';
import { PostedFundCells } from './posted-fund-cells';
import { QueueHeader, useQueueList } from './queue-header';

/** The admins' queue of "Report this fund": open reports (or resolved ones), newest first. */
/** The two lists an admin switches between. */
const REPORT_STATES = ['open', 'resolved'] as const;

export function FundReports() {
  const { t } = useI18n();
  const { status, page, setPage, showList } = useQueueList<'open' | 'resolved'>(
    'open',
    'reportsPage',
  );
  const list = useQuery(reportsQuery(status, page));
  const resolve = useResolveReport();
  const act = async (id: string, next: 'open' | 'resolved') => {
    try {
      await resolve.mutateAsync({ id, status: next });
    } catch (err) {
      await popup.failure(messageOf(err));
    }
  };
  return (
    <section aria-labelledby="reports-heading" className="mb-10">
      <QueueHeader
        id="reports-heading"
        title={t('Reported funds')}
        total={list.data?.total}
        capped={list.data?.capped}
        groupLabel={t('Which reports')}
        states={REPORT_STATES}
        status={status}
        onStatus={showList}
        labelOf={(s) => (s === 'open' ? t('Open') : t('Resolved'))}
      />
      <PagedTable
        query={list}
        label={t('Reported funds')}
        pagesLabel={t('Report pages')}
        empty={status === 'open' ? t('No open reports.') : t('No resolved reports.')}
        columns={[t('Received'), t('Fund'), t('Reason'), t('Details'), t('Reported by'), '']}
        onPage={setPage}
        row={(r) => (
          <tr key={r.id}>
            <PostedFundCells item={r} />
            <td>{t(REPORT_REASON_LABELS[r.reason])}</td>
            <td className="max-w-md whitespace-pre-line">{r.details}</td>
            <td>
              {r.reporter ? (
                <>
                  {r.reporter.name}
                  <span className="block text-xs text-base-content/80">{r.reporter.email}</span>
                </>
              ) : (
                '—'
              )}
            </td>
            <td>
              <button
                type="button"
                className="btn btn-sm btn-outline"
                disabled={resolve.isPending}
                onClick={() => void act(r.id, r.status === 'open' ? 'resolved' : 'open')}
              >
                {r.status === 'open' ? t('Mark resolved') : t('Open again')}
                <span className="sr-only"> ({r.fund.name})</span>
              </button>
            </td>
          </tr>
        )}
      />
    </section>
  );
}
