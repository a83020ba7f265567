import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { verification } from '../db/schema';
import { pruneRateLimits } from '../lib/rate-limit';
import { pruneUnusedUploads } from '../modules/uploads/service';

const EVERY_MS = 60 * 60_000;
const KEEP_COUNTERS_MS = 24 * 60 * 60_000;

/**
 * Hourly clean-up of rows nothing else deletes: rate-limit counters idle for a day,
 * expired reset/verification tokens, and uploads nothing has used for a day (with their
 * files). Safe to run in every process at once.
 */
export async function housekeeping(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const counters = await pruneRateLimits(db, KEEP_COUNTERS_MS);
  const tokens = await db
    .delete(verification)
    .where(lt(verification.expiresAt, new Date()))
    .returning({ id: verification.id });
  const images = await pruneUnusedUploads(db, app.storage);
  if (counters + tokens.length + images > 0) {
    app.log.info({ counters, tokens: tokens.length, images }, 'housekeeping removed stale rows');
  }
}

export default fp(
  async function housekeepingPlugin(app: FastifyInstance) {
    if (app.config.NODE_ENV === 'test') return;
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        housekeeping(app).catch((err: unknown) =>
          app.log.warn({ err }, 'housekeeping failed; it runs again later'),
        );
      }, EVERY_MS).unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'housekeeping' },
);
