import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { verification } from '../db/schema';
import { pruneRateLimits } from '../lib/rate-limit';

const EVERY_MS = 60 * 60_000;
const KEEP_COUNTERS_MS = 24 * 60 * 60_000;

/**
 * Hourly clean-up of rows nothing else deletes: rate-limit counters idle for a day and
 * expired reset/verification tokens. Safe to run in every process at once.
 */
export async function housekeeping(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const counters = await pruneRateLimits(db, KEEP_COUNTERS_MS);
  const tokens = await db
    .delete(verification)
    .where(lt(verification.expiresAt, new Date()))
    .returning({ id: verification.id });
  if (counters + tokens.length > 0) {
    app.log.info({ counters, tokens: tokens.length }, 'housekeeping removed stale rows');
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
