import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import { formatTk } from '@easyfund/shared/money';
import { type Db, rowsOf } from '../../db/client';
import {
  funds,
  ledgerSettings,
  payments,
  pendingRefunds,
  refunds,
  withdrawals,
} from '../../db/schema';
import { ofLedgerMode } from './mode';

/** One fund whose stored totals disagree with its payments or its withdrawals. */
export interface LedgerProblem {
  fundId: string;
  fundName: string;
  kind: 'raised_total' | 'donation_count' | 'withdrawals_exceed_raised' | 'refunds_mismatch';
  /** What the fund row says (or, for withdrawals, what was requested). */
  recorded: number;
  /** What the payments prove (or, for withdrawals, what was raised). */
  expected: number;
  message: string;
}

/** A payment the provider took but we did not record: a person must look at it. */
export interface ReviewItem {
  paymentId: string;
  fundId: string;
  providerPaymentId: string;
  amountPoisha: number;
  message: string | null;
  createdAt: string;
}

/**
 * An admin's refund held back (`pending_refunds`) for longer than any provider call takes:
 * the process died while the provider answered. Until it goes, it lowers the fund's
 * withdrawable balance and the payment's refundable amount (decision 246).
 */
export interface StaleRefundHold {
  paymentId: string;
  fundId: string;
  source: string;
  amountPoisha: number;
  ageMinutes: number;
}

export interface LedgerReport {
  ok: boolean;
  /** Whose payments the totals count: 'test' or 'live'. */
  mode: string;
  /** Payments in `needs_review` (the report is not ok while there are any). */
  needsReview: ReviewItem[];
  funds: number;
  succeededPayments: number;
  succeededPoisha: number;
  /** Withdrawals that are pending, approved or paid. */
  openOrApprovedWithdrawals: number;
  /**
   * Every fund's money in its parts: in (succeeded payments less refunds) = out (paid
   * withdrawals) + held (pending and approved withdrawals) + available (never below zero).
   */
  paidOutPoisha: number;
  heldPoisha: number;
  availablePoisha: number;
  /** Refund holds older than `stalePendingAfterMinutes` (the report is not ok while there are any). */
  staleRefundHolds: StaleRefundHold[];
  /** Payments still pending after `stalePendingAfterMinutes`: the reconciliation job's work. */
  stalePendingPayments: number;
  stalePendingAfterMinutes: number;
  problems: LedgerProblem[];
  /** Days whose kept totals (`donation_days`, the admin overview's) differ from their payments. */
  dayTotals: string[];
  /**
   * Funds whose kept sums (`fund_payment_sums`, what the database compares a fund's totals
   * with at each commit) differ from their payments, in any mode.
   */
  paymentSums: string[];
}

export interface LedgerOptions {
  /** A pending payment older than this is reported (not a failure). Default 15 minutes. */
  stalePendingAfterMs?: number;
  now?: Date;
}

const asNumber = (v: unknown) => Number(v ?? 0);

/**
 * What `donation_days` must hold, counted from the payments (columns day, mode, cause,
 * donations, amount): the check below compares with it, a rebuild inserts it.
 */
export const DONATION_DAYS_FROM_PAYMENTS = sql`
  select (p.succeeded_at at time zone 'Asia/Dhaka')::date as day, p.mode, f.cause,
    count(*) filter (where p.status = 'succeeded') as donations,
    sum(p.amount_poisha - p.refunded_poisha) as amount
  from payments p join funds f on f.id = p.fund_id
  where p.status in ('succeeded', 'refunded') and p.succeeded_at is not null
  group by 1, 2, 3`;

/**
 * What `fund_payment_sums` must hold, counted from the payments (columns fund_id, mode,
 * raised, donations): the check below compares with it, a rebuild inserts it.
 */
export const FUND_PAYMENT_SUMS_FROM_PAYMENTS = sql`
  select p.fund_id, p.mode, sum(p.amount_poisha - p.refunded_poisha) as raised,
    count(*) filter (where p.status = 'succeeded') as donations
  from payments p
  where p.status in ('succeeded', 'refunded')
  group by 1, 2`;

/**
 * Proves the money invariants on the whole database:
 * - every fund's raised total and donation count equal the sum and count of its
 *   succeeded payments (less refunds);
 * - every fund's payments show as refunded exactly what its `refunds` rows record;
 * - no fund's pending, approved and paid withdrawals exceed what its payments raised, so
 *   in = out (paid) + held (pending, approved) + available holds for every fund.
 * Read-only; one consistent snapshot (repeatable read) so a concurrent donation
 * cannot make a correct ledger look wrong.
 */
export async function checkLedger(db: Db, opts: LedgerOptions = {}): Promise<LedgerReport> {
  const staleAfterMs = opts.stalePendingAfterMs ?? 15 * 60_000;
  const now = opts.now ?? new Date();
  const staleBefore = new Date(now.getTime() - staleAfterMs);
  return db.transaction(
    async (tx) => {
      const paid = tx
        .select({
          fundId: payments.fundId,
          total: sql<string>`sum(${payments.amountPoisha} - ${payments.refundedPoisha})`.as(
            'paid_total',
          ),
          n: sql<number>`count(*) filter (where ${payments.status} = 'succeeded')`.as('paid_n'),
        })
        .from(payments)
        .where(
          and(inArray(payments.status, ['succeeded', 'refunded']), ofLedgerMode(payments.mode)),
        )
        .groupBy(payments.fundId)
        .as('paid');
      const taken = tx
        .select({
          fundId: withdrawals.fundId,
          total: sql<string>`sum(${withdrawals.amountPoisha})`.as('taken_total'),
          n: sql<number>`count(*)`.as('taken_n'),
          out: sql<string>`coalesce(sum(${withdrawals.amountPoisha}) filter (where ${withdrawals.status} = 'paid'), 0)`.as(
            'taken_out',
          ),
        })
        .from(withdrawals)
        .where(
          and(
            inArray(withdrawals.status, ['approved', 'pending', 'paid']),
            ofLedgerMode(withdrawals.mode),
          ),
        )
        .groupBy(withdrawals.fundId)
        .as('taken');

      const rows = await tx
        .select({
          id: funds.id,
          name: funds.name,
          raisedPoisha: funds.raisedPoisha,
          donationCount: funds.donationCount,
          paidPoisha: sql`coalesce(${paid.total}, 0)`.mapWith(asNumber),
          paidCount: sql`coalesce(${paid.n}, 0)`.mapWith(asNumber),
          takenPoisha: sql`coalesce(${taken.total}, 0)`.mapWith(asNumber),
          takenCount: sql`coalesce(${taken.n}, 0)`.mapWith(asNumber),
          outPoisha: sql`coalesce(${taken.out}, 0)`.mapWith(asNumber),
        })
        .from(funds)
        .leftJoin(paid, eq(paid.fundId, funds.id))
        .leftJoin(taken, eq(taken.fundId, funds.id))
        .orderBy(asc(funds.createdAt), asc(funds.id));

      // Each fund's refunded amounts on its payments equal its recorded refunds
      // (refunds and disputes less reinstated money), whatever the mode.
      const refundedOf = new Map(
        (
          await tx
            .select({
              fundId: payments.fundId,
              onPayments: sql`coalesce(sum(${payments.refundedPoisha}), 0)`.mapWith(asNumber),
            })
            .from(payments)
            .groupBy(payments.fundId)
        ).map((r) => [r.fundId, r.onPayments]),
      );
      const recordedOf = new Map(
        (
          await tx
            .select({
              fundId: payments.fundId,
              recorded:
                sql`coalesce(sum(case when ${refunds.kind} = 'reinstated' then -${refunds.amountPoisha} else ${refunds.amountPoisha} end), 0)`.mapWith(
                  asNumber,
                ),
            })
            .from(refunds)
            .innerJoin(payments, eq(payments.id, refunds.paymentId))
            .groupBy(payments.fundId)
        ).map((r) => [r.fundId, r.recorded]),
      );

      const [stale] = await tx
        .select({ n: count() })
        .from(payments)
        .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, staleBefore)));

      const staleHolds = await tx
        .select()
        .from(pendingRefunds)
        .where(lt(pendingRefunds.createdAt, staleBefore))
        .orderBy(asc(pendingRefunds.createdAt));

      const [settings] = await tx.select({ mode: ledgerSettings.mode }).from(ledgerSettings);
      const review = await tx
        .select()
        .from(payments)
        .where(eq(payments.status, 'needs_review'))
        .orderBy(asc(payments.createdAt));

      const problems: LedgerProblem[] = [];
      let succeededPayments = 0;
      let succeededPoisha = 0;
      let openOrApprovedWithdrawals = 0;
      let paidOutPoisha = 0;
      let heldPoisha = 0;
      let availablePoisha = 0;
      for (const f of rows) {
        succeededPayments += f.paidCount;
        succeededPoisha += f.paidPoisha;
        openOrApprovedWithdrawals += f.takenCount;
        paidOutPoisha += f.outPoisha;
        heldPoisha += f.takenPoisha - f.outPoisha;
        availablePoisha += Math.max(0, f.paidPoisha - f.takenPoisha);
        const base = { fundId: f.id, fundName: f.name };
        if (f.raisedPoisha !== f.paidPoisha) {
          problems.push({
            ...base,
            kind: 'raised_total',
            recorded: f.raisedPoisha,
            expected: f.paidPoisha,
            message: `raised total is ${formatTk(f.raisedPoisha)} but its succeeded payments sum to ${formatTk(f.paidPoisha)}`,
          });
        }
        if (f.donationCount !== f.paidCount) {
          problems.push({
            ...base,
            kind: 'donation_count',
            recorded: f.donationCount,
            expected: f.paidCount,
            message: `donation count is ${f.donationCount} but it has ${f.paidCount} succeeded payments`,
          });
        }
        const onPayments = refundedOf.get(f.id) ?? 0;
        const recordedRefunds = recordedOf.get(f.id) ?? 0;
        if (onPayments !== recordedRefunds) {
          problems.push({
            ...base,
            kind: 'refunds_mismatch',
            recorded: onPayments,
            expected: recordedRefunds,
            message: `its payments show ${formatTk(onPayments)} refunded but its recorded refunds total ${formatTk(recordedRefunds)}`,
          });
        }
        if (f.takenPoisha > f.paidPoisha) {
          problems.push({
            ...base,
            kind: 'withdrawals_exceed_raised',
            recorded: f.takenPoisha,
            expected: f.paidPoisha,
            message: `pending, approved and paid withdrawals total ${formatTk(f.takenPoisha)}, more than the ${formatTk(f.paidPoisha)} raised`,
          });
        }
      }
      // The overview's kept per-day totals against the payments they count, every mode.
      const dayRows = rowsOf(
        await tx.execute(sql`
          with expected as (${DONATION_DAYS_FROM_PAYMENTS})
          select to_char(coalesce(e.day, d.day), 'YYYY-MM-DD') as day, coalesce(e.mode, d.mode) as mode,
            coalesce(e.cause, d.cause) as cause, coalesce(d.donations, 0) as kept_n,
            coalesce(e.donations, 0) as n, coalesce(d.amount_poisha, 0) as kept_amount,
            coalesce(e.amount, 0) as amount
          from expected e full join donation_days d
            on d.day = e.day and d.mode = e.mode and d.cause = e.cause
          where coalesce(d.donations, 0) <> coalesce(e.donations, 0)
            or coalesce(d.amount_poisha, 0) <> coalesce(e.amount, 0)`),
      );
      const dayTotals = dayRows.map(
        (r) =>
          `${String(r.day)} ${String(r.mode)} ${String(r.cause)}: kept ${asNumber(r.kept_n)} donations, ${formatTk(asNumber(r.kept_amount))}; the payments say ${asNumber(r.n)}, ${formatTk(asNumber(r.amount))}`,
      );
      // The sums the database checks each fund's totals against, every mode.
      const sumRows = rowsOf(
        await tx.execute(sql`
          with expected as (${FUND_PAYMENT_SUMS_FROM_PAYMENTS})
          select coalesce(e.fund_id, s.fund_id) as fund_id, coalesce(e.mode, s.mode) as mode,
            coalesce(s.donation_count, 0) as kept_n, coalesce(e.donations, 0) as n,
            coalesce(s.raised_poisha, 0) as kept_raised, coalesce(e.raised, 0) as raised
          from expected e full join fund_payment_sums s
            on s.fund_id = e.fund_id and s.mode = e.mode
          where coalesce(s.donation_count, 0) <> coalesce(e.donations, 0)
            or coalesce(s.raised_poisha, 0) <> coalesce(e.raised, 0)
          order by 1, 2`),
      );
      const paymentSums = sumRows.map(
        (r) =>
          `fund ${String(r.fund_id)} ${String(r.mode)}: kept ${formatTk(asNumber(r.kept_raised))} in ${asNumber(r.kept_n)} donations; the payments say ${formatTk(asNumber(r.raised))} in ${asNumber(r.n)}`,
      );
      return {
        ok:
          problems.length === 0 &&
          review.length === 0 &&
          staleHolds.length === 0 &&
          dayTotals.length === 0 &&
          paymentSums.length === 0,
        dayTotals,
        paymentSums,
        mode: settings?.mode ?? 'test',
        needsReview: review.map((p) => ({
          paymentId: p.id,
          fundId: p.fundId,
          providerPaymentId: p.providerPaymentId,
          amountPoisha: p.amountPoisha,
          message: p.failureMessage,
          createdAt: p.createdAt.toISOString(),
        })),
        staleRefundHolds: staleHolds.map((h) => ({
          paymentId: h.paymentId,
          fundId: h.fundId,
          source: h.source,
          amountPoisha: h.amountPoisha,
          ageMinutes: Math.floor((now.getTime() - h.createdAt.getTime()) / 60_000),
        })),
        funds: rows.length,
        succeededPayments,
        succeededPoisha,
        openOrApprovedWithdrawals,
        paidOutPoisha,
        heldPoisha,
        availablePoisha,
        stalePendingPayments: stale?.n ?? 0,
        stalePendingAfterMinutes: Math.round(staleAfterMs / 60_000),
        problems,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
