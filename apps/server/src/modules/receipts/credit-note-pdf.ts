import { formatDate, formatTk } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import { amountInWords } from '@easyfund/shared/words';
import {
  closing,
  type CreditNoteData,
  donorRows,
  header,
  methodRows,
  newDocument,
  type Organisation,
  row,
  testNotice,
  timeRow,
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
  timeRow(doc, t, c.createdAt, lang);
  row(doc, t('Refers to receipt'), c.receiptNumber);
  donorRows(doc, t, c);
  row(
    doc,
    t('Donation'),
    t('{{amount}} on {{date}}', {
      amount: formatTk(c.donationPoisha, lang),
      date: formatDate(c.donatedAt, lang),
    }),
  );
  if (c.zakat) row(doc, t('Given as'), t('Zakat'));
  methodRows(doc, t, c, lang);
  row(
    doc,
    c.dispute ? t('Taken back by a dispute') : t('Refunded'),
    formatTk(c.amountPoisha, lang),
  );
  row(doc, t('Amount in words'), amountInWords(c.amountPoisha, lang));
  if (c.reason) row(doc, t('Reason'), c.reason);
  row(doc, t('Kept as a donation'), formatTk(c.donationPoisha - c.refundedPoisha, lang));
  if (c.testMode) testNotice(doc, t);
  closing(
    doc,
    t(
      'This credit note reduces the donation of receipt {{receipt}} by the amount refunded. The money goes back to the card or account you paid with.',
      { receipt: c.receiptNumber },
    ),
  );
  return done;
}
