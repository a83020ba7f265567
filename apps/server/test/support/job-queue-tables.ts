import type { Database } from '../../src/db/client';
import { Jobs } from '../../src/lib/job-queue';

/**
 * Makes the job queue's tables and every queue on `database`, as a server's first start
 * does: the tests' databases are copied from one so prepared, and each test app's start
 * then finds them made (creating them costs a third of a second of processor on the
 * embedded database, a test file at a time). A new database's set-up stays covered by
 * the tests that start real servers on new data directories and databases.
 */
export async function prepareJobQueue(database: Database): Promise<void> {
  const log = { warn() {}, info() {} };
  const jobs = Jobs.sendOnly(database, log, {
    JOBS_POLL_SECONDS: 1,
    JOBS_MAINTENANCE_SECONDS: 60,
    JOBS_TIMEOUT_SECONDS: 60,
    JOBS_RETRY_DELAY_SECONDS: 1,
  });
  await jobs.prepare();
  await jobs.stop();
}
