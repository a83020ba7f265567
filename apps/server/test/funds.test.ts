import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDonation, createFund, createUser } from '../src/seed/factories';
import { buildTestApp, createSignedInUser, type SignedInUser, type TestContext } from './helper';

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

const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

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

    const res = await get(`/api/funds?q=${word}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 12 });
    expect(body.items.map((f: { id: string }) => f.id)).toEqual([newer!.id, older!.id]);
    const ids = body.items.map((f: { id: string }) => f.id);
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
    const [item] = (await get(`/api/funds?q=${word}`)).json().items;
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

    const res = await get(`/api/funds?q=${encodeURIComponent(`boats for sunamganj ${word}`)}`);
    expect(res.json().items.map((f: { id: string }) => f.id)).toEqual([byName!.id]);

    const res2 = await get(
      `/api/funds?q=${encodeURIComponent(`rescue boats ${word.toUpperCase()}`)}`,
    );
    expect(res2.json().items.map((f: { id: string }) => f.id)).toEqual([byDescription!.id]);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const word = token();
    const [percent] = await fundsNamed(word, [{ raiserId: raiser.id, name: '100% Solar' }]);
    await fundsNamed(word, [{ raiserId: raiser.id, name: '1000 Solar' }]);
    const res = await get(`/api/funds?q=${encodeURIComponent('100% solar')}`);
    expect(res.json().items.map((f: { id: string }) => f.id)).toEqual([percent!.id]);
    const none = await get(`/api/funds?q=${encodeURIComponent(`_${word}`)}`);
    expect(none.json()).toMatchObject({ items: [], total: 0 });
  });

  it('filters by cause', async () => {
    const word = token();
    const [, health] = await fundsNamed(word, [
      { raiserId: raiser.id, cause: 'education' },
      { raiserId: raiser.id, cause: 'health-care' },
    ]);
    const res = await get(`/api/funds?q=${word}&cause=health-care`);
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
    const p1 = (await get(`/api/funds?q=${word}&pageSize=2&page=1`)).json();
    const p3 = (await get(`/api/funds?q=${word}&pageSize=2&page=3`)).json();
    const p4 = (await get(`/api/funds?q=${word}&pageSize=2&page=4`)).json();
    expect(p1).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(p1.items.map((f: { id: string }) => f.id)).toEqual(newestFirst.slice(0, 2));
    expect(p3.items.map((f: { id: string }) => f.id)).toEqual(newestFirst.slice(4));
    expect(p4).toMatchObject({ items: [], total: 5, page: 4 });
  });

  it('treats empty query values as not given', async () => {
    const res = await get('/api/funds?q=&cause=&page=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThan(0);
  });

  it('refuses an unknown cause, a bad page and an overlong search with field messages', async () => {
    const res = await get(`/api/funds?cause=space-travel&page=0&q=${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(Object.keys(fields).sort()).toEqual(['cause', 'page', 'q']);
    expect(fields.q).toBe('Search at most 100 characters');
    expect((await get('/api/funds?pageSize=101')).statusCode).toBe(400);
  });
});

describe('GET /api/funds/:id', () => {
  it('shows an approved fund to anyone', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, goalTk: 1000 });
    const res = await get(`/api/funds/${fund.id}`);
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
      const anon = await get(`/api/funds/${fund.id}`);
      expect(anon.statusCode).toBe(404);
      expect(anon.json()).toEqual({ error: { code: 'not_found', message: 'Fund not found' } });
      expect((await get(`/api/funds/${fund.id}`, other.cookie)).statusCode).toBe(404);
    }
  });

  it('shows a pending fund to its raiser and to an admin', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    const own = await get(`/api/funds/${fund.id}`, raiser.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().status).toBe('pending');
    expect((await get(`/api/funds/${fund.id}`, admin.cookie)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and for an id that is not a fund id at all', async () => {
    expect((await get('/api/funds/7d1f6c1e-8a38-4a4e-9a53-6a8f1f7f0a11')).statusCode).toBe(404);
    expect((await get('/api/funds/not-a-fund')).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the funds and messages endpoints', async () => {
    const doc = (await get('/api/openapi.json')).json();
    for (const path of [
      '/api/funds',
      '/api/funds/{id}',
      '/api/newsletter',
      '/api/contact',
      '/api/admin/contact-messages',
      '/api/admin/newsletter-subscriptions',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const params = doc.paths['/api/funds'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['q', 'cause', 'page', 'pageSize']));
  });
});
