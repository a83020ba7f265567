import type { TMe } from '@easyfund/shared/schemas/common';

/** At most this many found sessions are kept: a full cache is emptied. */
const MAX_CACHED_SESSIONS = 10_000;

/**
 * Signed-in reads look the session up once per `ttl()` per process instead of on every
 * request (a signature check and a query). Keyed by the whole signed credential, so
 * a forged or altered cookie never matches an entry; only sessions that were found are
 * kept. Requests of one credential that miss together share one lookup, so an entry
 * running out under a burst (a page's parallel calls, a busy reader) costs one lookup,
 * not one per request. Any request that may write (sign-out, a role change, a password
 * change…) empties the cache on this process before its answer leaves, and a lookup that
 * was under way then is neither kept nor shared; another process sees the change when
 * its notice arrives, or within the short `ttl()` while it hears none (decision 421).
 */
export function sessionCache(ttl: () => number) {
  const entries = new Map<string, { me: TMe; expiresAt: number }>();
  const pending = new Map<string, Promise<TMe | null>>();
  /** Counts the clears: a lookup started before one must not fill the cache after it. */
  let generation = 0;
  return {
    /** The session of `key` (none: looked up, never kept). */
    resolve(
      key: string | undefined,
      lookup: () => Promise<{ me: TMe; sessionExpiresAt: Date } | null>,
    ): Promise<TMe | null> {
      const ttlMs = ttl();
      if (key === undefined || ttlMs <= 0) return lookup().then((found) => found?.me ?? null);
      const hit = entries.get(key);
      if (hit && hit.expiresAt > Date.now()) return Promise.resolve(hit.me);
      if (hit) entries.delete(key);
      const running = pending.get(key);
      if (running) return running;
      const started = generation;
      const looked = lookup()
        .then((found) => {
          if (found && started === generation) {
            if (entries.size >= MAX_CACHED_SESSIONS) entries.clear();
            const expiresAt = Math.min(Date.now() + ttlMs, found.sessionExpiresAt.getTime());
            entries.set(key, { me: found.me, expiresAt });
          }
          return found?.me ?? null;
        })
        .finally(() => {
          if (pending.get(key) === looked) pending.delete(key);
        });
      pending.set(key, looked);
      return looked;
    },
    clear() {
      entries.clear();
      pending.clear();
      generation++;
    },
  };
}
