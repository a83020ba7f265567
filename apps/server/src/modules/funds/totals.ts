import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { funds, ledgerSettings, payments } from '../../db/schema';
import { ofLedgerMode } from '../ledger/mode';

/** True in SQL when a payment of `mode` counts in the site's totals (test never moves live). */
export const countsInLedger = (mode: string) =>
  sql`exists (select 1 from ${ledgerSettings} where ${ledgerSettings.mode} = ${mode})`;

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
        and ${ofLedgerMode(sql`p.mode`)})`,
    })
    .where(eq(funds.id, fundId));
}
