import { formatDate, formatTk } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import { amountInWords } from '@easyfund/shared/words';
import {
  type Organisation,
  type Doc,
  mixed,
  newDocument,
  header,
  row,
  translator,
  timeRow,
  donorRows,
  methodRows,
  testNotice,
  closing,
} from './pdf';

export interface ReceiptData {
  receiptNumber: string;
  donorName: string;
  donorEmail: string;
  fundName: string;
  amountPoisha: number;
  succeededAt: Date;
  paymentMethod: string;
  transactionId: string;
  refunded: boolean;
  /** The part taken back so far (a partial refund or a dispute); the whole amount when refunded. */
  refundedPoisha: number;
  /** Each part taken back, oldest first, with its credit note and reason. */
  refunds: RefundLine[];
  /** The donor gave it as Zakat. */
  zakat: boolean;
  /** Paid in the provider's test mode: no money moved. */
  testMode: boolean;
}

/** Money taken back from a donation (a refund or a dispute), as the papers show it. */
export interface RefundLine {
  creditNoteNumber: string | null;
  amountPoisha: number;
  createdAt: Date;
  reason: string | null;
}

/**
 * One donation's receipt (A4), in the donor's language: labels, the amount in figures
 * and in words, and the date in Dhaka. Names, the fund and the provider's id stay as
 * they are.
 */
export async function renderReceipt(
  org: Organisation,
  r: ReceiptData,
  lang: Language = 'en',
): Promise<Buffer> {
  const t = translator(lang);
  const { doc, done } = newDocument(t('Receipt {{number}}', { number: r.receiptNumber }));
  header(doc, org, t('Donation receipt'));
  row(doc, t('Receipt number'), r.receiptNumber);
  timeRow(doc, t, r.succeededAt, lang);
  donorRows(doc, t, r);
  row(doc, t('Amount'), formatTk(r.amountPoisha, lang));
  row(doc, t('Amount in words'), amountInWords(r.amountPoisha, lang));
  if (r.zakat) row(doc, t('Given as'), t('Zakat'));
  methodRows(doc, t, r, lang);
  if (r.testMode) testNotice(doc, t);
  if (r.refunded) {
    doc.moveDown(0.6);
    mixed(doc, t('This donation was refunded.'), { bold: true, x: 56 });
    doc.moveDown(0.4);
  } else if (r.refundedPoisha > 0) {
    row(doc, t('Refunded'), formatTk(r.refundedPoisha, lang));
    row(doc, t('Kept as a donation'), formatTk(r.amountPoisha - r.refundedPoisha, lang));
  }
  refundLines(doc, r.refunds, lang);
  closing(
    doc,
    t('Thank you for your donation. {{org}} received it with gratitude.', { org: org.name }),
  );
  return done;
}

/** Each part taken back: its credit note, date, amount and reason (what the donor reads). */
function refundLines(doc: Doc, refunds: RefundLine[], lang: Language) {
  const t = translator(lang);
  for (const x of refunds) {
    const values = {
      number: x.creditNoteNumber ?? '—',
      date: formatDate(x.createdAt, lang),
      amount: formatTk(x.amountPoisha, lang),
    };
    row(doc, t('Credit note {{number}}', values), t('{{amount}} refunded on {{date}}', values));
    if (x.reason) row(doc, t('Reason'), x.reason);
  }
}

/** A year's donations of one donor, with the total of what they gave net of refunds, in their language. */
