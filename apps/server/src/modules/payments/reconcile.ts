import { and, asc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { reconcileCheckout } from './checkout';
import { type PaymentDeps, type PaymentRow, settlePayment } from './service';

export interface ReconcileOptions {
  /** Only payments pending for longer than this are re-read. */
  olderThanMs: number;
  /** A payment still unpaid after this long is canceled at the provider and marked failed. */
  abandonAfterMs: number;
  /** Failed payments created within this window are re-read too (a success whose webhook was lost). Default 72 hours. */
  recheckFailedWithinMs?: number;
  /** A payment claimed by one run is left alone by others for this long. Default 2 minutes. */
  claimForMs?: number;
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
  return report;
}
