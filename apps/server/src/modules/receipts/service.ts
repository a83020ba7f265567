import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from '@easyfund/shared/constants';
import { isLanguage, type Language } from '@easyfund/shared/i18n/languages';
import { isRealEmail, localPhone } from '@easyfund/shared/phone';
import { builtOnce } from '../../db/built-once';
import type { Db } from '../../db/client';
import { funds, payments, recurringCharges, refunds, user } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { mailSent } from '../notifications/sent-mails';
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
export const receiptMailKey = 'receipt:';
/** A refund's mail (with its credit note) is sent once by this key and the refund's id. */
export const creditNoteMailKey = 'refund:';

/** A payment's receipt, with whose it is and the language its donor chose. */
export interface StoredReceipt {
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
export async function loadReceipts(
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

export async function loadCreditNote(db: Db, refundId: string) {
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
