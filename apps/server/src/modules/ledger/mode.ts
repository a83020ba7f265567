import { and, type AnyColumn, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PaymentMode } from '@easyfund/shared/constants';
import type { Db, Tx } from '../../db/client';
import { funds, ledgerSettings, payments } from '../../db/schema';

/**
 * True in SQL for a payment, withdrawal or refund under way of the site's money mode: the
 * one filter every list, count, page and export over them uses, so test money never shows
 * on a live site (decision 449). `mode` is the row's mode column (or `sql\`p.mode\`` in
 * raw SQL). The mode is the one-row `ledger_settings`, which each process sets to its
 * payment provider's mode at start (`syncLedgerMode`): read in the same statement, no
 * round trip of its own, and always the mode the fund totals count.
 */
export const ofLedgerMode = (mode: AnyColumn | SQL): SQL =>
  sql`${mode} = (select ${ledgerSettings.mode} from ${ledgerSettings})`;

/** The mode whose payments the fund totals count now. */
export async function ledgerMode(db: Db | Tx): Promise<PaymentMode> {
  const [row] = await db.select({ mode: ledgerSettings.mode }).from(ledgerSettings);
  return (row?.mode ?? 'test') as PaymentMode;
}

/**
 * At start: the fund totals count the payments of the provider's mode. When the mode
 * changed (the test processor gave way to live Stripe keys), every fund's raised total
 * donation count and donor count are recomputed from that mode's payments, in one transaction
 * under the settings row's lock (several processes starting at once do it once).
 * Withdrawals carry their mode too, so test withdrawals never reduce a live balance.
 * Returns true when the totals were recomputed.
 */
export async function syncLedgerMode(db: Db, mode: PaymentMode): Promise<boolean> {
  // A restart finds the mode it set before: one read, no transaction (its four round trips
  // stood between the embedded database's open and the first answer).
  const [current] = await db.select({ mode: ledgerSettings.mode }).from(ledgerSettings);
  if (current?.mode === mode) return false;
  return db.transaction(async (tx) => {
    await tx.insert(ledgerSettings).values({ id: true, mode }).onConflictDoNothing();
    const [row] = await tx.select().from(ledgerSettings).for('update');
    if (row?.mode === mode) return false;
    await tx.update(ledgerSettings).set({ mode }).where(eq(ledgerSettings.id, true));
    await recountFundTotals(tx, mode);
    return true;
  });
}

/**
 * Every fund's raised total, donation count and donor count recomputed from the payments
 * of `mode` (the site's), in the caller's transaction: after the mode changed, or after
 * payments were deleted (`npm run demo -- remove`).
 */
export async function recountFundTotals(tx: Tx, mode: PaymentMode): Promise<void> {
  const counted = tx
    .select({
      fundId: payments.fundId,
      total: sql<string>`sum(${payments.amountPoisha} - ${payments.refundedPoisha})`.as('total'),
      n: sql<string>`count(*) filter (where ${payments.status} = 'succeeded')`.as('n'),
      donors:
        sql<string>`count(distinct ${payments.userId}) filter (where ${payments.status} = 'succeeded')`.as(
          'donors',
        ),
    })
    .from(payments)
    .where(and(eq(payments.mode, mode), inArray(payments.status, ['succeeded', 'refunded'])))
    .groupBy(payments.fundId)
    .as('counted');
  await tx.update(funds).set({ raisedPoisha: 0, donationCount: 0, donorCount: 0 });
  await tx
    .update(funds)
    .set({
      raisedPoisha: sql`${counted.total}::bigint`,
      donationCount: sql`${counted.n}::int`,
      donorCount: sql`${counted.donors}::int`,
    })
    .from(counted)
    .where(eq(funds.id, counted.fundId));
}
