import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { CompressedOnce, htmlEncodingFor } from './html-encoding';

/** A serialized response body, with its ETag and the time it stops being served. */
export interface CachedBody {
  /** UTF-8 bytes, encoded once (not on every answer). */
  body: Buffer;
  etag: string;
  expiresAt: number;
  /** The body in Brotli or gzip, each made with the first answer that asks for it. */
  compressed: CompressedOnce;
}

export interface MicroCache {
  readonly ttlMs: number;
  /** The cached body of `key`, or the one `produce` makes (concurrent misses share one call). */
  get(key: string, produce: () => Promise<string>): Promise<CachedBody>;
  /**
   * The fresh body a request address (path and query as sent) was last answered from,
   * found without parsing or validating the address again (see `answerIfReady`).
   */
  atAddress(address: string): CachedBody | undefined;
  /** Notes that `address` is answered by the body of `key` (a public body only). */
  noteAddress(address: string, key: string): void;
  clear(): void;
  readonly size: number;
}

export interface MicroCacheOptions {
  /** How long a body is served after the read that made it started (0: never cached). */
  ttlMs: number;
  /** At most this many keys; the least recently used one goes first. */
  maxEntries: number;
  /** At most this many bytes of bodies (uncompressed), the least recently used going first. */
  maxBytes?: number;
  now?: () => number;
}

/**
 * A per-process cache of public, viewer-independent response bodies for a short time.
 * Safe with several processes because nothing relies on another process invalidating
 * it: every body is at most `ttlMs` old, whichever process wrote the data (a process
 * also clears it on its own writes, so a single process reads its writes at once).
 */
export function createMicroCache(opts: MicroCacheOptions): MicroCache {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, CachedBody>();
  const inflight = new Map<string, Promise<CachedBody>>();
  /** Request address → key; at most twice as many as the keys, the oldest going first. */
  const addresses = new Map<string, string>();
  const maxBytes = opts.maxBytes ?? Number.POSITIVE_INFINITY;
  let bytes = 0;
  let generation = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (entry === undefined) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };

  return {
    ttlMs: opts.ttlMs,
    get size() {
      return entries.size;
    },
    clear() {
      // Every write of the process clears every cache: an empty map is left as it is
      // (V8 gives a cleared map a new table, however empty it was).
      if (entries.size) entries.clear();
      if (addresses.size) addresses.clear();
      bytes = 0;
      if (inflight.size) inflight.clear();
      generation++;
    },
    atAddress(address) {
      const key = addresses.get(address);
      if (key === undefined) return undefined;
      const hit = entries.get(key);
      return hit && hit.expiresAt > now() ? hit : undefined;
    },
    noteAddress(address, key) {
      if (addresses.get(address) === key || !entries.has(key)) return;
      addresses.delete(address);
      addresses.set(address, key);
      if (addresses.size > 2 * opts.maxEntries) addresses.delete(addresses.keys().next().value!);
    },
    get(key, produce) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) {
        // The most recently used goes last: the first in the map is the next to go.
        entries.delete(key);
        entries.set(key, hit);
        return Promise.resolve(hit);
      }
      const pending = inflight.get(key);
      if (pending) return pending;
      const startedAt = now();
      const startedIn = generation;
      const made = produce().then((text) => {
        const body = Buffer.from(text, 'utf8');
        const entry: CachedBody = {
          body,
          etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
          expiresAt: startedAt + opts.ttlMs,
          compressed: new CompressedOnce(body),
        };
        // A write cleared the cache while this read ran: its result may predate the write.
        if (startedIn === generation && opts.ttlMs > 0 && body.length <= maxBytes) {
          drop(key);
          entries.set(key, entry);
          bytes += body.length;
          while (entries.size > opts.maxEntries || bytes > maxBytes) {
            const oldest = entries.keys().next().value;
            if (oldest === undefined) break;
            drop(oldest);
          }
        }
        return entry;
      });
      inflight.set(key, made);
      const forget = () => {
        if (inflight.get(key) === made) inflight.delete(key);
      };
      made.then(forget, forget);
      return made;
    },
  };
}

/** Below this many bytes an answer goes as it is: compressing it would save next to nothing. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Answers from `cache` (serializing `load()` with the route's response schema on a
 * miss), with an ETag; a matching If-None-Match gets a 304 without a body. Browsers
 * revalidate every time; shared caches (a CDN, the balancer) may keep a public answer
 * for a second, never a `personal` one (one person's data, keyed by who asks).
 * A public answer of 1 KB or more goes compressed to a browser that accepts it (the fund
 * list's 10 KB are about 3 on slow mobile data), made once per cached body and encoding;
 * its ETag names the encoding. A personal one never is (decision 105: compression next to
 * a person's data is what BREACH reads). A public body also answers its request address
 * straight from the route's `answerIfReady` hook while it is fresh.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: MicroCache,
  key: string,
  load: () => Promise<unknown>,
  opts: { personal?: boolean } = {},
) {
  if (cache.ttlMs <= 0) return reply.send(await load());
  const entry = await cache.get(key, async () => reply.serialize(await load()) as string);
  if (!opts.personal) cache.noteAddress(request.url, key);
  return sendEntry(request, reply, cache.ttlMs, entry, opts.personal === true);
}

/**
 * A route's `onRequest` hook answering a public cached body by its request address alone,
 * before the address is parsed and validated, the access checked and the handler run:
 * the address was answered from that body within its time, so all of them passed then
 * and would give the same body now. Anything else goes on to the route.
 */
export function answerIfReady(cache: MicroCache): onRequestHookHandler {
  return (request, reply, done) => {
    const entry = request.method === 'GET' ? cache.atAddress(request.url) : undefined;
    if (entry === undefined) return done();
    const sent = sendEntry(request, reply, cache.ttlMs, entry, false);
    if (sent instanceof Promise) sent.catch(done);
  };
}

/**
 * Sends a cached body: at once, with no promise of its own, unless it goes compressed
 * (the compressed body may still be in the making).
 */
function sendEntry(
  request: FastifyRequest,
  reply: FastifyReply,
  ttlMs: number,
  entry: CachedBody,
  personal: boolean,
): FastifyReply | Promise<FastifyReply> {
  const compressible = !personal && entry.body.length >= COMPRESS_FROM_BYTES;
  const encoding = compressible ? htmlEncodingFor(request.headers['accept-encoding']) : undefined;
  const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag;
  reply
    .header('etag', etag)
    .header(
      'cache-control',
      personal
        ? 'private, no-cache'
        : `public, max-age=0, s-maxage=${Math.max(1, Math.floor(ttlMs / 1000))}`,
    );
  if (compressible) reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(entry.body);
  reply.header('content-encoding', encoding);
  return entry.compressed.encode(encoding).then((body) => reply.send(body));
}
