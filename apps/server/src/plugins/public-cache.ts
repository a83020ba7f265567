import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMicroCache, type MicroCache } from '../lib/micro-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Short-lived caches of public responses (see lib/micro-cache.ts). */
    publicCache: {
      create(maxEntries?: number, maxBytes?: number): MicroCache;
      clear(): void;
    };
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Owns the public response caches: at most `ttlMs` old, and emptied whenever this
 * process answers a request that may have written (any method but GET/HEAD/OPTIONS),
 * before the answer leaves — so a client reads its own writes on the same process.
 */
export default fp(
  async function publicCachePlugin(app: FastifyInstance, opts: { ttlMs: number }) {
    const caches: MicroCache[] = [];
    const clear = () => {
      for (const c of caches) c.clear();
    };
    app.decorate('publicCache', {
      create(maxEntries = 256, maxBytes?: number) {
        const cache = createMicroCache({ ttlMs: opts.ttlMs, maxEntries, maxBytes });
        caches.push(cache);
        return cache;
      },
      clear,
    });
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!READS.has(request.method)) clear();
      done(null, payload);
    });
  },
  { name: 'public-cache' },
);
