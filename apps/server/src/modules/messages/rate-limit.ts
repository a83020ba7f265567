import type { FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequests } from '../../lib/errors';
import { hitRateLimit } from '../../lib/rate-limit';

export const MESSAGE_RATE_WINDOW_MS = 10 * 60_000;
export const MESSAGE_RATE_LIMIT_MESSAGE =
  'Too many messages from your network. Please wait a few minutes and try again.';

/**
 * Pre-handler: counts a contact message or a newsletter sign-up per IP (counters in the
 * database, shared by every server process) and answers 429 past MESSAGE_RATE_LIMIT_MAX
 * in 10 minutes. It runs after validation, so only well-formed requests count.
 */
export function messageRateLimit(kind: 'contact' | 'newsletter') {
  return async function messageRateGuard(request: FastifyRequest, reply: FastifyReply) {
    const { database, config } = request.server;
    const hit = await hitRateLimit(
      database.db,
      `messages:${kind}:ip:${request.ip}`,
      config.MESSAGE_RATE_LIMIT_MAX,
      MESSAGE_RATE_WINDOW_MS,
    );
    if (!hit.allowed) {
      reply.header('retry-after', String(hit.retryAfter));
      throw new TooManyRequests(MESSAGE_RATE_LIMIT_MESSAGE);
    }
  };
}
