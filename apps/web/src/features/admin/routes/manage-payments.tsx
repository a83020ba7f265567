import { useQuery } from '@tanstack/react-query';
import { PAYMENT_METHOD_NAMES } from '@easyfund/shared/constants';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import type { THeldPayment } from '@easyfund/shared/schemas/donations';
import { heldPaymentsQuery, useReviewPayment } from '../../../api/payments';
import { PagedTable } from '../../../components/paged-table';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { usePageParam } from '../../../lib/use-page-param';

/** /dashboard/admin/managepayments: payments the gateway flagged as risky, for a decision. */
export function Component() {
  usePageTitle(PAGE_TITLES.managePayments);
  const { t, tk, dateTime } = useI18n();
  const [page, setPage] = usePageParam();
  const list = useQuery(heldPaymentsQuery(page));
  const review = useReviewPayment();

  const decide = async (p: THeldPayment, decision: 'approve' | 'refund') => {
    const values = { amount: tk(p.amountPoisha), donor: p.donorName, fund: p.fundName };
    const ok =
      decision === 'approve'
        ? await popup.confirm(
            'Approve this payment?',
            'Count {{amount}} from {{donor}} to {{fund}} as a donation?',
            'Approve',
            values,
          )
        : await popup.confirm(
            'Refund this payment?',
            'Refund {{amount}} to {{donor}} through the gateway?',
            'Refund',
            values,
          );
    if (!ok) return;
    try {
      await review.mutateAsync({ paymentId: p.id, decision });
      void popup.success(decision === 'approve' ? 'Payment approved' : 'Payment refunded');
    } catch (err) {
      await popup.failure(messageOf(err));
    }
  };

  return (
    <section className="mx-auto max-w-7xl">
      <h1 className="mb-2 text-center text-3xl font-bold">{PAGE_TITLES.managePayments}</h1>
      <p className="mb-6 text-center text-base-content/80">
        {t(
          'Payments the gateway flagged as risky. They count only once approved; a refund returns the money through the gateway.',
        )}
      </p>
      <PagedTable
        query={list}
        label={t('Payments held for review')}
        pagesLabel={t('Held payment pages')}
        empty={t('No payments are waiting for a review.')}
        columns={[
          t('Event Name'),
          t('Donor'),
          t('Amount'),
          t('Method'),
          t('Transaction ID'),
          t('Time'),
          t('Decision'),
        ]}
        onPage={setPage}
        row={(p) => (
          <tr key={p.id}>
            <th scope="row" className="font-medium">
              {p.fundName}
            </th>
            <td>
              {p.donorName}
              <span className="block text-xs text-base-content/80">{p.donorEmail}</span>
            </td>
            <td>{tk(p.amountPoisha)}</td>
            <td>{PAYMENT_METHOD_NAMES[p.method]}</td>
            <td className="font-mono text-xs break-all">{p.transactionId}</td>
            <td>{dateTime(p.createdAt)}</td>
            <td>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-sm btn-success"
                  disabled={review.isPending}
                  onClick={() => void decide(p, 'approve')}
                >
                  {t('Approve')}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-error"
                  disabled={review.isPending}
                  onClick={() => void decide(p, 'refund')}
                >
                  {t('Refund')}
                </button>
              </div>
            </td>
          </tr>
        )}
      />
    </section>
  );
}
