import { useQuery } from '@tanstack/react-query';
import type { DecisionStatus } from '@easyfund/shared/constants';
import { linkParts } from '@easyfund/shared/links';
import type { TAdminFundUpdate } from '@easyfund/shared/schemas/updates';
import { updatesForReviewQuery, useDecideFundUpdate } from '../../../api/updates';
import { PagedTable } from '../../../components/paged-table';
import { StatusBadge } from '../../../components/status-badge';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { popup } from '../../../lib/popups';
import { PostedFundCells } from './posted-fund-cells';
import { DecisionQueueHeader, useQueueList } from './queue-header';
import { DecisionControls } from './decision-controls';

/**
 * A fund's first update waits here until an admin approves it (it is then published and
 * e-mailed to the donors who asked for news) or denies it; later updates need no review.
 */
export function PendingUpdates() {
  const { t } = useI18n();
  const { status, page, setPage, showList } = useQueueList<DecisionStatus>(
    'pending',
    'updatesPage',
  );
  const list = useQuery(updatesForReviewQuery(status, page));
  const decideUpdate = useDecideFundUpdate();

  const decide = async (u: TAdminFundUpdate, next: 'approved' | 'denied', feedback: string) => {
    try {
      await decideUpdate.mutateAsync({ id: u.id, status: next, feedback });
      if (next === 'approved') void popup.success('Update published');
      else void popup.success('Update denied');
    } catch (err) {
      await popup.failure(messageOf(err));
    }
  };

  return (
    <section aria-labelledby="first-updates-heading" className="mb-10">
      <DecisionQueueHeader
        id="first-updates-heading"
        title={t("Funds' first updates")}
        total={list.data?.total}
        capped={list.data?.capped}
        groupLabel={t('Which updates')}
        status={status}
        onStatus={showList}
      />
      <PagedTable
        query={list}
        label={t("Funds' first updates")}
        pagesLabel={t('Update pages')}
        empty={status === 'pending' ? t('No updates wait for review.') : t('No updates yet.')}
        columns={[t('Posted'), t('Fund'), t('Update'), t('Status'), t('Feedback and decision')]}
        onPage={setPage}
        row={(u) => (
          <tr key={u.id}>
            <PostedFundCells item={u} />
            <td className="max-w-md whitespace-pre-line break-words">
              {/* Addresses as the page shows them, with the full target beside each. */}
              {linkParts(u.body).map((part, i) =>
                'text' in part ? (
                  part.text
                ) : (
                  <span key={i} className="font-medium">
                    {part.label} <span className="text-xs break-all">({part.href})</span>
                  </span>
                ),
              )}
              {u.image && (
                <img src={u.image} alt="" className="mt-2 h-20 w-32 rounded object-cover" />
              )}
            </td>
            <td>
              <StatusBadge status={u.status} />
            </td>
            <td>
              <DecisionControls
                key={`${u.id}-${u.status}`}
                subject={u.fund.name}
                status={u.status}
                feedback={u.feedback}
                onDecide={(next, feedback) => decide(u, next, feedback)}
              />
            </td>
          </tr>
        )}
      />
    </section>
  );
}
