import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { session, verification } from '../db/schema';
import { QUEUES } from '../lib/job-queue';
import { pruneRateLimits } from '../db/rate-limit-store';
import { pruneUnusedUploads } from '../modules/uploads/service';

const KEEP_COUNTERS_MS = 24 * 60 * 60_000;

/**
 * Hourly clean-up of rows nothing else deletes: rate-limit counters idle for a day,
 * expired reset/verification tokens, expired sessions (with the network address and
 * browser they were signed in from: kept no longer than the session), and uploads
 * nothing has used for a day (with their files). A job of the queue (decision 226); safe
 * even if two ran at once.
 */
export async function housekeeping(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const counters = await pruneRateLimits(db, KEEP_COUNTERS_MS);
  const tokens = await db
    .delete(verification)
    .where(lt(verification.expiresAt, new Date()))
    .returning({ id: verification.id });
  const sessions = await db
    .delete(session)
    .where(lt(session.expiresAt, new Date()))
    .returning({ id: session.id });
  const images = await pruneUnusedUploads(db, app.storage);
  if (counters + tokens.length + sessions.length + images > 0) {
    app.log.info(
      { counters, tokens: tokens.length, sessions: sessions.length, images },
      'housekeeping removed stale rows',
    );
  }
}

/**
 * The embedded database's upkeep, nightly (03:30 in Dhaka): PGlite runs PostgreSQL without
 * its autovacuum, so every row version a donation, a job or a session leaves behind stayed
 * in its table's indexes, and the planner had no statistics. The job queue's fetch, for
 * one, read an index entry for every job ever done (decision 481). `VACUUM (ANALYZE)` of
 * the whole database, on its one connection: requests wait for it. A PostgreSQL server
 * does this itself (autovacuum): nothing is done there. Says whether it ran.
 */
export async function keepUpEmbeddedDatabase(app: FastifyInstance): Promise<boolean> {
  const { database } = app;
  if (database.kind !== 'pglite') return false;
  const started = performance.now();
  await database.executeSql('VACUUM (ANALYZE)');
  app.log.info(
    { ms: Math.round(performance.now() - started) },
    'embedded database vacuumed and analysed',
  );
  return true;
}

/**
 * The hourly housekeeping and the embedded database's nightly upkeep, as jobs (one process
 * at a time, once per run across all of them).
 */
export default fp(
  async function housekeepingPlugin(app: FastifyInstance) {
    app.jobs.handle(QUEUES.housekeeping, () => housekeeping(app));
    app.jobs.handle(QUEUES.databaseUpkeep, async () => {
      await keepUpEmbeddedDatabase(app);
    });
  },
  { name: 'housekeeping', dependencies: ['jobs'] },
);
