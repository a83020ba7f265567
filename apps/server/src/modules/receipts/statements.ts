import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Language } from '@easyfund/shared/i18n/languages';
import { TIME_ZONE } from '@easyfund/shared/format';
import type { Db } from '../../db/client';
import { funds, payments, user } from '../../db/schema';
import { ofLedgerMode } from '../ledger/mode';
import type { StatementData } from './donor-statement-pdf';
import { statementTotals } from './statement-totals';
import { type ReceiptDeps, donorLanguage } from './service';

/**
 * The most donations a statement lists one by one (decision 461): at most this many rows
 * are read and drawn, so a statement's memory and drawing time are bounded (10,000 gifts:
 * ~1 s of its own thread, ~2 MB of PDF). A year with more is stated as its totals by
 * month, with every donation in the donor's CSV.
 */
export const STATEMENT_MAX_GIFTS = 10_000;

/**
 * A donor's donations of a year (Asia/Dhaka) as the statement lists them: the receipts of
 * that year, of the site's money mode only (test receipts never reach a live statement;
 * decision 449), each with what was taken back; the total is what the donor gave net of
 * refunds, the same as the funds' raised totals count. The year's count and totals are
 * read first; a year of more than `maxGifts` donations is given as its months' totals.
 */
export async function statementData(
  db: Db,
  donor: { id: string; name: string; email: string },
  year: number,
  maxGifts = STATEMENT_MAX_GIFTS,
): Promise<StatementData> {
  const ofYear = and(
    eq(payments.userId, donor.id),
    inArray(payments.status, ['succeeded', 'refunded']),
    isNotNull(payments.receiptNumber),
    ofLedgerMode(payments.mode),
    // The receipt number carries the Dhaka year it was given in (after its series'
    // letters, should a series have them).
    sql`${payments.receiptNumber} ~ ${`^EF-([A-Z]+-)?${year}-`}`,
  );
  const kept = sql`${payments.amountPoisha} - ${payments.refundedPoisha}`;
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      totalPoisha: sql<number>`coalesce(sum(${kept}), 0)::bigint`.mapWith(Number),
      zakatPoisha:
        sql<number>`coalesce(sum(${kept}) filter (where ${payments.zakat}), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(payments)
    .where(ofYear);
  const count = totals?.count ?? 0;
  const head = { year, donorName: donor.name, donorEmail: donor.email, giftCount: count };
  if (count > maxGifts) {
    const month = sql<number>`extract(month from ${payments.succeededAt} at time zone ${TIME_ZONE})::int`;
    const months = await db
      .select({
        month,
        count: sql<number>`count(*)::int`,
        netPoisha: sql<number>`sum(${kept})::bigint`.mapWith(Number),
      })
      .from(payments)
      .where(ofYear)
      // By position: the month's expression carries the time zone as a parameter.
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return {
      ...head,
      donations: [],
      months,
      maxGifts,
      totalPoisha: totals!.totalPoisha,
      zakatPoisha: totals!.zakatPoisha,
    };
  }
  const rows = await db
    .select({
      receiptNumber: payments.receiptNumber,
      fundName: funds.name,
      amountPoisha: payments.amountPoisha,
      refundedPoisha: payments.refundedPoisha,
      succeededAt: payments.succeededAt,
      status: payments.status,
      zakat: payments.zakat,
    })
    .from(payments)
    .innerJoin(funds, eq(funds.id, payments.fundId))
    .where(ofYear)
    .orderBy(asc(payments.receiptNumber))
    // Gifts recorded between the two reads stay within the bound.
    .limit(maxGifts);
  const donations = rows.map((r) => ({
    receiptNumber: r.receiptNumber!,
    fundName: r.fundName,
    amountPoisha: r.amountPoisha,
    refundedPoisha: r.refundedPoisha,
    succeededAt: r.succeededAt!,
    refunded: r.status === 'refunded',
    zakat: r.zakat,
  }));
  return { ...head, giftCount: donations.length, donations, ...statementTotals(donations) };
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
  const data = await statementData(db, donor, year);
  return {
    filename: `easyfund-statement-${year}.pdf`,
    pdf: await printer.statement(org, data, donorLanguage(saved?.language, requestLanguage)),
  };
}

/** A credit note's data, with whose it is and the language its donor chose. */
