import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { funds, user } from '../src/db/schema';
import { createMicroCache } from '../src/lib/micro-cache';
import { sessionByToken } from '../src/modules/identity/session-reader';
import { createFund, createUser } from '../src/seed/factories';
import { resources as api } from '@easyfund/shared/api/resources';
import { as, buildTestApp, createSignedInUser, ORIGIN, type TestContext, urlOf } from './helper';

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
    expect((await cache.get('k', produce)).body.toString()).toBe('body 1');
    clock += 999;
    expect((await cache.get('k', produce)).body.toString()).toBe('body 1');
    clock += 1;
    expect((await cache.get('k', produce)).body.toString()).toBe('body 2');
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
    expect((await first).body.toString()).toBe('before the write');
    expect((await cache.get('k', async () => 'after the write')).body.toString()).toBe(
      'after the write',
    );
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const cache = createMicroCache({ ttlMs: 60_000, maxEntries: 2 });
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => k);
    expect(cache.size).toBe(2);
    expect((await cache.get('a', async () => 'a again')).body.toString()).toBe('a again');
  });

  it('drops the least recently used key first, and keeps at most maxBytes of bodies', async () => {
    const cache = createMicroCache({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    // 'a' was read last: 'b' goes when 'c' comes.
    await cache.get('a', async () => 'a again');
    await cache.get('c', async () => 'c');
    expect((await cache.get('a', async () => 'a again')).body.toString()).toBe('a');
    expect((await cache.get('b', async () => 'b again')).body.toString()).toBe('b again');

    const small = createMicroCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 10 });
    await small.get('x', async () => '12345');
    await small.get('y', async () => '12345');
    await small.get('z', async () => '123');
    expect(small.size).toBe(2);
    expect((await small.get('x', async () => 'x again')).body.toString()).toBe('x again');
    // A body over the bound alone is served, never kept.
    await small.get('big', async () => '12345678901');
    expect((await small.get('big', async () => 'read again')).body.toString()).toBe('read again');
  });

  it('does not cache a failed read', async () => {
    const cache = createMicroCache({ ttlMs: 60_000, maxEntries: 2 });
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect((await cache.get('k', async () => 'up')).body.toString()).toBe('up');
  });

  it('caches nothing with a time of 0', async () => {
    const cache = createMicroCache({ ttlMs: 0, maxEntries: 2 });
    await cache.get('k', async () => 'one');
    expect((await cache.get('k', async () => 'two')).body.toString()).toBe('two');
  });

  it('finds a body by the request address it answered while fresh, and forgets it on a write', async () => {
    let clock = 1_000;
    const cache = createMicroCache({ ttlMs: 1_000, maxEntries: 2, now: () => clock });
    cache.noteAddress('/api/funds', 'k');
    expect(cache.atAddress('/api/funds')).toBeUndefined();
    await cache.get('k', async () => 'one');
    cache.noteAddress('/api/funds', 'k');
    cache.noteAddress('/api/funds?page=1', 'k');
    expect(cache.atAddress('/api/funds')?.body.toString()).toBe('one');
    expect(cache.atAddress('/api/funds?page=1')?.body.toString()).toBe('one');
    clock += 1_000;
    expect(cache.atAddress('/api/funds')).toBeUndefined();
    await cache.get('k', async () => 'two');
    expect(cache.atAddress('/api/funds')?.body.toString()).toBe('two');
    cache.clear();
    expect(cache.atAddress('/api/funds')).toBeUndefined();
    await cache.get('k', async () => 'three');
    expect(cache.atAddress('/api/funds')).toBeUndefined();
  });

  it('keeps at most twice maxEntries addresses, the oldest going first', async () => {
    const cache = createMicroCache({ ttlMs: 60_000, maxEntries: 1 });
    await cache.get('k', async () => 'body');
    for (const a of ['/a', '/b', '/c']) cache.noteAddress(a, 'k');
    expect(cache.atAddress('/a')).toBeUndefined();
    expect(cache.atAddress('/b')?.body.toString()).toBe('body');
    expect(cache.atAddress('/c')?.body.toString()).toBe('body');
  });
});

describe('the cached fund list', () => {
  let ctx: TestContext;
  let raiserId: string;
  beforeAll(async () => {
    ctx = await buildTestApp({ PUBLIC_CACHE_MS: '1000' });
    raiserId = (await createUser(ctx.app.auth, ctx.db, { role: 'verified' })).id;
  });
  afterAll(() => ctx.close());
  const list = (headers: Record<string, string> = {}) =>
    as(ctx).call(api.funds.list, { query: { pageSize: 100 }, headers });
  const names = (res: { json(): { items: { name: string }[] } }) =>
    res.json().items.map((f) => f.name);

  it('answers with an ETag, and 304 without a body when the client has it', async () => {
    await createFund(ctx.db, { raiserId, name: 'Cached fund' });
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    expect(names(first)).toContain('Cached fund');
    const again = await list({ 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('goes compressed to a browser that accepts it, each encoding with its own ETag, and as it is to any other client', async () => {
    for (let i = 0; i < 8; i++) {
      await createFund(ctx.db, {
        raiserId,
        name: `Compressed fund ${i}`,
        description: 'x'.repeat(200),
      });
    }
    // A key of its own: the list of earlier tests may still be kept for its second.
    const fresh = (headers: Record<string, string> = {}) =>
      as(ctx).call(api.funds.list, { query: { pageSize: 50 }, headers });
    const plain = await fresh();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(2048);

    const br = await fresh({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gz = await fresh({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);

    // Each encoding is its own representation: its own ETag, its own 304.
    const etags = [plain, br, gz].map((r) => String(r.headers.etag));
    expect(new Set(etags).size).toBe(3);
    expect(etags[1]).toMatch(/-br"$/);
    const again = await fresh({ 'accept-encoding': 'br', 'if-none-match': etags[1]! });
    expect(again.statusCode).toBe(304);
    expect((await fresh({ 'if-none-match': etags[1]! })).statusCode).toBe(200);
  });

  it('sends a small answer as it is, without saying it varies', async () => {
    const res = await as(ctx).call(api.funds.list, {
      query: { pageSize: 1, q: 'no-such-fund-at-all' },
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });

  it('shows a change made elsewhere within the second, and this process’s own writes at once', async () => {
    await list();
    // Written by another process (straight into the database): at most a second old.
    await createFund(ctx.db, { raiserId, name: 'Written elsewhere' });
    expect(names(await list())).not.toContain('Written elsewhere');
    // Any write answered by this process empties the cache before its answer leaves.
    const write = await as(ctx).call(api.messages.subscribe, {
      body: { email: `cache-${Date.now()}@example.com` },
    });
    expect(write.statusCode).toBe(201);
    expect(names(await list())).toContain('Written elsewhere');

    await createFund(ctx.db, { raiserId, name: 'Later change' });
    await new Promise((r) => setTimeout(r, 1_050));
    expect(names(await list())).toContain('Later change');
  });

  it('answers an address it answered before as the route did, headers, encodings and 304 alike', async () => {
    for (let i = 0; i < 6; i++) await createFund(ctx.db, { raiserId, name: `Ready fund ${i}` });
    const url = urlOf(api.funds.list, { query: { pageSize: 48 } });
    const fresh = (headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, headers });
    const asked: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'br' },
      { 'accept-encoding': 'gzip' },
    ];
    const first = await Promise.all(asked.map((h) => fresh(h)));
    const ready = await Promise.all(asked.map((h) => fresh(h)));
    const without = (headers: Record<string, unknown>) => {
      const { date: _date, ...rest } = headers;
      return rest;
    };
    for (const [i, res] of ready.entries()) {
      expect(res.statusCode).toBe(200);
      expect(without(res.headers)).toEqual(without(first[i]!.headers));
      expect(res.rawPayload.equals(first[i]!.rawPayload)).toBe(true);
    }
    expect(ready[0]!.headers['x-content-type-options']).toBe('nosniff');
    expect(ready[1]!.headers['content-encoding']).toBe('br');
    const again = await fresh({ 'if-none-match': String(ready[0]!.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // An address the route refuses is never kept: it is refused again.
    const bad = () => as(ctx).call(api.funds.list, { query: { pageSize: -1 } });
    expect((await bad()).statusCode).toBe(400);
    expect((await bad()).statusCode).toBe(400);
  });

  it('keeps the response schema: only the fields of a card', async () => {
    const res = await list();
    expect(Object.keys(res.json().items[0]!).sort()).toEqual(
      [
        'cause',
        'createdAt',
        'donationCount',
        'donorCount',
        'goalPoisha',
        'id',
        'image',
        'name',
        'raisedPoisha',
        'raiserName',
        'suggestedPoisha',
        'zakatEligible',
      ].sort(),
    );
  });
});

describe('the cached fund page', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ PUBLIC_CACHE_MS: '1000' });
  });
  afterAll(() => ctx.close());

  it('serves an approved fund from the cache, and a fund that is not public per viewer', async () => {
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    const approved = await createFund(ctx.db, { raiserId: raiser.id, name: 'Public page' });
    const first = await as(ctx).call(api.funds.get, { params: { id: approved.id } });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeDefined();
    // Changed by another process: this one serves the page it has for up to a second.
    await ctx.db.update(funds).set({ name: 'Renamed elsewhere' }).where(eq(funds.id, approved.id));
    expect((await as(ctx).call(api.funds.get, { params: { id: approved.id } })).json().name).toBe(
      'Public page',
    );
    await new Promise((r) => setTimeout(r, 1_050));
    expect((await as(ctx).call(api.funds.get, { params: { id: approved.id } })).json().name).toBe(
      'Renamed elsewhere',
    );

    // A pending fund is never cached for everyone: its raiser sees it, a visitor does not,
    // whoever asked first.
    const pending = await createFund(ctx.db, {
      raiserId: raiser.id,
      name: 'Not yet public',
      status: 'pending',
    });
    expect((await as(raiser).call(api.funds.get, { params: { id: pending.id } })).statusCode).toBe(
      200,
    );
    const visitor = await as(ctx).call(api.funds.get, { params: { id: pending.id } });
    expect(visitor.statusCode).toBe(404);
    expect(visitor.headers.etag).toBeUndefined();
  });
});

describe("the cached donor's payment history", () => {
  let ctx: TestContext;
  // Long enough that the steps between a read and its cached repeat fit in it on a CI
  // machine whose cores the other suites share (one second did not, once).
  const keptMs = 3_000;
  beforeAll(async () => {
    ctx = await buildTestApp({ PUBLIC_CACHE_MS: String(keptMs) });
  });
  afterAll(() => ctx.close());

  it("is kept per person, never for shared caches, and shows the donor's own payment at once", async () => {
    const { createRaisedFund, donate } = await import('./payments-helper');
    const fund = await createRaisedFund(ctx);
    const [donor, other] = await Promise.all([
      createSignedInUser(ctx, { name: 'History Donor' }),
      createSignedInUser(ctx, { name: 'Other Donor' }),
    ]);
    await donate(ctx, donor, fund.id, 300);
    const first = await as(donor).call(api.payments.mine);
    expect(first.json().items).toHaveLength(1);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // Another person's history is their own, whoever asked first.
    expect((await as(other).call(api.payments.mine)).json().items).toEqual([]);
    // A payment recorded by another process: this one answers from its copy while it is
    // kept, then reads again.
    const { createDonation } = await import('../src/seed/factories');
    await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: 200 });
    expect((await as(donor).call(api.payments.mine)).json().items).toHaveLength(1);
    await new Promise((r) => setTimeout(r, keptMs + 50));
    expect((await as(donor).call(api.payments.mine)).json().items).toHaveLength(2);
    // The donor's own payment on this process shows at once.
    await donate(ctx, donor, fund.id, 500);
    expect((await as(donor).call(api.payments.mine)).json().items).toHaveLength(3);
    // One person's data never goes compressed (decision 105), however long it is.
    const history = await as(donor).call(api.payments.mine, {
      headers: { 'accept-encoding': 'br, gzip' },
    });

    expect(history.rawPayload.length).toBeGreaterThan(1024);
    expect(history.headers['content-encoding']).toBeUndefined();
  });
});

/** The signed-in person as `/api/me` answers them on `ctx`'s process. */
const meOn = (ctx: TestContext, cookie: string) =>
  as({ app: ctx.app, cookie }).call(api.session.me);

/**
 * A person renamed by another process whose change this one does not hear (its triggers
 * off for the transaction, as when the notice was lost): only the clock or this process's
 * own writes end what it kept.
 */
const renameUnheard = (ctx: TestContext, id: string, name: string) =>
  ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(user).set({ name }).where(eq(user.id, id));
  });

describe('the session cache', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ SESSION_CACHE_MS: '1000' });
  });
  afterAll(() => ctx.close());
  const me = (cookie: string) => meOn(ctx, cookie);

  it('reuses a session for a second (longer while it hears changes), and forgets it at once on this process’s writes', async () => {
    // On PostgreSQL the process hears changes once its listening connection is open.
    const hears = ctx.app.database.kind === 'postgres';
    if (hears) await vi.waitFor(() => expect(ctx.app.sessionsHeard()).toBe(true));
    const donor = await createSignedInUser(ctx, { name: 'Cached Donor' });
    expect((await me(donor.cookie)).json()).toMatchObject({ name: 'Cached Donor' });
    // Changed by another process, unheard: kept here for the second, or, while this
    // process hears every change, past it.
    await renameUnheard(ctx, donor.id, 'Renamed Elsewhere');
    expect((await me(donor.cookie)).json()).toMatchObject({ name: 'Cached Donor' });
    await new Promise((r) => setTimeout(r, 1_050));
    expect((await me(donor.cookie)).json()).toMatchObject({
      name: hears ? 'Cached Donor' : 'Renamed Elsewhere',
    });
    if (hears) {
      // A change heard (any process's, any tool's) ends what every process kept.
      await ctx.db.update(user).set({ name: 'Renamed Heard' }).where(eq(user.id, donor.id));
      await vi.waitFor(
        async () =>
          expect((await me(donor.cookie)).json()).toMatchObject({ name: 'Renamed Heard' }),
        { timeout: 10_000, interval: 50 },
      );
      // Signed out by another process: heard, so ended here too.
      const { session } = await import('../src/db/schema');
      expect((await me(donor.cookie)).statusCode).toBe(200);
      await ctx.db.delete(session).where(eq(session.userId, donor.id));
      await vi.waitFor(async () => expect((await me(donor.cookie)).statusCode).toBe(401), {
        timeout: 10_000,
        interval: 50,
      });
      return;
    }

    // Signing out on this process ends the session for the very next request.
    expect((await me(donor.cookie)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: donor.cookie, ...ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(donor.cookie)).statusCode).toBe(401);
  });

  it('looks a session up once for requests that miss together, and not across a write', async () => {
    const donor = await createSignedInUser(ctx, { name: 'Busy Reader' });
    // A session cookie is read with the reader's one statement (the identity layer's
    // getSession for anything else): its runs are the lookups.
    const query = sessionByToken(ctx.db);
    const execute = query.execute;
    let lookups = 0;
    /** While set, a lookup waits for it before it reads the session. */
    let held: Promise<void> | undefined;
    query.execute = (async (...args: Parameters<typeof execute>) => {
      lookups++;
      await held;
      return execute.apply(query, args);
    }) as typeof execute;
    // Any request to the identity layer empties the cache.
    const emptyCache = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: ORIGIN });
    try {
      await emptyCache();
      lookups = 0;
      const answers = await Promise.all(Array.from({ length: 10 }, () => me(donor.cookie)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(lookups).toBe(1);

      // A lookup still under way when a write empties the cache is not shared after it.
      await emptyCache();
      lookups = 0;
      let release!: () => void;
      held = new Promise((r) => (release = r));
      const before = me(donor.cookie);
      await vi.waitFor(() => expect(lookups).toBe(1));
      await emptyCache();
      const after = me(donor.cookie);
      await vi.waitFor(() => expect(lookups).toBe(2));
      release();
      expect([(await before).statusCode, (await after).statusCode]).toEqual([200, 200]);
    } finally {
      query.execute = execute;
    }
  });

  it('keys sessions by the session cookie and a bearer token, never by other credentials', async () => {
    const [ana, ben] = await Promise.all([
      createSignedInUser(ctx, { name: 'Ana Behind A Proxy' }),
      createSignedInUser(ctx, { name: 'Ben Behind A Proxy' }),
    ]);
    // A proxy that adds its own Basic credentials to every request it forwards.
    const viaProxy = (cookie: string) =>
      as({ app: ctx.app, cookie }).call(api.session.me, {
        headers: { authorization: 'Basic cHJveHk6c2VjcmV0' },
      });

    expect((await viaProxy(ana.cookie)).json()).toMatchObject({ name: 'Ana Behind A Proxy' });
    expect((await viaProxy(ben.cookie)).json()).toMatchObject({ name: 'Ben Behind A Proxy' });
    expect((await viaProxy(ana.cookie)).json()).toMatchObject({ name: 'Ana Behind A Proxy' });
  });

  it('keys a session by the cookie its lookup reads, not by another cookie named like it', async () => {
    const donor = await createSignedInUser(ctx, { name: 'Tossed Cookie' });
    // A cookie set beside the session's (from a sibling site, say) and sent before it.
    const tossed = 'tossed.session_token=known-to-someone-else';
    expect((await me(`${tossed}; ${donor.cookie}`)).json()).toMatchObject({
      name: 'Tossed Cookie',
    });
    expect((await me(tossed)).statusCode).toBe(401);
  });

  it('never answers an altered cookie from the cache', async () => {
    const donor = await createSignedInUser(ctx);
    expect((await me(donor.cookie)).statusCode).toBe(200);
    const altered = donor.cookie.replace(/session_token=([^;.]+)/, (_m, v: string) => {
      const last = v.at(-1) === 'A' ? 'B' : 'A';
      return `session_token=${v.slice(0, -1)}${last}`;
    });
    expect(altered).not.toBe(donor.cookie);
    expect((await me(altered)).statusCode).toBe(401);
  });
});

describe('the session cache across a donation', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Long enough that only a write, never the clock, ends a cached session here.
    ctx = await buildTestApp({ SESSION_CACHE_MS: '10000' });
  });
  afterAll(() => ctx.close());
  const me = (cookie: string) => meOn(ctx, cookie);

  it('keeps sessions through a donation’s steps and forgets them on any other write', async () => {
    const { createRaisedFund, donate } = await import('./payments-helper');
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx, { name: 'Steady Donor' });
    expect((await me(donor.cookie)).json()).toMatchObject({ name: 'Steady Donor' });
    // Changed by another process, unheard: this process keeps what it found.
    await renameUnheard(ctx, donor.id, 'Renamed Elsewhere');

    // Intent, the card at the processor, the confirmation: three writes, the session kept.
    const { confirmed } = await donate(ctx, donor, fund.id, 250);
    expect(confirmed.json()).toMatchObject({ status: 'succeeded' });
    expect((await me(donor.cookie)).json()).toMatchObject({ name: 'Steady Donor' });

    // Any other write (a fund put in the cart) empties the cache before its answer leaves.
    const added = await as(donor).call(api.cart.add, { body: { fundId: fund.id } });
    expect(added.statusCode).toBe(201);
    expect((await me(donor.cookie)).json()).toMatchObject({ name: 'Renamed Elsewhere' });
  });
});
