import { and, asc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import { payments, pendingRefunds } from '../../db/schema';
import { reconcileCheckout } from './checkout-settlement';
import { type PaymentDeps, type PaymentRow, recordRefund, settlePayment } from './service';

export interface ReconcileOptions {
  /** Only payments pending for longer than this are re-read. */
  olderThanMs: number;
  /** A payment still unpaid after this long is canceled at the provider and marked failed. */
  abandonAfterMs: number;
  /** Failed payments created within this window are re-read too (a success whose webhook was lost). Default 72 hours. */
  recheckFailedWithinMs?: number;
  /** A payment claimed by one run is left alone by others for this long. Default 2 minutes. */
  claimForMs?: number;
  /** An admin's refund held back longer than this is re-read at the provider. Default 15 minutes. */
  refundHoldsOlderThanMs?: number;
  /** At most this many payments per run. */
  limit?: number;
  now?: Date;
}

export interface ReconcileReport {
  checked: number;
  succeeded: number;
  failed: number;
  needsReview: number;
  stillPending: number;
  errors: number;
  /** Stale refund holds ended: what the provider refunded is recorded, the rest released. */
  refundHoldsSettled: number;
}

/**
 * Claims the payments this run re-reads, in one statement: pending ones older than
 * `olderThanMs` and recently failed ones, not claimed by another run in the last
 * `claimForMs`. `FOR UPDATE SKIP LOCKED` lets runs in several processes at once each
 * take different rows; `reconciled_at` keeps them from re-reading the same rows next.
 */
export async function claimPaymentsToReconcile(
  deps: PaymentDeps,
  opts: ReconcileOptions,
): Promise<PaymentRow[]> {
  const now = opts.now ?? new Date();
  const pendingBefore = new Date(now.getTime() - opts.olderThanMs);
  const failedAfter = new Date(now.getTime() - (opts.recheckFailedWithinMs ?? 72 * 3_600_000));
  const claimedBefore = new Date(now.getTime() - (opts.claimForMs ?? 120_000));
  const candidates = deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        inArray(
          payments.provider,
          deps.checkout ? [deps.provider.name, deps.checkout.name] : [deps.provider.name],
        ),
        or(
          and(eq(payments.status, 'pending'), lt(payments.createdAt, pendingBefore)),
          and(eq(payments.status, 'failed'), gt(payments.createdAt, failedAfter)),
        ),
        or(isNull(payments.reconciledAt), lt(payments.reconciledAt, claimedBefore)),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(opts.limit ?? 500)
    .for('update', { skipLocked: true });
  return deps.db
    .update(payments)
    .set({ reconciledAt: now })
    .where(inArray(payments.id, candidates))
    .returning();
}

/**
 * Re-reads payments still pending after a while, and recently failed ones, from the
 * provider and records or fails them, through the same idempotent path as the
 * browser's confirmation. Covers a browser that closed, a server killed mid-donation,
 * a webhook that never came and a retried card that succeeded after a failure.
 */
export async function reconcilePendingPayments(
  deps: PaymentDeps,
  opts: ReconcileOptions,
): Promise<ReconcileReport> {
  const now = opts.now ?? new Date();
  const rows = await claimPaymentsToReconcile(deps, opts);
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const report: ReconcileReport = {
    checked: rows.length,
    succeeded: 0,
    failed: 0,
    needsReview: 0,
    stillPending: 0,
    errors: 0,
    refundHoldsSettled: 0,
  };
  const abandonBefore = new Date(now.getTime() - opts.abandonAfterMs);
  for (const row of rows) {
    try {
      const checkout = deps.checkout;
      const outcome =
        checkout && row.provider === checkout.name
          ? await reconcileCheckout(
              {
                db: deps.db,
                gateway: checkout,
                publicUrl: deps.publicUrl ?? '',
                log: deps.log,
                jobs: deps.jobs,
              },
              row,
              { abandonBefore },
            )
          : await settlePayment(deps, row, { abandonBefore });
      if (outcome === 'succeeded') report.succeeded++;
      else if (outcome === 'failed') report.failed++;
      else if (outcome === 'needs_review') report.needsReview++;
      else report.stillPending++;
    } catch (err) {
      report.errors++;
      deps.log.warn({ err, paymentId: row.id }, 'reconciliation could not settle a payment');
    }
  }
  await settleStaleRefundHolds(deps, opts, report);
  return report;
}

/**
 * An admin's refund held back (`pending_refunds`) for longer than any provider call takes
 * was left by a process that died while the provider answered (decision 246). For a payment
 * of the card provider, whose intent reports its refund totals, the payment is re-read and
 * recorded through `recordRefund` under the hold's own source: what the provider refunded
 * reaches the ledger and the hold ends (the rest released). A hosted-checkout gateway reports
 * no totals: its holds stay, and `check:ledger` reports them for a person.
 */
async function settleStaleRefundHolds(
  deps: PaymentDeps,
  opts: ReconcileOptions,
  report: ReconcileReport,
): Promise<void> {
  const now = opts.now ?? new Date();
  const before = new Date(now.getTime() - (opts.refundHoldsOlderThanMs ?? 15 * 60_000));
  const holds = await deps.db
    .select({
      source: pendingRefunds.source,
      paymentId: pendingRefunds.paymentId,
      intentId: payments.providerPaymentId,
    })
    .from(pendingRefunds)
    .innerJoin(payments, eq(payments.id, pendingRefunds.paymentId))
    .where(and(lt(pendingRefunds.createdAt, before), eq(payments.provider, deps.provider.name)))
    .orderBy(asc(pendingRefunds.createdAt))
    .limit(opts.limit ?? 500);
  for (const hold of holds) {
    try {
      const intent = await deps.provider.retrieveIntent(hold.intentId);
      if (!intent) continue;
      await recordRefund(deps, hold.paymentId, intent, hold.source);
      report.refundHoldsSettled++;
    } catch (err) {
      report.errors++;
      deps.log.warn(
        { err, paymentId: hold.paymentId },
        'reconciliation could not settle a refund hold',
      );
    }
  }
}
