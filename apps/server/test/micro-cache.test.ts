import { describe, expect, it } from 'vitest';
import { createMicroCache } from '../src/lib/micro-cache';

const deferred = () => {
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
};

describe('micro cache', () => {
  it('serves a body until its time is up, then reads again', async () => {
    let clock = 1_000;
    let reads = 0;
    const cache = createMicroCache({ ttlMs: 1_000, maxEntries: 10, now: () => clock });
    const produce = async () => `body ${++reads}`;
    expect((await cache.get('k', produce)).body).toBe('body 1');
    clock += 999;
    expect((await cache.get('k', produce)).body).toBe('body 1');
    clock += 1;
    expect((await cache.get('k', produce)).body).toBe('body 2');
  });

  it('makes one read for concurrent misses of the same key', async () => {
    const cache = createMicroCache({ ttlMs: 1_000, maxEntries: 10 });
    const read = deferred();
    let reads = 0;
    const produce = () => {
      reads++;
      return read.promise;
    };
    const all = Promise.all([
      cache.get('k', produce),
      cache.get('k', produce),
      cache.get('k', produce),
    ]);
    read.resolve('{"items":[]}');
    const bodies = await all;
    expect(reads).toBe(1);
    expect(new Set(bodies.map((b) => b.etag)).size).toBe(1);
  });

  it('does not keep a read that was running when a write cleared the cache', async () => {
    const cache = createMicroCache({ ttlMs: 60_000, maxEntries: 10 });
    const read = deferred();
    const first = cache.get('k', () => read.promise);
    cache.clear();
    read.resolve('before the write');
    expect((await first).body).toBe('before the write');
    expect((await cache.get('k', async () => 'after the write')).body).toBe('after the write');
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const cache = createMicroCache({ ttlMs: 60_000, maxEntries: 2 });
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => k);
    expect(cache.size).toBe(2);
    expect((await cache.get('a', async () => 'a again')).body).toBe('a again');
  });

  it('does not cache a failed read', async () => {
    const cache = createMicroCache({ ttlMs: 60_000, maxEntries: 2 });
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect((await cache.get('k', async () => 'up')).body).toBe('up');
  });

  it('caches nothing with a time of 0', async () => {
    const cache = createMicroCache({ ttlMs: 0, maxEntries: 2 });
    await cache.get('k', async () => 'one');
    expect((await cache.get('k', async () => 'two')).body).toBe('two');
  });
});
