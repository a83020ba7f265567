import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { funds } from '../src/db/schema';
import { createDonation, createFund, createUser } from '../src/seed/factories';
import type { QueryInputOf } from '@easyfund/shared/api/contract';
import { resources as api } from '@easyfund/shared/api/resources';
import {
  as,
  buildTestApp,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
} from './helper';

let ctx: TestContext;
let raiser: SignedInUser;
let donorId: string;
let n = 0;
/** A word no other test uses, so each test sees only its own funds. */
const token = () => `tok${Date.now().toString(36)}x${n++}`;

beforeAll(async () => {
  ctx = await buildTestApp();
  raiser = await createSignedInUser(ctx, { role: 'verified', name: 'Karim Hossain' });
  donorId = (await createUser(ctx.app.auth, ctx.db)).id;
});
afterAll(() => ctx.close());

/** The public list of funds, as a visitor asks for it. */
const list = (query: QueryInputOf<typeof api.funds.list>) =>
  as(ctx).call(api.funds.list, { query });
/** One fund, asked for by a visitor or by `who`. */
const getFund = (id: string, who: { cookie?: string } = {}) =>
  as({ app: ctx.app, cookie: who.cookie }).call(api.funds.get, { params: { id } });

/** Creates funds one after another so that their creation times differ. */
async function fundsNamed(word: string, specs: Parameters<typeof createFund>[1][]) {
  const rows = [];
  for (const s of specs) {
    rows.push(await createFund(ctx.db, { ...s, name: `${s.name ?? 'Fund'} ${word}` }));
    await new Promise((r) => setTimeout(r, 5));
  }
  return rows;
}

describe('GET /api/funds', () => {
  it('lists approved funds only, newest first, with raiser name, raised total and donor count', async () => {
    const word = token();
    const [older, pending, denied, newer] = await fundsNamed(word, [
      { raiserId: raiser.id, name: 'Older', goalTk: 50_000, suggestedTk: 500 },
      { raiserId: raiser.id, name: 'Pending', status: 'pending' },
      { raiserId: raiser.id, name: 'Denied', status: 'denied' },
      { raiserId: raiser.id, name: 'Newer', cause: 'health-care' },
    ]);
    await createDonation(ctx.db, { userId: donorId, fundId: older!.id, amountTk: 500 });
    await createDonation(ctx.db, { userId: donorId, fundId: older!.id, amountTk: 1000 });

    const res = await list({ q: word });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 12 });
    expect(body.items.map((f) => f.id)).toEqual([newer!.id, older!.id]);
    const ids = body.items.map((f) => f.id);
    expect(ids).not.toContain(pending!.id);
    expect(ids).not.toContain(denied!.id);
    expect(body.items[1]).toEqual({
      id: older!.id,
      name: `Older ${word}`,
      image: '/images/funds/education.webp',
      cause: 'education',
      raiserName: 'Karim Hossain',
      goalPoisha: 5_000_000,
      suggestedPoisha: 50_000,
      raisedPoisha: 150_000,
      donationCount: 2,
      donorCount: 1,
      zakatEligible: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('never exposes internal fields such as the raiser id or the admin feedback', async () => {
    const word = token();
    await fundsNamed(word, [{ raiserId: raiser.id, feedback: 'internal note' }]);
    const [item] = (await list({ q: word })).json().items;
    expect(item).not.toHaveProperty('raiserId');
    expect(item).not.toHaveProperty('feedback');
    expect(item).not.toHaveProperty('decidedBy');
  });

  it('searches name and description case-insensitively', async () => {
    const word = token();
    const [byName, byDescription] = await fundsNamed(word, [
      { raiserId: raiser.id, name: 'Boats for Sunamganj' },
      { raiserId: raiser.id, name: 'Other', description: `Rescue BOATS ${word} for floods` },
    ]);
    await fundsNamed(token(), [{ raiserId: raiser.id, name: 'Unrelated' }]);

    const res = await list({ q: `boats for sunamganj ${word}` });
    expect(res.json().items.map((f) => f.id)).toEqual([byName!.id]);

    const res2 = await list({ q: `rescue boats ${word.toUpperCase()}` });
    expect(res2.json().items.map((f) => f.id)).toEqual([byDescription!.id]);
  });

  it('finds a fund by its name and story as they are now; a donation leaves its searched text alone', async () => {
    const word = token();
    const [fund] = await fundsNamed(word, [
      { raiserId: raiser.id, name: 'Tube wells', description: 'বিশুদ্ধ পানি for Sylhet' },
    ]);
    const found = async (q: string) => (await list({ q })).json().items.map((f) => f.id);
    expect(await found(`tube wells ${word}`)).toEqual([fund!.id]);
    expect(await found('বিশুদ্ধ পানি for sylhet')).toEqual([fund!.id]);

    await ctx.db
      .update(funds)
      .set({ name: `Water filters ${word}`, description: 'Filters for Habiganj' })
      .where(eq(funds.id, fund!.id));
    expect(await found(`tube wells ${word}`)).toEqual([]);
    expect(await found(`water filters ${word}`)).toEqual([fund!.id]);
    expect(await found('filters for habiganj')).toEqual([fund!.id]);

    // The recording of a donation updates the fund's totals, not its name or story: the
    // searched text is not written again (a marker written into it stays).
    const searched = () =>
      ctx.db.execute(sql`select search_text from fund_search_texts where fund_id = ${fund!.id}`);
    await ctx.db.execute(
      sql`update fund_search_texts set search_text = 'marker' where fund_id = ${fund!.id}`,
    );
    await createDonation(ctx.db, { userId: donorId, fundId: fund!.id, amountTk: 500 });
    expect(rowsOf<{ search_text: string }>(await searched())).toEqual([{ search_text: 'marker' }]);
    const [after] = await ctx.db.select().from(funds).where(eq(funds.id, fund!.id));
    expect(after).toMatchObject({ raisedPoisha: 50_000, donationCount: 1 });
    // No index of the fund's row, which every donation rewrites, reads its story: an update
    // that cannot stay on its page does not turn the story into trigrams again.
    const indexes = rowsOf<{ indexdef: string }>(
      await ctx.db.execute(sql`select indexdef from pg_indexes where tablename = 'funds'`),
    );
    expect(indexes.length).toBeGreaterThan(0);
    for (const { indexdef } of indexes) expect(indexdef).not.toMatch(/description|search_text/);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const word = token();
    const [percent] = await fundsNamed(word, [{ raiserId: raiser.id, name: '100% Solar' }]);
    await fundsNamed(word, [{ raiserId: raiser.id, name: '1000 Solar' }]);
    const res = await list({ q: '100% solar' });
    expect(res.json().items.map((f) => f.id)).toEqual([percent!.id]);
    const none = await list({ q: `_${word}` });
    expect(none.json()).toMatchObject({ items: [], total: 0 });
  });

  it('filters by cause', async () => {
    const word = token();
    const [, health] = await fundsNamed(word, [
      { raiserId: raiser.id, cause: 'education' },
      { raiserId: raiser.id, cause: 'health-care' },
    ]);
    const res = await list({ q: word, cause: 'health-care' });
    expect(res.json()).toMatchObject({
      total: 1,
      items: [{ id: health!.id, cause: 'health-care' }],
    });
  });

  it('pages through the results with a total', async () => {
    const word = token();
    const rows = await fundsNamed(
      word,
      Array.from({ length: 5 }, () => ({ raiserId: raiser.id })),
    );
    const newestFirst = rows.map((r) => r.id).reverse();
    const p1 = (await list({ q: word, pageSize: 2, page: 1 })).json();
    const p3 = (await list({ q: word, pageSize: 2, page: 3 })).json();
    const p4 = (await list({ q: word, pageSize: 2, page: 4 })).json();
    expect(p1).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(p1.items.map((f) => f.id)).toEqual(newestFirst.slice(0, 2));
    expect(p3.items.map((f) => f.id)).toEqual(newestFirst.slice(4));
    expect(p4).toMatchObject({ items: [], total: 5, page: 4 });
  });

  it('counts the open funds exactly, by cause and Zakat, one left out, as funds open, change and close', async () => {
    /** The list's totals for each filter, and the same counted from the funds themselves. */
    const totals = async (exclude: string) => {
      const asked = [{}, { cause: 'health-care' as const }, { zakat: true }, { exclude }];
      const listed: number[] = [];
      for (const q of asked) listed.push((await list({ ...q, pageSize: 1 })).json().total);
      const { rows } = await ctx.database.executeSql(
        `select count(*) filter (where true)::int as a,
                count(*) filter (where cause = 'health-care')::int as b,
                count(*) filter (where zakat_eligible)::int as c,
                count(*) filter (where id <> $1)::int as d
           from funds where status = 'approved' and hold is null`,
        [exclude],
      );
      const r = rows[0]!;
      return { listed, counted: [r.a, r.b, r.c, r.d].map(Number) };
    };
    const [fund, other] = await fundsNamed(token(), [
      { raiserId: raiser.id, cause: 'health-care', zakatNote: 'Feeds the poor' },
      { raiserId: raiser.id, status: 'pending' },
    ]);
    const before = await totals(fund!.id);
    expect(before.listed).toEqual(before.counted);
    const steps = [
      sql`update funds set status = 'approved' where id = ${other!.id}`,
      sql`update funds set cause = 'health-care' where id = ${other!.id}`,
      sql`update funds set hold = 'suspended' where id = ${fund!.id}`,
      sql`update funds set hold = null where id = ${fund!.id}`,
      sql`update funds set zakat_eligible = false, zakat_note = null where id = ${fund!.id}`,
      sql`update funds set status = 'denied' where id = ${other!.id}`,
      sql`update funds set hold = 'closed' where id = ${fund!.id}`,
    ];
    for (const step of steps) {
      await ctx.db.execute(step);
      const now = await totals(fund!.id);
      expect(now.listed).toEqual(now.counted);
    }
    // The fund left out is no longer open: nothing is taken off for it.
    const after = await totals(fund!.id);
    expect(after.listed[3]).toBe(after.listed[0]);
    expect(after.listed[0]).toBe(before.listed[0]! - 1);
  });

  it('treats empty query values as not given', async () => {
    const res = await as(ctx).send(api.funds.list, { query: { q: '', cause: '', page: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThan(0);
  });

  it('refuses an unknown cause, a bad page and an overlong search with field messages', async () => {
    const res = await as(ctx).send(api.funds.list, {
      query: { cause: 'space-travel', page: 0, q: 'x'.repeat(101) },
    });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(Object.keys(fields).sort()).toEqual(['cause', 'page', 'q']);
    expect(fields.q).toBe('Search at most 100 characters');
    expect((await list({ pageSize: 101 })).statusCode).toBe(400);
  });
});

describe('GET /api/funds/:id', () => {
  it('shows an approved fund to anyone', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, goalTk: 1000 });
    const res = await getFund(fund.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: fund.id,
      raiserName: 'Karim Hossain',
      goalPoisha: 100_000,
      status: 'approved',
    });
    expect(res.json()).not.toHaveProperty('raiserId');
  });

  it('hides a pending or denied fund from visitors and other users, with a 404', async () => {
    const other = await createSignedInUser(ctx);
    for (const status of ['pending', 'denied'] as const) {
      const fund = await createFund(ctx.db, { raiserId: raiser.id, status });
      const anon = await getFund(fund.id);
      expect(anon.statusCode).toBe(404);
      expect(anon.json()).toEqual({ error: { code: 'not_found', message: 'Fund not found' } });
      expect((await getFund(fund.id, other)).statusCode).toBe(404);
    }
  });

  it('shows a pending fund to its raiser and to an admin', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    const own = await getFund(fund.id, raiser);
    expect(own.statusCode).toBe(200);
    expect(own.json().status).toBe('pending');
    expect((await getFund(fund.id, admin)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and for an id that is not a fund id at all', async () => {
    expect((await getFund('7d1f6c1e-8a38-4a4e-9a53-6a8f1f7f0a11')).statusCode).toBe(404);
    expect((await getFund('not-a-fund')).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the funds and messages endpoints', async () => {
    const doc = (await as(ctx).call(api.health.openapi)).json<{
      paths: Record<string, { get: { parameters: { name: string }[] } }>;
    }>();
    for (const { path: contractPath } of [
      api.funds.list,
      api.funds.get,
      api.messages.subscribe,
      api.messages.contact,
      api.messages.contactList,
      api.messages.subscriptionList,
    ]) {
      // The document writes a path parameter `{id}` where the contract has `:id`.
      const path = contractPath.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const params = doc.paths[api.funds.list.path]!.get.parameters.map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['q', 'cause', 'page', 'pageSize']));
  });
});
