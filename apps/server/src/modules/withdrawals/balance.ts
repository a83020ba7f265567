import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { WithdrawalStatus } from '@easyfund/shared/constants';
import type { Db, Tx } from '../../db/client';
import { pendingRefunds, withdrawals } from '../../db/schema';
import { ofLedgerMode } from '../ledger/mode';

export interface WithdrawalTotals {
  /** Approved and paid withdrawals. */
  withdrawnPoisha: number;
  /** Approved, not yet paid: held for the payout. */
  heldForPayoutPoisha: number;
  /** Paid out. */
  paidOutPoisha: number;
  /** Requests waiting for an admin: already held back from the balance. */
  pendingPoisha: number;
  /** Admin refunds waiting for the provider's answer: held back too (decision 246). */
  refundingPoisha: number;
}

const ZERO: WithdrawalTotals = {
  withdrawnPoisha: 0,
  heldForPayoutPoisha: 0,
  paidOutPoisha: 0,
  pendingPoisha: 0,
  refundingPoisha: 0,
};

/** The statuses whose money has left the balance: requested, approved, paid. */
export const HELD_STATUSES = ['pending', 'approved', 'paid'] as const;

/** Withdrawals of the site's current mode: test withdrawals never reduce a live balance. */
export const currentModeWithdrawal = ofLedgerMode(withdrawals.mode);

/**
 * A fund's withdrawals of one status, of the site's current mode, for the columns asked: a
 * dynamic query, to join what else the caller shows and order as it lists them.
 */
export function fundWithdrawals<T extends SelectedFields>(
  db: Db | Tx,
  fundId: string,
  status: WithdrawalStatus,
  columns: T,
) {
  return db
    .select(columns)
    .from(withdrawals)
    .$dynamic()
    .where(
      and(eq(withdrawals.fundId, fundId), eq(withdrawals.status, status), currentModeWithdrawal),
    );
}

/** Refunds under way of the site's current mode, like withdrawals. */
const currentModeRefund = ofLedgerMode(pendingRefunds.mode);

/**
 * Pending, approved (held for payout) and paid withdrawal totals of each fund, and its refunds under way (absent →
 * zero), in the current mode.
 */
export async function withdrawalTotals(
  db: Db | Tx,
  fundIds: string[],
): Promise<Map<string, WithdrawalTotals>> {
  const totals = new Map<string, WithdrawalTotals>();
  if (fundIds.length === 0) return totals;
  // One after the other: inside a transaction both run on its one connection.
  const rows = await db
    .select({
      fundId: withdrawals.fundId,
      approved:
        sql<number>`coalesce(sum(${withdrawals.amountPoisha}) filter (where ${withdrawals.status} = 'approved'), 0)`.mapWith(
          Number,
        ),
      paid: sql<number>`coalesce(sum(${withdrawals.amountPoisha}) filter (where ${withdrawals.status} = 'paid'), 0)`.mapWith(
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
        inArray(withdrawals.status, [...HELD_STATUSES]),
        currentModeWithdrawal,
      ),
    )
    .groupBy(withdrawals.fundId);
  const refunding = await db
    .select({
      fundId: pendingRefunds.fundId,
      total: sql<number>`sum(${pendingRefunds.amountPoisha})`.mapWith(Number),
    })
    .from(pendingRefunds)
    .where(and(inArray(pendingRefunds.fundId, fundIds), currentModeRefund))
    .groupBy(pendingRefunds.fundId);
  for (const r of rows)
    totals.set(r.fundId, {
      withdrawnPoisha: r.approved + r.paid,
      heldForPayoutPoisha: r.approved,
      paidOutPoisha: r.paid,
      pendingPoisha: r.pending,
      refundingPoisha: 0,
    });
  for (const r of refunding)
    totals.set(r.fundId, { ...(totals.get(r.fundId) ?? ZERO), refundingPoisha: r.total });
  return totals;
}

export function totalsOf(map: Map<string, WithdrawalTotals>, fundId: string): WithdrawalTotals {
  return map.get(fundId) ?? ZERO;
}

/**
 * Available balance = raised − paid − approved − pending withdrawals − refunds under way (never
 * below zero).
 */
export function availableOf(raisedPoisha: number, t: WithdrawalTotals): number {
  return Math.max(0, raisedPoisha - heldBackOf(t));
}

function heldBackOf(t: WithdrawalTotals): number {
  return t.withdrawnPoisha + t.pendingPoisha + t.refundingPoisha;
}

/**
 * What no longer belongs to a fund's balance: its pending, approved and paid withdrawals and
 * its refunds under way. Callers that decide on it hold the fund row (`FOR UPDATE`).
 */
export async function heldBack(tx: Db | Tx, fundId: string): Promise<number> {
  return heldBackOf(totalsOf(await withdrawalTotals(tx, [fundId]), fundId));
}

/** A fund's refund under way, by its request's source (absent → zero). */
export async function refundUnderWay(tx: Db | Tx, source: string): Promise<number> {
  const [row] = await tx
    .select({ amount: pendingRefunds.amountPoisha })
    .from(pendingRefunds)
    .where(eq(pendingRefunds.source, source));
  return row?.amount ?? 0;
}
