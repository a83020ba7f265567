import { type FormEvent, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_METHOD_NAMES, type PaymentStatus } from '@easyfund/shared/constants';
import type { TAdminPaymentDetail } from '@easyfund/shared/schemas/payments';
import { paymentDetailQuery, useRefundPayment } from '../../../api/payments';
import { creditNoteUrl } from '../../../api/receipts';
import { QueryState } from '../../../components/query-state';
import { CreditNoteLink } from '../../../components/refund-list';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { popup } from '../../../lib/popups';
import { RefundFields, useRefundFields } from './refund-fields';
import { PanelRefundForm } from './panel-refund-form';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  refunded: 'Refunded',
  needs_review: 'Held for review',
};

const REFUND_KIND_LABELS: Record<TAdminPaymentDetail['refunds'][number]['kind'], string> = {
  refund: 'Refund',
  dispute: 'Dispute',
  reinstated: 'Given back after a dispute',
};

/** A payment's detail for an admin: the donor, the receipt, its refunds and a refund form. */
export function PaymentDetail({ paymentId }: { paymentId: string }) {
  const { t } = useI18n();
  const detail = useQuery(paymentDetailQuery(paymentId));
  return (
    <QueryState query={detail}>
      {(p) => (
        <div className="flex flex-col gap-4">
          <Facts p={p} />
          <Refunds p={p} />
          {p.canRefund && p.refundablePoisha > 0 ? (
            <RefundForm p={p} />
          ) : (
            <p className="text-sm text-base-content/80">
              {p.status === 'succeeded' && p.refundablePoisha > 0
                ? t('This payment was made with another payment provider; refund it there.')
                : t('Nothing of this payment can be refunded.')}
            </p>
          )}
          {p.panelRefunds && <PanelRefundForm p={p} />}
        </div>
      )}
    </QueryState>
  );
}

function Facts({ p }: { p: TAdminPaymentDetail }) {
  const { t, tk, dateTime } = useI18n();
  const rows: [string, string][] = [
    [t('Event Name'), p.fundName],
    [t('Donor'), `${p.donorName} · ${p.donorEmail}`],
    [t('Amount'), tk(p.amountPoisha)],
    [
      t('Status'),
      p.status === 'succeeded' && p.refundedPoisha > 0
        ? t('Partly refunded')
        : t(PAYMENT_STATUS_LABELS[p.status]),
    ],
    [t('Method'), PAYMENT_METHOD_NAMES[p.method]],
    [t('Transaction ID'), p.transactionId],
    [t('Receipt'), p.receiptNumber ?? '—'],
    [t('Time'), dateTime(p.succeededAt ?? p.createdAt)],
    [t('Refunded'), tk(p.refundedPoisha)],
    ...(p.zakat ? ([[t('Given as'), t('Zakat')]] as [string, string][]) : []),
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium">{label}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Refunds({ p }: { p: TAdminPaymentDetail }) {
  const { t, tk, dateTime } = useI18n();
  if (p.refunds.length === 0) return null;
  return (
    <div>
      <h3 className="mb-1 font-semibold">{t('Refunds')}</h3>
      <ul className="text-sm">
        {p.refunds.map((r) => (
          <li key={r.id}>
            {t(REFUND_KIND_LABELS[r.kind])}: {tk(r.amountPoisha)} ·{' '}
            <time dateTime={r.createdAt}>{dateTime(r.createdAt)}</time>
            {r.reason && (
              <span className="block text-base-content/80">
                {t('Reason: {{reason}}', { reason: r.reason })}
              </span>
            )}
            {r.creditNoteNumber && (
              <CreditNoteLink number={r.creditNoteNumber} href={creditNoteUrl(r.id)} />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Full or partial: the amount in Tk (at most what is left) and a reason for the records. */
function RefundForm({ p }: { p: TAdminPaymentDetail }) {
  const { t, tk } = useI18n();
  const refundPayment = useRefundPayment();
  const refund = useRefundFields(p.refundablePoisha);
  // One key per refund decision (this amount, this reason), kept across clicks and retries
  // after an error or a lost answer: the server asks the gateway again with it and nothing
  // more is refunded (decision 247). A changed amount or reason, or a
  // refund done, is a new decision.
  const decision = useRef<{ key: string; amountPoisha: number; reason: string } | null>(null);
  const keyFor = (amountPoisha: number, why: string) => {
    const d = decision.current;
    if (d && d.amountPoisha === amountPoisha && d.reason === why) return d.key;
    decision.current = { key: crypto.randomUUID(), amountPoisha, reason: why };
    return decision.current.key;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = refund.check();
    if (!checked) return;
    const requestKey = keyFor(checked.amountPoisha, checked.reason);
    const ok = await popup.confirm(
      'Refund this payment?',
      'Refund {{amount}} to {{donor}} through the gateway?',
      'Refund',
      { amount: tk(checked.amountPoisha), donor: p.donorName },
    );
    if (!ok) return;
    try {
      await refundPayment.mutateAsync({ paymentId: p.id, ...checked, requestKey });
      decision.current = null;
      refund.clear();
      void popup.success('Payment refunded');
    } catch (err) {
      refund.failed(messageOf(err));
    }
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)} noValidate>
      <h3 className="font-semibold">{t('Refund')}</h3>
      <RefundFields label="Amount to refund (Tk)" {...refund.fields} />
      <button type="submit" className="btn btn-error self-start" disabled={refundPayment.isPending}>
        {t('Refund')}
      </button>
    </form>
  );
}
