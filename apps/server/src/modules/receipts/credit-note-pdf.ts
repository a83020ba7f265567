import { formatDate, formatDateTime, formatTk } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import { amountInWords } from '@easyfund/shared/words';
import { translate } from '../../lib/i18n';
import {
  type CreditNoteData,
  finish,
  header,
  mixed,
  newDocument,
  type Organisation,
  row,
  translator,
} from './pdf';

/**
 * A credit note (A4), in the donor's language: the money taken back from a donation,
 * referring to its receipt by number, with the reason, and what the donation now counts
 * as (decision 252).
 */
export async function renderCreditNote(
  org: Organisation,
  c: CreditNoteData,
  lang: Language = 'en',
): Promise<Buffer> {
  const t = translator(lang);
  const { doc, done } = newDocument(t('Credit note {{number}}', { number: c.creditNoteNumber }));
  header(doc, org, t('Credit note'));
  row(doc, t('Credit note number'), c.creditNoteNumber);
  row(
    doc,
    t('Date and time'),
    t('{{time}} (Asia/Dhaka)', { time: formatDateTime(c.createdAt, lang) }),
  );
  row(doc, t('Refers to receipt'), c.receiptNumber);
  row(doc, t('Donor'), c.donorName);
  row(doc, t('E-mail'), c.donorEmail);
  row(doc, t('Fund'), c.fundName);
  row(
    doc,
    t('Donation'),
    t('{{amount}} on {{date}}', {
      amount: formatTk(c.donationPoisha, lang),
      date: formatDate(c.donatedAt, lang),
    }),
  );
  if (c.zakat) row(doc, t('Given as'), t('Zakat'));
  row(doc, t('Payment method'), translate(lang, c.paymentMethod));
  row(doc, t('Transaction ID'), c.transactionId);
  row(
    doc,
    c.dispute ? t('Taken back by a dispute') : t('Refunded'),
    formatTk(c.amountPoisha, lang),
  );
  row(doc, t('Amount in words'), amountInWords(c.amountPoisha, lang));
  if (c.reason) row(doc, t('Reason'), c.reason);
  row(doc, t('Kept as a donation'), formatTk(c.donationPoisha - c.refundedPoisha, lang));
  if (c.testMode) {
    doc.moveDown(0.6);
    mixed(doc, t('Test payment: no money was taken. This is not a receipt for a gift.'), {
      bold: true,
      x: 56,
    });
  }
  doc.moveDown(1.5);
  mixed(
    doc,
    t(
      'This credit note reduces the donation of receipt {{receipt}} by the amount refunded. The money goes back to the card or account you paid with.',
      { receipt: c.receiptNumber },
    ),
    { x: 56, size: 10 },
  );
  finish(doc);
  return done;
}
