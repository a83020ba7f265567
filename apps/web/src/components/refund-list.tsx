import type { TRefundEntry } from '@easyfund/shared/schemas/payments';
import { useI18n } from '../lib/i18n';

/** "Refunded" or "Partly refunded" beside a payment's amount; nothing when none went back. */
export function RefundBadge({
  amountPoisha,
  refundedPoisha,
}: {
  amountPoisha: number;
  refundedPoisha: number;
}) {
  const { t } = useI18n();
  if (refundedPoisha <= 0) return null;
  return (
    <span className="badge badge-ghost ml-2 whitespace-nowrap">
      {refundedPoisha >= amountPoisha ? t('Refunded') : t('Partly refunded')}
    </span>
  );
}

/**
 * What went back of a payment, oldest first: how much, when, why, and the credit note
 * (a PDF, when `creditNoteHref` is given).
 */
export function RefundList({
  refunds,
  creditNoteHref,
}: {
  refunds: readonly TRefundEntry[];
  creditNoteHref?: (refundId: string) => string;
}) {
  const { t, tk, date } = useI18n();
  const shown = refunds.filter((r) => r.kind !== 'reinstated');
  if (shown.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1 text-xs text-base-content/80">
      {shown.map((r) => (
        <li key={r.id}>
          {t('{{amount}} refunded on {{date}}', {
            amount: tk(r.amountPoisha),
            date: date(r.createdAt),
          })}
          {r.reason && (
            <span className="block">{t('Reason: {{reason}}', { reason: r.reason })}</span>
          )}
          {r.creditNoteNumber && creditNoteHref && (
            <CreditNoteLink number={r.creditNoteNumber} href={creditNoteHref(r.id)} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** A refund's credit note, as a PDF to download. */
export function CreditNoteLink({ number, href }: { number: string; href: string }) {
  const { t } = useI18n();
  return (
    <a
      className="link block"
      href={href}
      download={`${number}.pdf`}
      aria-label={t('Credit note {{number}} (PDF)', { number })}
    >
      {t('Credit note {{number}}', { number })}
    </a>
  );
}
