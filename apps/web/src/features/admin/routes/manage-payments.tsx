import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_METHOD_NAMES } from '@easyfund/shared/constants';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import type { THeldPayment } from '@easyfund/shared/schemas/payments';
import { heldPaymentsQuery, useReviewPayment, useSearchPayments } from '../../../api/payments';
import { ActionButton } from '../../../components/action-button';
import { PagedTable, type PagedTableProps } from '../../../components/paged-table';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { HELD_PAYMENTS_ID } from '../../../lib/paths';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { usePageParam } from '../../../lib/use-page-param';
import { PAYMENT_STATUS_LABELS, PaymentDetail } from '../components/payment-detail';

/**
 * /dashboard/admin/managepayments: payments the gateway flagged as risky, for a decision;
 * then every payment, searchable, with its detail and refunds.
 */
export function ManagePaymentsPage() {
  usePageTitle(PAGE_TITLES.managePayments);
  return (
    <section className="mx-auto flex max-w-7xl flex-col gap-10">
      <HeldPayments />
      <AllPayments />
    </section>
  );
}

function HeldPayments() {
  const { t, tk, dateTime } = useI18n();
  const [page, setPage] = usePageParam();
  const list = useQuery(heldPaymentsQuery(page));
  const review = useReviewPayment();

  const decide = async (p: THeldPayment, decision: 'approve' | 'refund') => {
    // What the provider took is what counts, or what goes back (decision 248).
    const taken = p.providerAmountPoisha ?? p.amountPoisha;
    const values = { amount: tk(taken), donor: p.donorName, fund: p.fundName };
    const reason =
      decision === 'approve'
        ? await popup.confirmWithReason(
            'Approve this payment?',
            'Count {{amount}} from {{donor}} to {{fund}} as a donation?',
            'Approve',
            values,
          )
        : await popup.confirmWithReason(
            'Refund this payment?',
            'Refund {{amount}} to {{donor}} through the gateway?',
            'Refund',
            values,
          );
    if (reason === null) return;
    try {
      await review.mutateAsync({ paymentId: p.id, decision, reason });
      void popup.success(decision === 'approve' ? 'Payment approved' : 'Payment refunded');
    } catch (err) {
      await popup.failure(messageOf(err));
    }
  };

  return (
    <div id={HELD_PAYMENTS_ID} className="scroll-mt-20">
      <h1 className="mb-2 text-center text-3xl font-bold">{PAGE_TITLES.managePayments}</h1>
      <p className="mb-6 text-center text-base-content/80">
        {t(
          'Payments held for review: flagged as risky, or the provider took another amount than asked. They count only once approved, at what the provider took; a refund returns that money through the provider.',
        )}
      </p>
      <PaymentsTable
        query={list}
        label={t('Payments held for review')}
        pagesLabel={t('Held payment pages')}
        empty={t('No payments are waiting for a review.')}
        columns={[
          t('Amount'),
          t('Taken by the provider'),
          t('Method'),
          t('Transaction ID'),
          t('Time'),
          t('Decision'),
        ]}
        onPage={setPage}
        cells={(p) => (
          <>
            <td>{tk(p.amountPoisha)}</td>
            <td>{p.providerAmountPoisha === null ? '—' : tk(p.providerAmountPoisha)}</td>
            <td>{PAYMENT_METHOD_NAMES[p.method]}</td>
            <td className="font-mono text-xs break-all">{p.transactionId}</td>
            <td>{dateTime(p.createdAt)}</td>
            <td>
              <div className="flex flex-wrap gap-2">
                <ActionButton
                  className="btn btn-sm btn-success"
                  busy={review.isPending}
                  onClick={() => void decide(p, 'approve')}
                >
                  {t('Approve')}
                </ActionButton>
                <ActionButton
                  className="btn btn-sm btn-outline btn-error"
                  busy={review.isPending}
                  onClick={() => void decide(p, 'refund')}
                >
                  {t('Refund')}
                </ActionButton>
              </div>
            </td>
          </>
        )}
      />
    </div>
  );
}

/** Every payment, newest first; a search finds one by receipt, transaction, donor or fund. */
function AllPayments() {
  const { t, tk, dateTime } = useI18n();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const selected = params.get('payment');
  const [page, setPage] = usePageParam('paymentsPage');
  const [draft, setDraft] = useState(q);
  const list = useSearchPayments(q, page);
  const detailRef = useRef<HTMLDivElement>(null);

  const setParam = (name: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      if (name === 'q') next.delete('paymentsPage');
      return next;
    });

  useEffect(() => {
    if (selected) detailRef.current?.focus();
  }, [selected]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setParam('q', draft.trim() || null);
  };

  return (
    <div>
      <h2 className="mb-4 text-center text-2xl font-bold">{t('All payments')}</h2>
      <form role="search" className="mb-4 flex flex-wrap items-end gap-2" onSubmit={search}>
        <label className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="text-sm font-medium">
            {t('Receipt number, transaction ID, donor or fund')}
          </span>
          <input
            type="search"
            className="input input-bordered w-full"
            maxLength={200}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary">
          {t('Search')}
        </button>
      </form>
      {selected && (
        <div
          ref={detailRef}
          tabIndex={-1}
          role="region"
          aria-label={t('Payment detail')}
          className="mb-6 rounded-box bg-base-100 p-4 shadow"
        >
          <div className="mb-3 flex items-center justify-between gap-2">
            <h3 className="text-lg font-bold">{t('Payment detail')}</h3>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setParam('payment', null)}
            >
              {t('Close')}
            </button>
          </div>
          <PaymentDetail paymentId={selected} />
        </div>
      )}
      <PaymentsTable
        query={list}
        label={t('All payments')}
        pagesLabel={t('Payment pages')}
        empty={t('No payment matches.')}
        columns={[t('Amount'), t('Status'), t('Receipt'), t('Time'), t('Details')]}
        onPage={setPage}
        cells={(p) => (
          <>
            <td className="whitespace-nowrap">
              {tk(p.amountPoisha)}
              {p.refundedPoisha > 0 && p.status !== 'refunded' && (
                <span className="block text-xs text-base-content/80">
                  {t('Refunded {{amount}}', { amount: tk(p.refundedPoisha) })}
                </span>
              )}
            </td>
            <td>
              {p.status === 'succeeded' && p.refundedPoisha > 0
                ? t('Partly refunded')
                : t(PAYMENT_STATUS_LABELS[p.status])}
            </td>
            <td className="font-mono text-xs">{p.receiptNumber ?? '—'}</td>
            <td>{dateTime(p.createdAt)}</td>
            <td>
              <button
                type="button"
                className="btn btn-sm btn-outline"
                aria-label={t('Details of the payment of {{amount}} by {{donor}}', {
                  amount: tk(p.amountPoisha),
                  donor: p.donorName,
                })}
                onClick={() => setParam('payment', p.id)}
              >
                {t('Details')}
              </button>
            </td>
          </>
        )}
      />
    </div>
  );
}

/** A payment's leading cells: its fund, and its donor with their e-mail. */
interface PaymentRow {
  id: string;
  fundName: string;
  donorName: string;
  donorEmail: string;
}

/** A page of payments for admins: each row leads with the fund and the donor, then `cells`. */
function PaymentsTable<P extends PaymentRow>({
  columns,
  cells,
  ...table
}: Omit<PagedTableProps<P>, 'row'> & { cells: (p: P) => ReactNode }) {
  const { t } = useI18n();
  return (
    <PagedTable
      {...table}
      columns={[t('Event Name'), t('Donor'), ...columns]}
      row={(p) => (
        <tr key={p.id}>
          <th scope="row" className="font-medium">
            {p.fundName}
          </th>
          <td>
            {p.donorName}
            <span className="block text-xs text-base-content/80">{p.donorEmail}</span>
          </td>
          {cells(p)}
        </tr>
      )}
    />
  );
}
