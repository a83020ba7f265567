import { and, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { withdrawals } from '../../db/schema';

export interface WithdrawalTotals {
  /** Approved withdrawals. */
  withdrawnPoisha: number;
  /** Requests waiting for an admin: already held back from the balance. */
  pendingPoisha: number;
}

const ZERO: WithdrawalTotals = { withdrawnPoisha: 0, pendingPoisha: 0 };

/** Withdrawals of the site's current mode: test withdrawals never reduce a live balance. */
export const currentModeWithdrawal = sql`${withdrawals.mode} = (select mode from ledger_settings)`;

/** Approved and pending withdrawal totals of each fund (absent → zero), in the current mode. */
export async function withdrawalTotals(
  db: Db | Tx,
  fundIds: string[],
): Promise<Map<string, WithdrawalTotals>> {
  const totals = new Map<string, WithdrawalTotals>();
  if (fundIds.length === 0) return totals;
  const rows = await db
    .select({
      fundId: withdrawals.fundId,
      withdrawn:
        sql<number>`coalesce(sum(${withdrawals.amountPoisha}) filter (where ${withdrawals.status} = 'approved'), 0)`.mapWith(
          Number,
        ),
      pending:
        sql<number>`coalesce(sum(${withdrawals.amountPoisha}) filter (where ${withdrawals.status} = 'pending'), 0)`.mapWith(
          Number,
        ),
    })
    .from(withdrawals)
    .where(
      and(
        inArray(withdrawals.fundId, fundIds),
        inArray(withdrawals.status, ['approved', 'pending']),
        currentModeWithdrawal,
      ),
    )
    .groupBy(withdrawals.fundId);
  for (const r of rows)
    totals.set(r.fundId, { withdrawnPoisha: r.withdrawn, pendingPoisha: r.pending });
  return totals;
}

export function totalsOf(map: Map<string, WithdrawalTotals>, fundId: string): WithdrawalTotals {
  return map.get(fundId) ?? ZERO;
}

/** Available balance = raised − approved − pending withdrawals (never below zero). */
export function availableOf(raisedPoisha: number, t: WithdrawalTotals): number {
  return Math.max(0, raisedPoisha - t.withdrawnPoisha - t.pendingPoisha);
}

/** The committed (approved + pending) withdrawals of one fund. */
export async function committedWithdrawals(tx: Db | Tx, fundId: string): Promise<number> {
  const t = totalsOf(await withdrawalTotals(tx, [fundId]), fundId);
  return t.withdrawnPoisha + t.pendingPoisha;
}
