import type { FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequests } from '../../lib/errors';
import { hitRateLimit } from '../../lib/rate-limit';

/** Card-testing protection: the window of PAYMENT_RATE_LIMIT_MAX. */
export const PAYMENT_RATE_WINDOW_MS = 10 * 60_000;
export const PAYMENT_RATE_LIMIT_MESSAGE =
  'Too many payment attempts. Please wait a few minutes and try again.';

/**
 * Pre-handler: counts the request per IP and, when signed in, per account (counters in
 * the database, shared by every server process) and answers 429 past the limit.
 */
export function paymentRateLimit(action: 'intent' | 'confirm' | 'card') {
  return async function paymentRateGuard(request: FastifyRequest, reply: FastifyReply) {
    const { database, config } = request.server;
    const keys = [`${action}:ip:${request.ip}`];
    if (request.user) keys.push(`${action}:user:${request.user.id}`);
    const hits = await Promise.all(
      keys.map((key) =>
        hitRateLimit(database.db, key, config.PAYMENT_RATE_LIMIT_MAX, PAYMENT_RATE_WINDOW_MS),
      ),
    );
    const refused = hits.filter((h) => !h.allowed);
    if (refused.length) {
      reply.header('retry-after', String(Math.max(...refused.map((h) => h.retryAfter))));
      throw new TooManyRequests(PAYMENT_RATE_LIMIT_MESSAGE);
    }
  };
}
