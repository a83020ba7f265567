import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimit } from '../db/schema';

export interface RateLimitHit {
  allowed: boolean;
  count: number;
  /** Seconds until the window starts again. */
  retryAfter: number;
}

/**
 * Counts one request against `key` in a fixed window and says whether it is within
 * `max`. The counter lives in the database (one atomic upsert), so every server
 * process shares it. Keys are prefixed so they never meet the sign-in limiter's
 * (which are `ip|path`). Used for payments, uploads and the public forms.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  max: number,
  windowMs: number,
  now: number = Date.now(),
): Promise<RateLimitHit> {
  const fullKey = `limit:${key}`;
  const expired = sql`${rateLimit.lastRequest} <= ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: fullKey, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      // For these keys `last_request` holds the start of the current window.
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  const count = row?.count ?? 1;
  const windowStart = row?.windowStart ?? now;
  return {
    allowed: count <= max,
    count,
    retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/** Deletes counters whose last request is older than `olderThanMs` (any limiter's). */
export async function pruneRateLimits(
  db: Db,
  olderThanMs: number,
  now: number = Date.now(),
): Promise<number> {
  const gone = await db
    .delete(rateLimit)
    .where(sql`${rateLimit.lastRequest} < ${now - olderThanMs}`)
    .returning({ id: rateLimit.id });
  return gone.length;
}
