import type { FastifyInstance } from 'fastify';
import { QUEUES } from '../../lib/job-queue';
import { settleGatewayRefunds } from './gateway-refund-status';
import { reconcilePendingPayments } from './reconcile-pending';
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
  // The refund-status job, on the same interval: refunds asked of the checkout gateway whose
  // answer was lost are asked again (same refund_trans_id), initiated ones are queried by
  // refund_ref_id (decision 247).
  const checkout = deps.checkout;
  if (checkout) {
    app.jobs.handle(QUEUES.refundStatus, async () => {
      const report = await settleGatewayRefunds({
        db: deps.db,
        gateway: checkout,
        log: deps.log,
        mailQueue: deps.mailQueue,
      });
      if (report.asked + report.refunded + report.cancelled > 0)
        app.log.info({ refunds: report }, 'gateway refunds settled');
      if (report.errors > 0)
        throw new Error(`${report.errors} gateway refunds could not be settled`);
    });
  }
}
