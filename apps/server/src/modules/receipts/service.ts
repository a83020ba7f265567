import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from '@easyfund/shared/constants';
import { isLanguage, type Language } from '@easyfund/shared/i18n/languages';
import { formatTk } from '@easyfund/shared/format';
import { PAGES } from '@easyfund/shared/pages';
import { isRealEmail, localPhone } from '@easyfund/shared/phone';
import { builtOnce } from '../../db/built-once';
import type { Db } from '../../db/client';
import { funds, payments, user } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { ofLedgerMode } from '../../lib/ledger-mode';
import type { Mailer } from '../../lib/mailer';
import { deliverOnce, mailSent } from '../../lib/sent-mails';
import { shownTransactionId } from '../payments/views';
import type { Organisation, ReceiptData } from './pdf';
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

/** A payment's receipt mail is sent once by this key and the payment's id (lib/sent-mails.ts). */
const receiptMailKey = 'receipt:';

/** A payment's receipt, with whose it is and the language its donor chose. */
interface StoredReceipt {
  userId: string;
  language: string | null;
  /** Whether its receipt mail has gone out. */
  mailed: boolean;
  /** What the receipt shows (and all the printer's thread is sent). */
  receipt: ReceiptData;
}

/** A recorded payment's receipt data, with its donor and fund (each receipt's first statement). */
const storedReceipt = builtOnce((db) =>
  db
    .select({
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
      // The mail job's check, in the same round trip.
      mailed: mailSent(sql`${receiptMailKey}::text || ${payments.id}`),
    })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .innerJoin(funds, eq(funds.id, payments.fundId))
    .where(and(eq(payments.id, sql.placeholder('paymentId')), isNotNull(payments.receiptNumber)))
    .prepare(''),
);

async function loadReceipt(db: Db, paymentId: string): Promise<StoredReceipt | null> {
  const [row] = await storedReceipt(db).execute({ paymentId });
  if (!row?.receiptNumber || !row.succeededAt) return null;
  return {
    userId: row.userId,
    language: row.language,
    mailed: row.mailed,
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
      testMode: row.mode === 'test',
    },
  };
}

/** A receipt is in its donor's language: the one they chose, else the page's (or English). */
const donorLanguage = (chosen: string | null | undefined, otherwise: Language): Language =>
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

/** The signed-in donor's statement of a year (Asia/Dhaka): every receipt of that year. */
export async function statementPdf(
  { db, org, printer }: ReceiptDeps,
  donor: { id: string; name: string; email: string },
  year: number,
  requestLanguage: Language = 'en',
): Promise<{ filename: string; pdf: Buffer }> {
  const [saved] = await db
    .select({ language: user.language })
    .from(user)
    .where(eq(user.id, donor.id));
  const rows = await db
    .select({
      receiptNumber: payments.receiptNumber,
      fundName: funds.name,
      amountPoisha: payments.amountPoisha,
      succeededAt: payments.succeededAt,
      status: payments.status,
    })
    .from(payments)
    .innerJoin(funds, eq(funds.id, payments.fundId))
    .where(
      and(
        eq(payments.userId, donor.id),
        inArray(payments.status, ['succeeded', 'refunded']),
        isNotNull(payments.receiptNumber),
        ofLedgerMode(payments.mode),
        // The receipt number carries the Dhaka year it was given in.
        sql`${payments.receiptNumber} like ${`EF-${year}-%`}`,
      ),
    )
    .orderBy(asc(payments.receiptNumber));
  const donations = rows.map((r) => ({
    receiptNumber: r.receiptNumber!,
    fundName: r.fundName,
    amountPoisha: r.amountPoisha,
    succeededAt: r.succeededAt!,
    refunded: r.status === 'refunded',
  }));
  return {
    filename: `easyfund-statement-${year}.pdf`,
    pdf: await printer.statement(
      org,
      { year, donorName: donor.name, donorEmail: donor.email, donations },
      donorLanguage(saved?.language, requestLanguage),
    ),
  };
}

/** The receipt-mail job: the donor gets the receipt as a PDF, in their language. */
export async function sendReceiptMail(
  deps: ReceiptDeps & { mailer: Mailer; publicUrl: string },
  paymentId: string,
): Promise<boolean> {
  const stored = await loadReceipt(deps.db, paymentId);
  // Already mailed (a job retried after its process died): no second PDF, no second mail.
  if (!stored || stored.mailed) return false;
  const { receipt } = stored;
  const lang = donorLanguage(stored.language, 'en');
  const document = await deps.printer.receipt(deps.org, receipt, lang);
  const values = {
    name: receipt.donorName,
    amount: formatTk(receipt.amountPoisha, lang),
    fund: receipt.fundName,
    number: receipt.receiptNumber,
    org: deps.org.name,
  };
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
    '',
    deps.org.name,
  ].join('\n');
  await deliverOnce(deps.db, deps.mailer, `${receiptMailKey}${paymentId}`, {
    to: receipt.donorEmail,
    subject: translate(lang, 'Your donation receipt {{number}}', values),
    text,
    attachments: [
      {
        filename: `${receipt.receiptNumber}.pdf`,
        content: document,
        contentType: 'application/pdf',
      },
    ],
  });
  return true;
}
