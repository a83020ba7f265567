import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { Jobs, QUEUES } from '../src/lib/jobs';
import { createPostgresDatabase, TEST_DB_KIND } from './helper';

const STOPPED_LATE = 'job queue: a job finished after the queue stopped';

describe('the job queue at shutdown', () => {
  it('a job that finishes after the queue stopped and the database closed fails nothing unhandled', async () => {
    const scratch = TEST_DB_KIND === 'postgres' ? await createPostgresDatabase() : null;
    const database = await openDatabase(scratch ? { url: scratch.url, poolSize: 2 } : {});
    const warnings: string[] = [];
    const jobs = new Jobs({
      database,
      log: { warn: (_obj, msg) => warnings.push(msg), info() {} },
      pollSeconds: 0.5,
      maintenanceSeconds: 60,
      timeoutSeconds: 60,
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
