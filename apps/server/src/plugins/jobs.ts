import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Jobs, QUEUES } from '../lib/job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** Every `minutes` minutes as cron. */
function everyMinutes(minutes: number): string {
  return minutes <= 1 ? '* * * * *' : `*/${minutes} * * * *`;
}

/**
 * The job queue (decision 226): modules register their handlers while they load; the
 * workers and the recurring jobs start when the server is ready and stop (finishing
 * what they hold) when it closes. Tests run the workers but no recurring jobs.
 */
export default fp(
  async function jobsPlugin(app: FastifyInstance) {
    const { config } = app;
    const reconcileSeconds = config.PAYMENT_RECONCILE_INTERVAL_SECONDS;
    const jobs = new Jobs({
      database: app.database,
      log: app.log,
      pollSeconds: config.JOBS_POLL_SECONDS,
      maintenanceSeconds: config.JOBS_MAINTENANCE_SECONDS,
      timeoutSeconds: config.JOBS_TIMEOUT_SECONDS,
      retryDelaySeconds: config.JOBS_RETRY_DELAY_SECONDS,
      schedules:
        config.NODE_ENV === 'test'
          ? undefined
          : {
              [QUEUES.housekeeping]: '17 * * * *',
              [QUEUES.adminDigest]: '0 9 * * *',
              [QUEUES.recurringGifts]: '*/10 * * * *',
              ...(reconcileSeconds > 0
                ? {
                    [QUEUES.reconcilePayments]: everyMinutes(Math.round(reconcileSeconds / 60)),
                    [QUEUES.refundStatus]: everyMinutes(Math.round(reconcileSeconds / 60)),
                  }
                : {}),
            },
    });
    app.decorate('jobs', jobs);
    // The queue's tables and schedules are set up while the other modules register their
    // routes (its statements run alongside); the workers start when the server is ready.
    const preparing = jobs.prepare();
    preparing.catch(() => {});
    app.addHook('onReady', async () => {
      await preparing;
      await jobs.start();
    });
    app.addHook('onClose', async () => {
      await jobs.stop();
    });
  },
  { name: 'jobs' },
);
