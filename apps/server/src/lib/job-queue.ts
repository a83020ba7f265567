import PgBoss from 'pg-boss';
import type { SQL } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { inLanes } from './in-lanes';
import { keptPromise } from './kept-promise';
import { gatedJobInsert, transactionDb } from './pg-boss-sql';

/** The queues of background work (decision 226). */
export const QUEUES = {
  /** Any background e-mail; data: { key, mail }. */
  mail: 'mail',
  /** A donation's receipt e-mail with its PDF; data: { paymentId }. */
  receiptMail: 'receipt-mail',
  /** A refund's e-mail with its credit note as PDF; data: { refundId }. */
  creditNoteMail: 'credit-note-mail',
  /** A fund update's e-mails to the donors who asked for news; data: { fundId, fundName, updateId, body }. */
  updateMails: 'update-mails',
  /** A published spending report's e-mails to the donors who asked for news; data: { fund, report }. */
  spendingReportMails: 'spending-report-mails',
  /** An admin's decision (or a payout) by SMS to a raiser who chose it; data: { kind, id }. */
  decisionSms: 'decision-sms',
  /** The day's digest of what waits for the admins (09:00 Asia/Dhaka). */
  adminDigest: 'admin-digest',
  /** Re-reads payments still pending from the provider. */
  reconcilePayments: 'reconcile-payments',
  /** Asks a checkout gateway about refunds under way: lost answers, status by refund_ref_id. */
  refundStatus: 'refund-status',
  /** Rows nothing else deletes (rate-limit counters, expired tokens, unused uploads). */
  housekeeping: 'housekeeping',
  /** Monthly gifts: opens the periods that are due, charges saved cards, reminds wallets. */
  recurringGifts: 'recurring-gifts',
  /** The embedded database's nightly VACUUM and ANALYZE (PostgreSQL servers have autovacuum). */
  databaseUpkeep: 'database-upkeep',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** The queues of work that recurs on a schedule rather than waiting to be sent. */
const RECURRING_QUEUES: ReadonlySet<QueueName> = new Set([
  QUEUES.reconcilePayments,
  QUEUES.refundStatus,
  QUEUES.housekeeping,
  QUEUES.recurringGifts,
  QUEUES.adminDigest,
  QUEUES.databaseUpkeep,
]);

export interface JobOptions {
  /** An idempotent key (a UUID): a second send with the same id adds nothing. */
  id?: string;
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Tx;
}

export interface JobsOptions {
  database: Database;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Seconds between polls of a worker for new jobs. */
  pollSeconds: number;
  /** Seconds between maintenance runs (expired jobs go back to the queue). */
  maintenanceSeconds: number;
  /** A job running longer than this is taken to have died with its process and is retried. */
  timeoutSeconds: number;
  /** Seconds before a failed job's first retry (then exponential back-off). */
  retryDelaySeconds: number;
  /** Recurring jobs: queue → cron (Asia/Dhaka). */
  schedules?: Partial<Record<QueueName, string>>;
  /** Only sends jobs (the command-line tools): no workers, no maintenance. */
  producerOnly?: boolean;
  /** How long `stop()` waits for running jobs to finish (ms); 10 s unless set. */
  stopTimeoutMs?: number;
}

type Handler = (data: Record<string, unknown>) => Promise<void>;
/** A queue's handler: of each job, or of a fetch of them together. */
type QueueHandler = { kind: 'each'; run: Handler } | { kind: 'batch'; run: BatchHandler };

/**
 * A handler of a whole fetch of jobs (their data, in the fetch's order), for a queue whose
 * jobs share their statements (one read of all their rows, one write of all their marks):
 * says which jobs failed, by their place in the batch, and why. A job not named is done.
 */
export type BatchHandler = (
  batch: readonly Record<string, unknown>[],
) => Promise<ReadonlyMap<number, unknown>>;

/** Key of the advisory lock that lets one process at a time set up the job queue. */
const JOBS_START_LOCK_KEY = 7_201_604_212;
/** Recurring jobs run by the clock of Dhaka. */
const scheduleTimeZone = 'Asia/Dhaka';
/**
 * How a worker takes a queue of many short jobs (a donation's receipt, a background
 * mail: a few statements, a PDF, a mail server's answer each): several at a fetch, which
 * saves fetching and completing them one by one, and a few at a time, so that one job's
 * waits (the database, the mail server) leave the processor to another's PDF. The jobs of
 * a batch are held by one process until they are done (a process that dies leaves them
 * to be taken over after `timeoutSeconds`, like a single job), so the batches stay small.
 * Receipts come in twenties, eight drawn at a time: a fetch, its read and its writes
 * between two batches leave the printer idle, so fewer of them drain a backlog sooner
 * (decision 475). A backlog of receipts also has a second worker (`helpers`): while one
 * batch's mails are recorded and the next fetched, the other's PDFs keep the printer's
 * thread busy (decision 486). Other queues: one job at a time.
 */
const BATCHES: Partial<Record<QueueName, { size: number; atOnce: number; helpers?: number }>> = {
  [QUEUES.receiptMail]: { size: 20, atOnce: 8, helpers: 1 },
  [QUEUES.creditNoteMail]: { size: 10, atOnce: 4 },
  [QUEUES.mail]: { size: 10, atOnce: 4 },
};

/**
 * The job queue: pg-boss on the application's own database (PostgreSQL or the embedded
 * PGlite, through the app's connection). Jobs are retried with back-off, survive a
 * restart, and a job held by a process that died is taken over after `timeoutSeconds`.
 */
export class Jobs {
  private readonly boss: PgBoss;
  /**
   * The recurring jobs' clock (pg-boss's timekeeper, on a pg-boss of its own): it starts
   * with the workers, not with the queue's set-up, so that a starting server's first
   * answers do not wait for its statements (its queue, its first check of the schedules).
   */
  private clock: Promise<PgBoss> | null = null;
  private readonly handlers = new Map<QueueName, QueueHandler>();
  private readonly workerIds = new Map<QueueName, string>();
  private readonly jobStatements = new Map<string, Promise<SQL>>();
  private started = false;
  private preparing: Promise<void> | null = null;
  /** Set by stop(): statements of jobs finishing later may find the database closed. */
  private stopped = false;

  /**
   * A queue that only adds jobs (the command-line tools): no workers, no maintenance; the
   * server sends what they add.
   */
  static sendOnly(
    database: Database,
    log: JobsOptions['log'],
    settings: {
      JOBS_POLL_SECONDS: number;
      JOBS_MAINTENANCE_SECONDS: number;
      JOBS_TIMEOUT_SECONDS: number;
      JOBS_RETRY_DELAY_SECONDS: number;
    },
  ): Jobs {
    return new Jobs({
      database,
      log,
      pollSeconds: settings.JOBS_POLL_SECONDS,
      maintenanceSeconds: settings.JOBS_MAINTENANCE_SECONDS,
      timeoutSeconds: settings.JOBS_TIMEOUT_SECONDS,
      retryDelaySeconds: settings.JOBS_RETRY_DELAY_SECONDS,
      producerOnly: true,
    });
  }

  constructor(private readonly opts: JobsOptions) {
    this.boss = this.makeBoss(false);
  }

  /** The queue's pg-boss, or (`clock`) the one that only sends the recurring jobs when due. */
  private makeBoss(clock: boolean): PgBoss {
    const { opts } = this;
    const { database } = opts;
    const boss = new PgBoss({
      db: {
        // After stop(), a handler that outlived the graceful wait still reports its job
        // done or failed; pg-boss does not catch that statement, and with the database
        // closed it would fail unhandled. The job then stays active and is taken over
        // after `timeoutSeconds`, like one whose process died (sent mails are not repeated).
        // The answer is "nothing changed": its completion and failure statements end in
        // `SELECT COUNT(*)`, whose one row pg-boss reads; any other, no rows.
        executeSql: async (text, values) => {
          try {
            return await database.executeSql(text, values);
          } catch (err) {
            if (!this.stopped) throw err;
            opts.log.warn({ err }, 'job queue: a job finished after the queue stopped');
            return { rows: /select count\(\*\)/i.test(text) ? [{ count: 0 }] : [] };
          }
        },
      },
      schema: 'pgboss',
      supervise: !opts.producerOnly && !clock,
      schedule: clock,
      migrate: !clock,
      maintenanceIntervalSeconds: opts.maintenanceSeconds,
      retryLimit: 6,
      retryDelay: opts.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: opts.timeoutSeconds,
      retentionDays: 7,
      deleteAfterDays: 7,
    });
    boss.on('error', (err) => opts.log.warn({ err }, 'job queue error'));
    return boss;
  }

  /** Registers the handler of a queue; workers start with `start()`. */
  handle(queue: QueueName, handler: Handler): void {
    this.handlers.set(queue, { kind: 'each', run: handler });
  }

  /**
   * Registers the handler of a queue's whole fetches (BATCHES): it runs its jobs `atOnce`
   * at a time itself (`lanes`); each job is still retried on its own.
   */
  handleBatch(queue: QueueName, handler: BatchHandler): void {
    this.handlers.set(queue, { kind: 'batch', run: handler });
  }

  /** How many jobs of a queue's fetch run at once (BATCHES). */
  lanes(queue: QueueName): number {
    return BATCHES[queue]?.atOnce ?? 1;
  }

  /**
   * Sets up the queue's tables, its queues and the recurring jobs' schedules, without
   * workers. The server begins it while it builds its routes (the statements then run
   * alongside); `start()` awaits it. Runs once until `stop()`.
   */
  prepare(): Promise<void> {
    this.preparing ??= this.setUp();
    return this.preparing;
  }

  private async setUp(): Promise<void> {
    // Several processes starting at once on a new database would race (and deadlock) to
    // create the queue's schema and queues: one at a time (the others then find them made).
    await this.opts.database.exclusively(JOBS_START_LOCK_KEY, async () => {
      await this.boss.start();
      // One statement finds the queues a restart already has (pg-boss leaves an existing
      // queue as it is): only a new database's are created, one statement each.
      const existing = new Set((await this.boss.getQueues()).map((q) => q.name));
      for (const name of Object.values(QUEUES)) {
        if (existing.has(name)) continue;
        // Recurring work: at most one run waiting or active across all processes.
        const policy = RECURRING_QUEUES.has(name) ? 'singleton' : 'standard';
        await this.boss.createQueue(name, { name, policy });
      }
    });
    if (!this.opts.schedules) return;
    // Only a schedule that differs from the stored one is written (a restart changes none).
    const stored = new Map(
      (await this.boss.getSchedules()).map((s) => [s.name, `${s.cron} ${s.options?.tz}`]),
    );
    for (const name of Object.values(QUEUES)) {
      const cron = this.opts.schedules[name];
      if (cron) {
        if (stored.get(name) !== `${cron} ${scheduleTimeZone}`) {
          await this.boss.schedule(name, cron, {}, { tz: scheduleTimeZone });
        }
      } else if (stored.has(name)) {
        await this.boss.unschedule(name);
      }
    }
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.prepare();
    this.started = true;
    this.stopped = false;
    if (this.opts.producerOnly) return;
    for (const [queue, handler] of this.handlers) {
      // The jobs of a fetch (BATCHES) each run and are retried on their own (a batch
      // handler runs them together and names the ones that failed): a job that fails is
      // sent back to its queue at once, and pg-boss completes the others (only jobs still
      // active) when the batch ends. After a batch the worker asks again at once
      // instead of waiting for the next poll, so a backlog (a fund update's mails, receipts
      // after a busy hour) drains as fast as the jobs run.
      const { size, atOnce, helpers = 0 } = BATCHES[queue] ?? { size: 1, atOnce: 1 };
      this.workerIds.set(queue, await this.work(queue, handler, size, atOnce));
      // A helper is not woken by a new job (one worker takes each job as it comes, and
      // two would split a burst into fetches of one or two): it finds a backlog at its
      // poll and then fetches again after each batch while jobs are there.
      for (let h = 0; h < helpers; h++) await this.work(queue, handler, size, atOnce);
    }
    if (this.opts.schedules) {
      const clock = this.makeBoss(true);
      this.clock = clock.start().then(() => clock);
      await this.clock;
    }
  }

  /** One pg-boss worker of `queue`, fetching `size` jobs at a time and running `atOnce`. */
  private async work(
    queue: QueueName,
    handler: QueueHandler,
    size: number,
    atOnce: number,
  ): Promise<string> {
    let workerId = '';
    workerId = await this.boss.work<Record<string, unknown>>(
      queue,
      { pollingIntervalSeconds: this.opts.pollSeconds, batchSize: size },
      async (batch) => {
        try {
          if (handler.kind === 'batch') {
            let failed: ReadonlyMap<number, unknown>;
            try {
              failed = await handler.run(batch.map((job) => job.data));
            } catch (err) {
              // Nothing of the batch is known done: every job goes back to its queue.
              failed = new Map(batch.map((_, i) => [i, err]));
            }
            for (const [i, err] of failed) await this.boss.fail(queue, batch[i]!.id, err as object);
            return;
          }
          await inLanes(batch, atOnce, async (job) => {
            try {
              await handler.run(job.data);
            } catch (err) {
              await this.boss.fail(queue, job.id, err as object);
            }
          });
        } finally {
          if (workerId && batch.length) this.boss.notifyWorker(workerId);
        }
      },
    );
    return workerId;
  }

  /**
   * The statement that adds a job, for a caller's own statement (a data-modifying `WITH`
   * part) built once and run many times: pg-boss's own text and values, except that the
   * queue's name is read from `gate` (the name of an earlier part of the same statement),
   * so the job is added only when that part has a row, in the same round trip and the same
   * transaction; the job's id and data are the placeholders `jobId` and `jobData` (its
   * data as JSON text). Everything else is what pg-boss gives any job of the queue added
   * with an id of its own. With `keyedBy`, the job's id is the gate row's `id` and its
   * data `{ [keyedBy]: id }`, for a statement that finds its row itself. Call `sent` once a
   * statement committed with a job in it.
   */
  jobStatement(queue: QueueName, gate: string, keyedBy?: string): Promise<SQL> {
    const key = `${queue}\u0000${gate}\u0000${keyedBy ?? ''}`;
    return keptPromise(this.jobStatements, key, () =>
      gatedJobInsert(this.boss, queue, gate, keyedBy),
    );
  }

  /** A job added by a `jobStatement` statement has committed: this process's worker takes it. */
  sent(queue: QueueName): void {
    this.notify(queue);
  }

  /** Wakes this process's worker of `queue` (if it has one): a job is there to take. */
  private notify(queue: QueueName): void {
    const workerId = this.workerIds.get(queue);
    if (workerId) this.boss.notifyWorker(workerId);
  }

  /** Adds a job; with `tx`, as part of that transaction. Returns the job's id (null when
   *  a job with the same id already exists). */
  async send(
    queue: QueueName,
    data: Record<string, unknown>,
    opts: JobOptions = {},
  ): Promise<string | null> {
    const id = await this.boss.send(queue, data, {
      ...(opts.id ? { id: opts.id } : {}),
      ...(opts.tx ? { db: transactionDb(opts.tx) } : {}),
    });
    // Outside a transaction the job is there now: this process's worker takes it at once
    // (inside one it appears at the commit, and the next poll finds it).
    if (id && !opts.tx) this.notify(queue);
    return id;
  }

  async stop(): Promise<void> {
    const preparing = this.preparing;
    if (!preparing) return;
    this.preparing = null;
    // A set-up still under way is let finish first, so pg-boss stops whole; one that
    // failed left nothing running (as a failed start).
    const prepared = await preparing.then(
      () => true,
      () => false,
    );
    if (!prepared) return;
    this.started = false;
    this.stopped = true;
    this.workerIds.clear();
    // A clock still starting is stopped once started (pg-boss ignores a stop before).
    const clock = await this.clock?.catch(() => null);
    this.clock = null;
    for (const boss of clock ? [clock, this.boss] : [this.boss]) {
      await boss.stop({
        graceful: true,
        wait: true,
        close: false,
        timeout: this.opts.stopTimeoutMs ?? 10_000,
      });
    }
  }
}
