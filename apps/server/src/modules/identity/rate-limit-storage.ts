import { addRoute, createRouter, findRoute, type RouterContext } from 'rou3';
import type { Db } from '../../db/client';
import { identityHttpEndpoints } from './endpoints';
import { hitRateLimit } from '../../db/rate-limit-store';

/** What the identity layer hands its rate-limit storage: `ip|path` and the rule. */
interface IdentityRateLimitStorage {
  consume(
    key: string,
    rule: { window: number; max: number },
  ): Promise<{ allowed: boolean; retryAfter: number | null }>;
}

/** The counter of every path the identity layer does not serve (a route starts with `/`). */
export const UNKNOWN_IDENTITY_ROUTE = 'unknown-route';

/**
 * The identity layer's rate-limit counters, in our `rate_limit` table (one atomic upsert,
 * shared by every process), counted per client network and *route*: the identity layer
 * keys a counter by the request's path and stores it before it routes, so each unknown
 * path (`/api/auth/x1`, `/api/auth/x2`, …) and each value of a path parameter
 * (`/reset-password/<token>`) would be a row of its own, as many as a client cares to
 * send. Here a path counts under the route that serves it (`/reset-password/:token`) and
 * every path no route serves under one counter: a client network has at most a row per
 * route. `endpoints` is read on first use (the identity layer is built after its options).
 */
export function identityRateLimitStorage(
  db: Db,
  endpoints: () => Record<string, unknown>,
): IdentityRateLimitStorage {
  let routes: RouterContext<string> | undefined;
  const routeOf = (path: string): string => {
    if (!routes) {
      routes = createRouter<string>();
      for (const { path } of identityHttpEndpoints(endpoints())) addRoute(routes, '', path, path);
    }
    // The identity layer routes only paths without empty segments (`//` is its 404).
    if (/\/{2,}/.test(path)) return UNKNOWN_IDENTITY_ROUTE;
    return findRoute(routes, '', path)?.data ?? UNKNOWN_IDENTITY_ROUTE;
  };
  return {
    async consume(key, rule) {
      // `ip|path`: an address has no `|`, a path may.
      const bar = key.indexOf('|');
      const client = bar < 0 ? key : key.slice(0, bar);
      const path = bar < 0 ? '/' : key.slice(bar + 1);
      const hit = await hitRateLimit(
        db,
        `auth:${client}|${routeOf(path)}`,
        rule.max,
        rule.window * 1000,
      );
      return { allowed: hit.allowed, retryAfter: hit.allowed ? null : hit.retryAfter };
    },
  };
}
