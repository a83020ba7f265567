import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { Jobs, type JobsOptions, QUEUES } from '../src/lib/job-queue';
import { createPostgresDatabase, TEST_DB_KIND } from './helper';

const STOPPED_LATE = 'job queue: a job finished after the queue stopped';

/** A job queue on `database` that polls twice a second and logs nothing, unless told. */
const jobsOn = (database: Database, options: Partial<JobsOptions> = {}) =>
  new Jobs({
    database,
    log: { warn() {}, info() {} },
    pollSeconds: 0.5,
    maintenanceSeconds: 60,
    timeoutSeconds: 60,
    retryDelaySeconds: 1,
    ...options,
  });

describe('the job queue at shutdown', () => {
  it('a job that finishes after the queue stopped and the database closed fails nothing unhandled', async () => {
    const scratch = TEST_DB_KIND === 'postgres' ? await createPostgresDatabase() : null;
    const database = await openDatabase(scratch ? { url: scratch.url, poolSize: 2 } : {});
    const warnings: string[] = [];
    const jobs = jobsOn(database, {
      log: { warn: (_obj, msg) => warnings.push(msg), info() {} },
      retryDelaySeconds: 15,
      stopTimeoutMs: 100,
    });
    let began!: () => void;
    const running = new Promise<void>((resolve) => (began = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    jobs.handle(QUEUES.mail, async () => {
      began();
      await released;
    });
    try {
      await jobs.start();
      await jobs.send(QUEUES.mail, { key: 'late', mail: {} });
      await running;
      // The graceful wait ends with the job still running; then the database closes.
      await jobs.stop();
      await database.close();
      release();
      // Its completion statement meets the closed database: logged, and (as Vitest fails
      // a run on an unhandled rejection) nothing else.
      const deadline = Date.now() + 10_000;
      while (!warnings.includes(STOPPED_LATE) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(warnings).toContain(STOPPED_LATE);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      release();
      await database.close().catch(() => {});
      await scratch?.drop();
    }
  });
});

describe('the job queue in batches', () => {
  it('takes a queue of short jobs several at a fetch and runs them together; a failing one is retried on its own, the others done once', async () => {
    const scratch = TEST_DB_KIND === 'postgres' ? await createPostgresDatabase() : null;
    const opened = await openDatabase(scratch ? { url: scratch.url, poolSize: 2 } : {});
    // The queue's fetches of mail jobs, counted as they reach the database.
    let fetches = 0;
    const database: Database = {
      ...opened,
      executeSql(text, values) {
        if (/WITH next as/i.test(text) && values?.[0] === QUEUES.mail) fetches++;
        return opened.executeSql(text, values);
      },
    };
    const jobs = jobsOn(database);
    const runs: { key: string; fetch: number }[] = [];
    let running = 0;
    let mostAtOnce = 0;
    jobs.handle(QUEUES.mail, async (data) => {
      const key = String(data.key);
      runs.push({ key, fetch: fetches });
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      // A mail server's answer takes a while: the batch's other jobs run meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 100));
      running--;
      if (key === 'b' && runs.filter((r) => r.key === 'b').length === 1) {
        throw new Error('the mail server hung up');
      }
    });
    try {
      // Queued before the workers start: the first fetch finds all three.
      await jobs.prepare();
      const ids = [];
      for (const key of ['a', 'b', 'c']) ids.push(await jobs.send(QUEUES.mail, { key, mail: {} }));
      await jobs.start();
      const deadline = Date.now() + 20_000;
      while (runs.filter((r) => r.key === 'b').length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const firstFetch = runs.slice(0, 3);
      expect(firstFetch.map((r) => r.key).sort()).toEqual(['a', 'b', 'c']);
      expect(new Set(firstFetch.map((r) => r.fetch)).size).toBe(1);
      expect(mostAtOnce).toBe(3);
      // a and c ran once; b failed, went back to the queue alone and ran again.
      expect(runs.length).toBe(4);
      expect(runs[3]!.key).toBe('b');
      expect(runs[3]!.fetch).toBeGreaterThan(runs[0]!.fetch);
      // pg-boss completes a batch's jobs just after the batch: wait for the last one.
      const states = async () =>
        (
          await opened.executeSql(
            'select data->>$2 as key, state, retry_count from pgboss.job where name = $1 order by 1',
            [QUEUES.mail, 'key'],
          )
        ).rows;
      let rows = await states();
      while (rows.some((r) => r.state !== 'completed') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        rows = await states();
      }
      expect(rows).toEqual([
        { key: 'a', state: 'completed', retry_count: 0 },
        { key: 'b', state: 'completed', retry_count: 1 },
        { key: 'c', state: 'completed', retry_count: 0 },
      ]);
      expect(ids.every(Boolean)).toBe(true);
    } finally {
      await jobs.stop();
      await opened.close();
      await scratch?.drop();
    }
  });

  it('a backlog of receipts is taken by two workers at once: one batch runs while the next is fetched and begun; each job once', async () => {
    const scratch = TEST_DB_KIND === 'postgres' ? await createPostgresDatabase() : null;
    const opened = await openDatabase(scratch ? { url: scratch.url, poolSize: 4 } : {});
    const jobs = jobsOn(opened);
    const handled: string[] = [];
    let batchesRunning = 0;
    let mostBatchesAtOnce = 0;
    jobs.handleBatch(QUEUES.receiptMail, async (batch) => {
      batchesRunning++;
      mostBatchesAtOnce = Math.max(mostBatchesAtOnce, batchesRunning);
      // A batch's PDFs and mails take a while: the other worker fetches meanwhile. The
      // first waits for a second to begin (up to 5 s; with one worker none ever does).
      const waitUntil = Date.now() + 5_000;
      while (mostBatchesAtOnce < 2 && Date.now() < waitUntil) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const data of batch) handled.push(String(data.paymentId));
      batchesRunning--;
      return new Map();
    });
    try {
      // 50 receipts waiting before the workers start: three fetches' worth.
      await jobs.prepare();
      const sent = [];
      for (let i = 0; i < 50; i++) {
        sent.push(String(i));
        await jobs.send(QUEUES.receiptMail, { paymentId: String(i) });
      }
      await jobs.start();
      const deadline = Date.now() + 20_000;
      while (handled.length < sent.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(mostBatchesAtOnce).toBe(2);
      expect([...handled].sort()).toEqual([...sent].sort());
    } finally {
      await jobs.stop();
      await opened.close();
      await scratch?.drop();
    }
  });
});
