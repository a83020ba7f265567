import { and, asc, eq, lt } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { type PaymentDeps, settlePayment } from './service';

export interface ReconcileOptions {
  /** Only payments pending for longer than this are re-read. */
  olderThanMs: number;
  /** A payment still unpaid after this long is marked failed. */
  abandonAfterMs: number;
  /** At most this many payments per run. */
  limit?: number;
  now?: Date;
}

export interface ReconcileReport {
  checked: number;
  succeeded: number;
  failed: number;
  stillPending: number;
  errors: number;
}

/**
 * Re-reads payments still pending after a while from the provider and records or
 * fails them, through the same idempotent path as the browser's confirmation. Covers
 * a browser that closed, a server killed mid-donation and a webhook that never came.
 */
export async function reconcilePendingPayments(
  deps: PaymentDeps,
  opts: ReconcileOptions,
): Promise<ReconcileReport> {
  const now = opts.now ?? new Date();
  const rows = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        eq(payments.provider, deps.provider.name),
        lt(payments.createdAt, new Date(now.getTime() - opts.olderThanMs)),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(opts.limit ?? 500);

  const report: ReconcileReport = {
    checked: rows.length,
    succeeded: 0,
    failed: 0,
    stillPending: 0,
    errors: 0,
  };
  const abandonBefore = new Date(now.getTime() - opts.abandonAfterMs);
  for (const row of rows) {
    try {
      const outcome = await settlePayment(deps, row, { abandonBefore });
      if (outcome === 'succeeded') report.succeeded++;
      else if (outcome === 'failed') report.failed++;
      else report.stillPending++;
    } catch (err) {
      report.errors++;
      deps.log.warn({ err, paymentId: row.id }, 'reconciliation could not settle a payment');
    }
  }
  return report;
}
