import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitRateLimit, pruneRateLimits } from '../src/lib/rate-limit';
import { buildTestApp, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW: '60' });
});
afterAll(() => ctx.close());

const attempt = (ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: 'someone@example.com', password: 'wrong123' },
    remoteAddress: ip,
  });

describe('sign-in rate limit', () => {
  it('answers 429 after the configured number of attempts from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt('10.0.0.7')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attempt('10.0.0.7');
    expect(limited.headers['content-type']).toMatch(/application\/json/);
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: expect.any(String) },
    });
  });

  it('counts each address on its own', async () => {
    expect((await attempt('10.0.0.8')).statusCode).toBe(401);
  });

  it('cannot be dodged with a forged client-address header', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'someone@example.com', password: 'wrong123' },
      remoteAddress: '10.0.0.7',
      headers: { 'x-easyfund-client-ip': '10.9.9.9', 'x-forwarded-for': '10.9.9.9' },
    });
    expect(res.statusCode).toBe(429);
  });

  it('keeps its counters in the database, shared by every server process', async () => {
    const rows = await ctx.db.query.rateLimit.findMany();
    expect(rows.some((r) => r.key.startsWith('10.0.0.7'))).toBe(true);
  });
});

describe('rate-limit housekeeping', () => {
  it('removes counters idle for longer than the given time and keeps recent ones', async () => {
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    await hitRateLimit(ctx.db, 'old-key', 5, 60_000, now - 2 * day);
    await hitRateLimit(ctx.db, 'new-key', 5, 60_000, now);
    await pruneRateLimits(ctx.db, day, now);
    const keys = (await ctx.db.query.rateLimit.findMany()).map((r) => r.key);
    expect(keys).not.toContain('limit:old-key');
    expect(keys).toContain('limit:new-key');
  });
});
