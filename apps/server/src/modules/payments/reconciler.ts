import type { FastifyInstance } from 'fastify';
import { QUEUES } from '../../lib/jobs';
import { reconcilePendingPayments } from './reconcile';
import type { PaymentDeps } from './service';

/**
 * The reconciliation job: every PAYMENT_RECONCILE_INTERVAL_SECONDS (rounded to whole
 * minutes; 0 turns it off) one process of all that share the database re-reads the
 * payments still pending (decision 226). A failed run is retried by the queue.
 */
export function registerReconciler(app: FastifyInstance, deps: PaymentDeps) {
  const { config } = app;
  app.jobs.handle(QUEUES.reconcilePayments, async () => {
    const report = await reconcilePendingPayments(deps, {
      olderThanMs: config.PAYMENT_RECONCILE_AFTER_MINUTES * 60_000,
      abandonAfterMs: config.PAYMENT_ABANDON_AFTER_HOURS * 3_600_000,
    });
    if (report.checked > 0 || report.refundHoldsSettled > 0)
      app.log.info({ reconcile: report }, 'pending payments reconciled');
    if (report.errors > 0) throw new Error(`${report.errors} payments could not be settled`);
  });
}
