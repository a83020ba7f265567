import type { Language } from '@easyfund/shared/i18n/languages';
import { formatTk } from '@easyfund/shared/format';
import { PAGES } from '@easyfund/shared/pages';
import { translate } from '../../lib/i18n';
import { inLanes } from '../../lib/in-lanes';
import type { Mail, Mailer } from '../../lib/mailer';
import { deliverOnce, markAllSent } from '../notifications/sent-mails';
import {
  creditNoteMailKey,
  donorLanguage,
  loadCreditNote,
  loadReceipts,
  type ReceiptDeps,
  receiptMailKey,
  type StoredReceipt,
} from './service';

/* The mails of receipts and credit notes: each document drawn in its donor's language,
 * attached, and sent once per key. */

/** A monthly gift's receipt says where to pause, change or cancel it. */
async function monthlyLines(
  deps: { manageLink?: (paymentId: string) => Promise<string | null> },
  paymentId: string,
  lang: Language,
): Promise<string[]> {
  const link = await deps.manageLink?.(paymentId);
  return link
    ? ['', translate(lang, 'This is your monthly gift. Pause, change or cancel it here:'), link]
    : [];
}

/**
 * The refund mail with its credit note as a PDF, in the donor's language: sent once per
 * refund, under the key the refund mail always had (modules/notifications/service.ts `notifyRefund`).
 */
export async function sendCreditNoteMail(
  deps: ReceiptDeps & { mailer: Mailer; publicUrl: string },
  refundId: string,
): Promise<boolean> {
  const stored = await loadCreditNote(deps.db, refundId);
  if (!stored || stored.mailed) return false;
  const { note } = stored;
  const { lang, document, values } = await drawnForDonor(stored.language, note, (l) =>
    deps.printer.creditNote(deps.org, note, l),
  );
  Object.assign(values, { number: note.creditNoteNumber, receipt: note.receiptNumber });
  const subject = translate(lang, '{{amount}} of your donation to "{{fund}}" was refunded', values);
  const text = [
    translate(lang, 'Hello {{name}},', values),
    '',
    `${subject}.`,
    ...(note.reason ? [translate(lang, 'Reason: {{reason}}', { reason: note.reason })] : []),
    translate(lang, 'The money goes back to the card or account you paid with.'),
    translate(
      lang,
      'Your credit note {{number}}, which refers to receipt {{receipt}}, is attached.',
      values,
    ),
    translate(lang, 'You can download your receipts at any time from Donation History:'),
    `${deps.publicUrl}${PAGES.donated.path}`,
    '',
    deps.org.name,
  ].join('\n');
  await deliverOnce(deps.db, deps.mailer, `${creditNoteMailKey}${refundId}`, {
    to: note.donorEmail,
    subject,
    text,
    attachments: [pdfAttachment(note.creditNoteNumber, document)],
  });
  return true;
}

/** What a receipt job did: nothing to send (already mailed, or no such receipt), or mailed. */
export type ReceiptMailed = false | { realEmail: boolean };

/**
 * The receipt-mail job: the donor gets the receipt as a PDF, in their language. Returns
 * false when there was nothing to send (already mailed, or no such receipt), else whether
 * the donor has an e-mail address (one without also gets the receipt by SMS).
 */
export async function sendReceiptMail(
  deps: ReceiptMailDeps,
  paymentId: string,
): Promise<ReceiptMailed> {
  const [outcome] = await sendReceiptMails(deps, [paymentId], 1);
  if (outcome?.error !== undefined) throw outcome.error;
  return outcome?.mailed ?? false;
}

export type ReceiptMailDeps = ReceiptDeps & {
  mailer: Mailer;
  publicUrl: string;
  /** A monthly gift's manage link, for a payment charged for one (no sign-in needed). */
  manageLink?: (paymentId: string) => Promise<string | null>;
};

/**
 * A batch of receipt-mail jobs: one read of all their payments, donors and funds, each
 * receipt drawn and mailed (`lanes` at a time), then one write that records every mail
 * sent (a mail waits for its record as long as the batch's other receipts take). Each
 * payment's outcome in the order asked; a payment whose mail failed has its error (its
 * job is retried alone). A mail sent but not yet recorded when the process
 * dies is written again under the same key by the retried job (the outbox keeps one file
 * per key), as a single job's was.
 */
export async function sendReceiptMails(
  deps: ReceiptMailDeps,
  paymentIds: readonly string[],
  lanes: number,
): Promise<{ mailed: ReceiptMailed; error?: unknown }[]> {
  const stored = await loadReceipts(deps.db, paymentIds);
  const outcomes: { mailed: ReceiptMailed; error?: unknown }[] = paymentIds.map(() => ({
    mailed: false,
  }));
  // Each mail goes as soon as its PDF is drawn, while the printer draws the next one (the
  // lanes keep it fed): the printer's thread and this one work side by side.
  const sent: string[] = [];
  await inLanes(paymentIds, lanes, async (paymentId, i) => {
    const receipt = stored.get(paymentId);
    // Already mailed (a job retried after its process died): no second PDF, no second mail.
    if (!receipt || receipt.mailed) return;
    try {
      const mail = await receiptMail(deps, paymentId, receipt);
      const key = `${receiptMailKey}${paymentId}`;
      await deps.mailer.send({ key, ...mail });
      sent.push(key);
      outcomes[i] = { mailed: { realEmail: receipt.realEmail } };
    } catch (error) {
      outcomes[i] = { mailed: false, error };
    }
  });
  await markAllSent(deps.db, sent);
  return outcomes;
}

/** A receipt's mail: the text in the donor's language, the PDF attached. */
async function receiptMail(
  deps: ReceiptMailDeps,
  paymentId: string,
  stored: StoredReceipt,
): Promise<Omit<Mail, 'key'>> {
  const { receipt } = stored;
  const { lang, document, values } = await drawnForDonor(stored.language, receipt, (l) =>
    deps.printer.receipt(deps.org, receipt, l),
  );
  Object.assign(values, { number: receipt.receiptNumber, org: deps.org.name });
  const text = [
    translate(lang, 'Dear {{name}},', values),
    '',
    translate(
      lang,
      'Thank you for your donation of {{amount}} to {{fund}}. Your receipt {{number}} is attached.',
      values,
    ),
    translate(lang, 'You can download your receipts at any time from Donation History:'),
    `${deps.publicUrl}${PAGES.donated.path}`,
    // Only a monthly gift's charge has a manage link to look up.
    ...(stored.monthly ? await monthlyLines(deps, paymentId, lang) : []),
    '',
    deps.org.name,
  ].join('\n');
  return {
    to: receipt.donorEmail,
    subject: translate(lang, 'Your donation receipt {{number}}', values),
    text,
    attachments: [pdfAttachment(receipt.receiptNumber, document)],
  };
}

/**
 * A donor's document drawn in their language (English when they chose none), with the
 * values its mail's text names; the caller adds the document's own.
 */
async function drawnForDonor(
  language: string | null | undefined,
  doc: { donorName: string; amountPoisha: number; fundName: string },
  draw: (lang: Language) => Promise<Buffer>,
): Promise<{ lang: Language; document: Buffer; values: Record<string, string> }> {
  const lang = donorLanguage(language, 'en');
  const values = {
    name: doc.donorName,
    amount: formatTk(doc.amountPoisha, lang),
    fund: doc.fundName,
  };
  return { lang, document: await draw(lang), values };
}

/** A PDF attached to a mail under the document's number. */
const pdfAttachment = (number: string, content: Buffer) => ({
  filename: `${number}.pdf`,
  content,
  contentType: 'application/pdf',
});
