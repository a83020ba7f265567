import { and, eq, ne, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { funds, ledgerSettings, payments } from '../db/schema';

/** True in SQL when a payment of `mode` counts in the site's totals (test never moves live). */
export const countsInLedger = (mode: string) =>
  sql`exists (select 1 from ${ledgerSettings} where ${ledgerSettings.mode} = ${mode})`;

/**
 * Adds a succeeded payment to its fund's totals, inside the recording transaction: the
 * amount, the donation count and, when it is this person's first succeeded donation to
 * the fund, the donor count — only when the payment's mode is the site's. The fund row is
 * updated (and so locked) first, so that two concurrent first donations by one person
 * wait for each other and count them once.
 */
export async function addToFundTotals(
  tx: Tx,
  paid: { id: string; fundId: string; userId: string; amountPoisha: number; mode: string },
): Promise<void> {
  const counted = await tx
    .update(funds)
    .set({
      raisedPoisha: sql`${funds.raisedPoisha} + ${paid.amountPoisha}`,
      donationCount: sql`${funds.donationCount} + 1`,
    })
    .where(and(eq(funds.id, paid.fundId), countsInLedger(paid.mode)))
    .returning({ id: funds.id });
  if (!counted.length) return;
  // A new statement, so it sees a concurrent first donation that committed while this
  // one waited for the fund row: the person is counted once.
  await tx
    .update(funds)
    .set({ donorCount: sql`${funds.donorCount} + 1` })
    .where(
      and(
        eq(funds.id, paid.fundId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(payments)
            .where(
              and(
                eq(payments.fundId, paid.fundId),
                eq(payments.userId, paid.userId),
                eq(payments.mode, paid.mode),
                eq(payments.status, 'succeeded'),
                ne(payments.id, paid.id),
              ),
            ),
        ),
      ),
    );
}

/**
 * The fund's donor count recounted from its payments (distinct donors with a donation
 * of the site's mode still standing): after a refund or when the site changes mode.
 */
export async function recountDonors(tx: Tx, fundId: string): Promise<void> {
  await tx
    .update(funds)
    .set({
      donorCount: sql`(select count(distinct p.user_id) from ${payments} p
        where p.fund_id = ${fundId} and p.status = 'succeeded'
        and p.mode = (select ${ledgerSettings.mode} from ${ledgerSettings}))`,
    })
    .where(eq(funds.id, fundId));
}
