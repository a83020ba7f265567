import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from '@easyfund/shared/constants';
import { isLanguage, type Language } from '@easyfund/shared/i18n/languages';
import { formatTk } from '@easyfund/shared/format';
import { PAGES } from '@easyfund/shared/pages';
import { isRealEmail, localPhone } from '@easyfund/shared/phone';
import { builtOnce } from '../../db/built-once';
import type { Db } from '../../db/client';
import { funds, payments, recurringCharges, refunds, user } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { inLanes } from '../../lib/job-queue';
import type { Mail, Mailer } from '../../lib/mailer';
import { deliverOnce, mailSent, markAllSent } from '../notifications/sent-mails';
import { refundsOf, shownTransactionId } from '../payments/views';
import { paymentsWithDonor } from '../payments/with-donor';
import { type CreditNoteData, type Organisation } from './pdf';
import { type ReceiptData, type RefundLine } from './receipt-pdf';
import type { Printer } from './printer';

/** What a receipt or statement is made with: the records, the letterhead and the printer. */
export interface ReceiptDeps {
  db: Db;
  org: Organisation;
  printer: Printer;
}

/** Who may read a receipt: its donor, or an admin with full admin rights. */
export interface ReceiptReader {
  id: string;
  isAdmin: boolean;
}

/** A payment's receipt mail is sent once by this key and the payment's id (modules/notifications/sent-mails.ts). */
const receiptMailKey = 'receipt:';
/** A refund's mail (with its credit note) is sent once by this key and the refund's id. */
const creditNoteMailKey = 'refund:';

/** A payment's receipt, with whose it is and the language its donor chose. */
interface StoredReceipt {
  userId: string;
  language: string | null;
  /** Whether its receipt mail has gone out. */
  mailed: boolean;
  /** Charged for a monthly gift. */
  monthly: boolean;
  /** Its donor has an e-mail address (else the receipt also goes by SMS). */
  realEmail: boolean;
  /** What the receipt shows (and all the printer's thread is sent). */
  receipt: ReceiptData;
}

/**
 * Recorded payments' receipt data, with their donors and funds: a batch of receipt jobs'
 * one read (a receipt's download reads its one payment with it).
 */
const storedReceipts = builtOnce((db) =>
  paymentsWithDonor(db, {
    id: payments.id,
    userId: payments.userId,
    receiptNumber: payments.receiptNumber,
    donorName: user.name,
    donorEmail: user.email,
    donorPhone: user.phoneNumber,
    language: user.language,
    fundName: funds.name,
    amountPoisha: payments.amountPoisha,
    succeededAt: payments.succeededAt,
    method: payments.method,
    // The same id Payment History shows: the gateway's own (bank_tran_id) when there is one.
    transactionId: shownTransactionId,
    status: payments.status,
    mode: payments.mode,
    refundedPoisha: payments.refundedPoisha,
    refunds: refundsOf(payments.id),
    zakat: payments.zakat,
    // The mail job's check, in the same round trip.
    mailed: mailSent(sql`${receiptMailKey}::text || ${payments.id}`),
    // Whether a monthly gift charged it (its mail then has the gift's manage link).
    monthly: sql<boolean>`exists (select 1 from ${recurringCharges} where ${recurringCharges.paymentId} = ${payments.id})`,
  })
    .innerJoin(funds, eq(funds.id, payments.fundId))
    .where(
      and(
        sql`${payments.id} = any(${sql.placeholder('paymentIds')}::uuid[])`,
        isNotNull(payments.receiptNumber),
      ),
    )
    .prepare(''),
);

/** The receipts of the payments that have one, by payment id, in one read. */
async function loadReceipts(
  db: Db,
  paymentIds: readonly string[],
): Promise<Map<string, StoredReceipt>> {
  const rows = await storedReceipts(db).execute({ paymentIds });
  const found = new Map<string, StoredReceipt>();
  for (const row of rows) {
    if (!row.receiptNumber || !row.succeededAt) continue;
    found.set(row.id, {
      userId: row.userId,
      language: row.language,
      mailed: row.mailed,
      monthly: row.monthly,
      realEmail: isRealEmail(row.donorEmail),
      receipt: {
        receiptNumber: row.receiptNumber,
        donorName: row.donorName,
        // A donor without an e-mail address is named by their number on their own receipt.
        donorEmail: isRealEmail(row.donorEmail)
          ? row.donorEmail
          : row.donorPhone
            ? localPhone(row.donorPhone)
            : '',
        fundName: row.fundName,
        amountPoisha: row.amountPoisha,
        succeededAt: row.succeededAt,
        // The method the donor used (bKash, Nagad, Rocket or Card), named as Payment History does.
        paymentMethod: PAYMENT_METHOD_NAMES[row.method as PaymentMethod] ?? row.method,
        transactionId: row.transactionId,
        refunded: row.status === 'refunded',
        refundedPoisha: row.refundedPoisha,
        refunds: takenBack(row.refunds),
        zakat: row.zakat,
        testMode: row.mode === 'test',
      },
    });
  }
  return found;
}

async function loadReceipt(db: Db, paymentId: string): Promise<StoredReceipt | null> {
  return (await loadReceipts(db, [paymentId])).get(paymentId) ?? null;
}

/** The refunds and disputes of a payment as its papers list them (not a won dispute's return). */
const takenBack = (
  rows: {
    kind: string;
    amountPoisha: number;
    createdAt: string;
    reason: string | null;
    creditNoteNumber: string | null;
  }[],
): RefundLine[] =>
  rows
    .filter((r) => r.kind !== 'reinstated')
    .map((r) => ({
      creditNoteNumber: r.creditNoteNumber,
      amountPoisha: Number(r.amountPoisha),
      createdAt: new Date(r.createdAt),
      reason: r.reason,
    }));

/** A receipt is in its donor's language: the one they chose, else the page's (or English). */
export const donorLanguage = (chosen: string | null | undefined, otherwise: Language): Language =>
  isLanguage(chosen) ? chosen : otherwise;

/** A receipt's PDF for its donor or an admin; anyone else gets the same 404 as a payment
 *  that does not exist. */
export async function receiptPdf(
  deps: ReceiptDeps,
  reader: ReceiptReader,
  paymentId: string,
  requestLanguage: Language = 'en',
): Promise<{ filename: string; pdf: Buffer }> {
  const stored = await loadReceipt(deps.db, paymentId);
  if (!stored || (stored.userId !== reader.id && !reader.isAdmin)) throw new NotFound('Receipt');
  const { receipt } = stored;
  const lang = donorLanguage(stored.language, requestLanguage);
  return {
    filename: `${receipt.receiptNumber}.pdf`,
    pdf: await deps.printer.receipt(deps.org, receipt, lang),
  };
}

async function loadCreditNote(db: Db, refundId: string) {
  const [row] = await paymentsWithDonor(db, {
    userId: payments.userId,
    language: user.language,
    creditNoteNumber: refunds.creditNoteNumber,
    createdAt: refunds.createdAt,
    amountPoisha: refunds.amountPoisha,
    reason: refunds.reason,
    kind: refunds.kind,
    receiptNumber: payments.receiptNumber,
    donationPoisha: payments.amountPoisha,
    donatedAt: payments.succeededAt,
    donorName: user.name,
    donorEmail: user.email,
    fundName: funds.name,
    method: payments.method,
    transactionId: shownTransactionId,
    zakat: payments.zakat,
    mode: payments.mode,
    // Taken back up to and including this one (a later refund is on its own note).
    refundedPoisha: sql<number>`(select coalesce(sum(case when x.kind = 'reinstated'
          then -x.amount_poisha else x.amount_poisha end), 0) from ${refunds} x
        where x.payment_id = ${payments.id}
          and (x.created_at, x.id) <= (${refunds.createdAt}, ${refunds.id}))`.mapWith(Number),
    mailed: mailSent(sql`${creditNoteMailKey}::text || ${refunds.id}`),
  })
    .innerJoin(refunds, eq(refunds.paymentId, payments.id))
    .innerJoin(funds, eq(funds.id, payments.fundId))
    .where(eq(refunds.id, refundId));
  if (!row?.creditNoteNumber || !row.receiptNumber || !row.donatedAt) return null;
  const note: CreditNoteData = {
    creditNoteNumber: row.creditNoteNumber,
    createdAt: row.createdAt,
    amountPoisha: row.amountPoisha,
    reason: row.reason,
    dispute: row.kind === 'dispute',
    receiptNumber: row.receiptNumber,
    donationPoisha: row.donationPoisha,
    donatedAt: row.donatedAt,
    refundedPoisha: Math.min(row.donationPoisha, row.refundedPoisha),
    donorName: row.donorName,
    donorEmail: row.donorEmail,
    fundName: row.fundName,
    paymentMethod: PAYMENT_METHOD_NAMES[row.method as PaymentMethod] ?? row.method,
    transactionId: row.transactionId,
    zakat: row.zakat,
    testMode: row.mode === 'test',
  };
  return { userId: row.userId, language: row.language, mailed: row.mailed, note };
}

/** A credit note's PDF for its donor or an admin; anyone else gets 404, as for an unknown one. */
export async function creditNotePdf(
  deps: ReceiptDeps,
  reader: ReceiptReader,
  refundId: string,
  requestLanguage: Language = 'en',
): Promise<{ filename: string; pdf: Buffer }> {
  const stored = await loadCreditNote(deps.db, refundId);
  if (!stored || (stored.userId !== reader.id && !reader.isAdmin))
    throw new NotFound('Credit note');
  return {
    filename: `${stored.note.creditNoteNumber}.pdf`,
    pdf: await deps.printer.creditNote(
      deps.org,
      stored.note,
      donorLanguage(stored.language, requestLanguage),
    ),
  };
}

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
 * sent. Each payment's outcome in the order asked; a payment whose mail failed has its
 * error (its job is retried alone). A mail sent but not yet recorded when the process
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
  // Every PDF first (the long part), then the mails and their one record: a mail waits
  // for its record only as long as the batch's other mails take to go.
  const drawn: { i: number; mail: Mail }[] = [];
  await inLanes(paymentIds, lanes, async (paymentId, i) => {
    const receipt = stored.get(paymentId);
    // Already mailed (a job retried after its process died): no second PDF, no second mail.
    if (!receipt || receipt.mailed) return;
    try {
      const mail = await receiptMail(deps, paymentId, receipt);
      drawn.push({ i, mail: { ...mail, key: `${receiptMailKey}${paymentId}` } });
    } catch (error) {
      outcomes[i] = { mailed: false, error };
    }
  });
  const sent: string[] = [];
  await inLanes(drawn, lanes, async ({ i, mail }) => {
    try {
      await deps.mailer.send(mail);
      sent.push(mail.key!);
      outcomes[i] = { mailed: { realEmail: stored.get(paymentIds[i]!)!.realEmail } };
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
