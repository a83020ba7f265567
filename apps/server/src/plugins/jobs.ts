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
 * How long after the server listens its job workers start (`workersStart: 'listen'`): a
 * restart's first requests do not queue behind the workers' first polls and the recurring
 * jobs due at start, on the embedded database's one connection. Jobs added meanwhile wait
 * in the database, as between two polls.
 */
export const WORKERS_AFTER_LISTEN_MS = 1000;

export interface JobsPluginOptions {
  /**
   * When the workers start: once the server is ready (the default: an app that is only
   * injected into, as in the API tests, never listens), or {@link WORKERS_AFTER_LISTEN_MS}
   * after it listens (the server's start: its first requests do not wait for the workers'
   * statements).
   */
  workersStart?: 'ready' | 'listen';
}

/**
 * The job queue (decision 226): modules register their handlers while they load; the
 * workers and the recurring jobs start when the server is ready (or listens) and stop
 * (finishing what they hold) when it closes. Tests run the workers but no recurring jobs.
 */
export default fp(
  async function jobsPlugin(app: FastifyInstance, opts: JobsPluginOptions) {
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
              // PGlite runs PostgreSQL without its autovacuum (decision 481).
              ...(app.database.kind === 'pglite' ? { [QUEUES.databaseUpkeep]: '30 3 * * *' } : {}),
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
    // routes (its statements run alongside), and are ready before the server answers (a
    // request may queue a job); the workers start when the server is ready or listens.
    const preparing = jobs.prepare();
    preparing.catch(() => {});
    const afterListen = opts.workersStart === 'listen';
    app.addHook('onReady', async () => {
      await preparing;
      if (!afterListen) await jobs.start();
    });
    let workersTimer: NodeJS.Timeout | undefined;
    if (afterListen) {
      app.addHook('onListen', async () => {
        // Not awaited: the server answers while the workers start; a failure is logged
        // (the queued jobs wait in the database for the next start).
        workersTimer = setTimeout(() => {
          jobs.start().catch((err: unknown) => app.log.error({ err }, 'job workers did not start'));
        }, WORKERS_AFTER_LISTEN_MS);
      });
    }
    app.addHook('onClose', async () => {
      clearTimeout(workersTimer);
      await jobs.stop();
    });
  },
  { name: 'jobs' },
);
