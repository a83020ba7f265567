import type { FastifyInstance } from 'fastify';
import { reconcilePendingPayments } from './reconcile';
import type { PaymentDeps } from './service';

/**
 * Runs the reconciliation inside the server every PAYMENT_RECONCILE_INTERVAL_SECONDS
 * (0 turns it off), first a few seconds after start. Several processes may run it at
 * once: settling a payment is idempotent.
 */
export function startReconciler(app: FastifyInstance, deps: PaymentDeps) {
  const { config } = app;
  const everyMs = config.PAYMENT_RECONCILE_INTERVAL_SECONDS * 1000;
  if (everyMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = () => {
    if (stopped) return Promise.resolve();
    running ??= once().finally(() => {
      running = undefined;
    });
    return running;
  };
  const once = async () => {
    try {
      const report = await reconcilePendingPayments(deps, {
        olderThanMs: config.PAYMENT_RECONCILE_AFTER_MINUTES * 60_000,
        abandonAfterMs: config.PAYMENT_ABANDON_AFTER_HOURS * 3_600_000,
      });
      if (report.checked > 0) app.log.info({ reconcile: report }, 'pending payments reconciled');
    } catch (err) {
      app.log.warn({ err }, 'payment reconciliation failed; it runs again later');
    }
  };

  app.addHook('onReady', async () => {
    timer = setTimeout(
      function tick() {
        void run().finally(() => {
          if (!stopped) timer = setTimeout(tick, everyMs).unref();
        });
      },
      Math.min(everyMs, 5_000),
    ).unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
