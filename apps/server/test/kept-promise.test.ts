import { describe, expect, it } from 'vitest';
import { keptPromise } from '../src/lib/kept-promise';

describe('a kept promise', () => {
  it('is made once for callers at once, and kept for later ones', async () => {
    const cache = new Map<string, Promise<number>>();
    let made = 0;
    const make = () => Promise.resolve(++made);
    const [a, b] = [keptPromise(cache, 'k', make), keptPromise(cache, 'k', make)];
    expect(a).toBe(b);
    expect(await a).toBe(1);
    expect(await keptPromise(cache, 'k', make)).toBe(1);
    expect(await keptPromise(cache, 'other', make)).toBe(2);
  });

  it('that failed is forgotten: the next call makes it again', async () => {
    const cache = new Map<string, Promise<string>>();
    const failed = keptPromise(cache, 'k', () => Promise.reject(new Error('database down')));
    await expect(failed).rejects.toThrow('database down');
    expect(cache.has('k')).toBe(false);
    expect(await keptPromise(cache, 'k', () => Promise.resolve('built'))).toBe('built');
  });
});
