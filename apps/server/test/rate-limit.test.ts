import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { UNKNOWN_IDENTITY_ROUTE } from '../src/modules/identity/rate-limit-storage';
import {
  counterColumns,
  counterKey,
  countEventsWith,
  hitRateLimit,
  pruneRateLimits,
  readCounter,
} from '../src/db/rate-limit-store';
import { clientNetwork } from '../src/lib/rate-limit-keys';
import { buildTestApp, ORIGIN, type TestContext, urlOf } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

let ctx: TestContext;
beforeAll(async () => {
  // Past ten times AUTH_RATE_LIMIT_MAX password sign-ins (30) a network is asked for a
  // solved puzzle, never refused (decision 454).
  ctx = await buildTestApp({
    AUTH_RATE_LIMIT_MAX: '3',
    AUTH_RATE_LIMIT_WINDOW: '60',
    AUTH_NETWORK_FAILURE_MAX: '1000',
  });
});
afterAll(() => ctx.close());

const signIn = (c: TestContext, ip: string, email: string) =>
  c.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: 'wrong123' },
    remoteAddress: ip,
  });
const attempt = (ip: string) => signIn(ctx, ip, 'someone@example.com');

describe('sign-in rate limit', () => {
  it('asks for a solved puzzle, not a wait, after ten times the configured number of attempts from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await attempt('10.0.0.7')).statusCode);
    expect(statuses).toEqual([...Array<number>(30).fill(401), 403]);
    const slowed = await attempt('10.0.0.7');
    expect(slowed.headers['content-type']).toMatch(/application\/json/);
    expect(slowed.json()).toMatchObject({
      error: { code: 'challenge_required', challenge: expect.any(Object) },
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
    expect(res.statusCode).toBe(403);
  });

  it('keeps its counters in the database, shared by every server process', async () => {
    const rows = await ctx.db.query.rateLimit.findMany();
    expect(rows.map((r) => r.key)).toContain('limit:sign-in-attempts:net:10.0.0.7');
  });

  it('keeps one counter per client and route, however many paths a client sends', async () => {
    const ip = '10.0.0.42';
    const send = (method: 'GET' | 'POST', url: string) =>
      ctx.app.inject({
        method,
        url,
        remoteAddress: ip,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
    for (let i = 0; i < 12; i++) {
      expect((await send('POST', `/api/auth/no-such-endpoint-${i}`)).statusCode).toBe(404);
      expect((await send('GET', `/api/auth/reset-password/token-${i}`)).statusCode).not.toBe(500);
    }
    const keys = (await ctx.db.query.rateLimit.findMany())
      .map((r) => r.key)
      .filter((k) => k.includes(`${ip}|`));
    expect(keys.sort()).toEqual(
      [
        `limit:auth:${ip}|${UNKNOWN_IDENTITY_ROUTE}`,
        `limit:auth:${ip}|/reset-password/:token`,
      ].sort(),
    );
  });
});

describe('the client network', () => {
  it('is the IPv4 address itself, and the /64 for IPv6', () => {
    expect(clientNetwork('100.64.3.7')).toBe('100.64.3.7');
    expect(clientNetwork('::ffff:100.64.3.7')).toBe('100.64.3.7');
    expect(clientNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::');
    expect(clientNetwork('2001:DB8:1:2::1')).toBe('2001:db8:1:2::');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::');
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
  });

  it('puts addresses inside one IPv6 /64 in one sign-in bucket, and other /64s in their own', async () => {
    const statuses = [];
    for (let i = 1; i <= 30; i++) {
      const ip = i === 30 ? '2001:db8:5:6:ffff::9' : `2001:db8:5:6::${i.toString(16)}`;
      statuses.push((await signIn(ctx, ip, `v6-${i}@example.com`)).statusCode);
    }
    expect(statuses).toEqual(Array<number>(30).fill(401));
    // A fourth address in the same /64 is the same client…
    expect((await signIn(ctx, '2001:db8:5:6:1234::1', 'v6-x@example.com')).statusCode).toBe(403);
    // …a neighbouring /64 is another one.
    expect((await signIn(ctx, '2001:db8:5:7::1', 'v6-y@example.com')).statusCode).toBe(401);
  });
});

describe('limits that fit carrier-grade NAT', () => {
  let cgnat: TestContext;
  beforeAll(async () => {
    // The defaults per network (AUTH_RATE_LIMIT_MAX=100 a minute), a small per-e-mail limit.
    cgnat = await buildTestApp({
      AUTH_RATE_LIMIT_MAX: '100',
      AUTH_EMAIL_RATE_LIMIT_MAX: '3',
      RESET_EMAIL_RATE_LIMIT_MAX: '2',
      MESSAGE_RATE_LIMIT_MAX: '2',
    });
  });
  afterAll(() => cgnat.close());

  it('lets many people behind one IPv4 address sign in, past the old 10 per address', async () => {
    const statuses = [];
    for (let i = 0; i < 15; i++)
      statuses.push((await signIn(cgnat, '100.64.0.1', `donor${i}@example.com`)).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);
  });

  it('limits one e-mail address across every address it is tried from', async () => {
    const statuses = [];
    for (const ip of ['198.51.100.1', '198.51.100.2', '2001:db8:9::1', '203.0.113.50'])
      statuses.push((await signIn(cgnat, ip, 'Target@Example.com')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await signIn(cgnat, '192.0.2.99', 'target@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json().error.code).toBe('rate_limited');
    // Another account from the same addresses is not affected.
    expect((await signIn(cgnat, '198.51.100.1', 'other@example.com')).statusCode).toBe(401);
  });

  it('limits password-reset e-mails per address, whatever path spelling is used', async () => {
    const reset = (ip: string, url = '/api/auth/request-password-reset') =>
      cgnat.app.inject({
        method: 'POST',
        url,
        headers: ORIGIN,
        payload: { email: 'reset-me@example.com', redirectTo: '/reset-password' },
        remoteAddress: ip,
      });
    expect((await reset('198.51.100.10')).statusCode).toBe(200);
    expect((await reset('198.51.100.11')).statusCode).toBe(200);
    expect((await reset('198.51.100.12', '/api/auth/./request-password-reset')).statusCode).toBe(
      429,
    );
  });

  it('counts the public forms per IPv6 /64, not per address', async () => {
    const send = (ip: string, i: number) =>
      cgnat.app.inject({
        method: 'POST',
        url: urlOf(api.messages.contact),
        remoteAddress: ip,
        payload: { name: 'Rotating', email: `r${i}@example.com`, message: `hello ${i}` },
      });
    expect((await send('2001:db8:77:1::1', 1)).statusCode).toBe(201);
    expect((await send('2001:db8:77:1::2', 2)).statusCode).toBe(201);
    expect((await send('2001:db8:77:1:abcd::3', 3)).statusCode).toBe(429);
    expect((await send('2001:db8:77:2::1', 4)).statusCode).toBe(201);
  });
});

describe('limits on events a request does not cause', () => {
  it('counts events on one key and reads it without counting, within its window', async () => {
    const window = 60_000;
    const t0 = Date.now();
    expect(await readEvents('events', 2, window, t0)).toMatchObject({ allowed: true, count: 0 });
    expect(await countEvents('events', 1, window, t0)).toBe(1);
    expect(await countEvents('events', 1, window, t0 + 1_000)).toBe(2);
    // Reading counts nothing: the same answer twice, refused at the limit, with the wait.
    for (let i = 0; i < 2; i++) {
      expect(await readEvents('events', 2, window, t0 + 30_000)).toEqual({
        allowed: false,
        count: 2,
        retryAfter: 30,
      });
    }
    expect(await readEvents('events', 3, window, t0 + 30_000)).toMatchObject({ allowed: true });
    // A new window starts from nothing.
    expect(await readEvents('events', 2, window, t0 + window)).toMatchObject({
      allowed: true,
      count: 0,
    });
    expect(await countEvents('events', 3, window, t0 + window)).toBe(3);
    expect(await countEvents('events', 2, window, t0 + window + 1)).toBe(5);
    expect(await countEvents('other events', 2, window, t0 + window + 1)).toBe(2);
  });

  /** Reads `key`'s counter as a statement that reads it among other things does. */
  async function readEvents(key: string, max: number, windowMs: number, now: number) {
    const [row] = await ctx.db
      .select(counterColumns('key'))
      .from(sql`(values (1)) as one`)
      .prepare('')
      .execute({ key: counterKey(key) });
    return readCounter(row!, max, windowMs, now);
  }

  /** Counts `events` events against `key` in a statement of its own, as a write that learns them does. */
  async function countEvents(key: string, events: number, windowMs: number, now: number) {
    const learnt = ctx.db
      .$with('learnt', {
        key: sql<string>`key`.as('key'),
        events: sql<number>`events`.as('events'),
      })
      .as(sql`select ${key}::text as key, ${events}::integer as events`);
    const counted = countEventsWith(ctx.db, 'counted', learnt, {
      key: sql`${learnt.key}`,
      events: sql`${learnt.events}`,
      where: sql`true`,
    });
    const [row] = await ctx.db
      .with(learnt, counted)
      .select({ count: counted.count })
      .from(counted)
      .prepare('')
      .execute({ now, windowStart: now - windowMs });
    return row?.count;
  }
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
