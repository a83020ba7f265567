import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { TooManyRequests } from '../lib/errors';
import { hitRateLimits, type RateLimitKey } from '../db/rate-limit-store';
import { bodyEmail, clientNetwork } from '../lib/rate-limit-keys';

type Max = number | ((config: Config) => number);

/**
 * One limit: how many requests a client may make in a window, per kind of key, and what
 * a refused one reads (docs/decisions/413-rate-limits-per-account-and-network.md).
 */
export interface RateLimitRule {
  /** The counters' name: keys are `<name>:net:<network>`, `<name>:user:<id>`, `<name>:email:<address>`. */
  name: string;
  /**
   * The limit per kind of key. `network`: the client's IPv4 address or IPv6 /64 — keep
   * it loose, thousands of people share one carrier-grade NAT address. `user`: the
   * signed-in account (when there is one) and `email`: the body's `email` field (when
   * there is one) — these are one person, keep them tight.
   */
  per: { network?: Max; user?: Max; email?: Max };
  windowMs: number;
  /** The 429's message. */
  message: string;
}

/** The counter of a rule's `user` limit for the account `userId`. */
export const userCounterKey = (name: string, userId: string) => `${name}:user:${userId}`;

/**
 * Pre-handler factory: counts the request against each of the rule's keys (counters in
 * the database, shared by every server process) and answers 429 with `retry-after` past
 * any limit. Routes add it after the access guard, so `request.user` is known; it runs
 * after validation, so only well-formed requests count.
 */
export function rateLimit(rule: RateLimitRule) {
  const resolve = (max: Max, config: Config) => (typeof max === 'function' ? max(config) : max);
  return async function rateLimitGuard(request: FastifyRequest, reply: FastifyReply) {
    const { database, config } = request.server;
    const keys: RateLimitKey[] = [];
    const { network, user, email } = rule.per;
    if (network !== undefined)
      keys.push({
        key: `${rule.name}:net:${clientNetwork(request.ip)}`,
        max: resolve(network, config),
      });
    if (user !== undefined && request.user)
      keys.push({ key: userCounterKey(rule.name, request.user.id), max: resolve(user, config) });
    const address = email === undefined ? undefined : bodyEmail(request.body);
    if (email !== undefined && address)
      keys.push({ key: `${rule.name}:email:${address}`, max: resolve(email, config) });
    const { allowed, retryAfter } = await hitRateLimits(database.db, keys, rule.windowMs);
    if (!allowed) refuseTooMany(reply, retryAfter, rule.message);
  };
}

/** A refused request: 429 with the message and `retry-after` in seconds. */
export function refuseTooMany(reply: FastifyReply, retryAfter: number, message: string): never {
  reply.header('retry-after', String(retryAfter));
  throw new TooManyRequests(message);
}

/**
 * The usual limit on one person's actions (decision 413): `max` per signed-in account in
 * 10 minutes, ten times that per network (a carrier-grade NAT address is many people).
 */
export function accountRateLimit(rule: {
  name: string;
  max: (config: Config) => number;
  message: string;
}) {
  return rateLimit({
    name: rule.name,
    per: { user: rule.max, network: (config) => 10 * rule.max(config) },
    windowMs: 10 * 60_000,
    message: rule.message,
  });
}
