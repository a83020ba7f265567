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

/** Runs hourly as a job (one process at a time, once per hour across all of them). */
export default fp(
  async function housekeepingPlugin(app: FastifyInstance) {
    app.jobs.handle(QUEUES.housekeeping, () => housekeeping(app));
  },
  { name: 'housekeeping', dependencies: ['jobs'] },
);
