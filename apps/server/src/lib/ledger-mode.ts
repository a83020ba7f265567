import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentMode } from '@easyfund/shared/constants';
import type { Db } from '../db/client';
import { funds, ledgerSettings, payments } from '../db/schema';

/** The mode whose payments the fund totals count now. */
export async function ledgerMode(db: Db): Promise<PaymentMode> {
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
  return db.transaction(async (tx) => {
    await tx.insert(ledgerSettings).values({ id: true, mode }).onConflictDoNothing();
    const [row] = await tx.select().from(ledgerSettings).for('update');
    if (row?.mode === mode) return false;
    await tx.update(ledgerSettings).set({ mode }).where(eq(ledgerSettings.id, true));
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
    return true;
  });
}
