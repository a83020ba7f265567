import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { TooManyRequests } from '../lib/errors';
import { hitRateLimit } from '../lib/rate-limit';

/** One limit: how many requests a client may make in a window, and what a refused one reads. */
export interface RateLimitRule {
  /** The counters' name: keys are `<name>:ip:<address>` and `<name>:user:<id>`. */
  name: string;
  /** Count per client address, per signed-in account (when there is one), or both. */
  per: readonly ('ip' | 'user')[];
  max: number | ((config: Config) => number);
  windowMs: number;
  /** The 429's message. */
  message: string;
}

/**
 * Pre-handler factory: counts the request against each of the rule's keys (counters in
 * the database, shared by every server process) and answers 429 with `retry-after` past
 * the limit. Routes add it after the access guard, so `request.user` is known; it runs
 * after validation, so only well-formed requests count.
 */
export function rateLimit(rule: RateLimitRule) {
  return async function rateLimitGuard(request: FastifyRequest, reply: FastifyReply) {
    const { database, config } = request.server;
    const max = typeof rule.max === 'function' ? rule.max(config) : rule.max;
    const keys: string[] = [];
    if (rule.per.includes('ip')) keys.push(`${rule.name}:ip:${request.ip}`);
    if (rule.per.includes('user') && request.user)
      keys.push(`${rule.name}:user:${request.user.id}`);
    const hits = await Promise.all(
      keys.map((key) => hitRateLimit(database.db, key, max, rule.windowMs)),
    );
    const refused = hits.filter((h) => !h.allowed);
    if (refused.length) {
      reply.header('retry-after', String(Math.max(...refused.map((h) => h.retryAfter))));
      throw new TooManyRequests(rule.message);
    }
  };
}
