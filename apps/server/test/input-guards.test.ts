/**
 * The edge of the API: text PostgreSQL cannot store, deeply nested JSON and state changes
 * from another site are refused with a 4xx before any route runs; database errors a
 * request can cause are 4xx too, never 500.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createFund } from '../src/seed/factories';
import { createSignedInUser, ORIGIN, type SignedInUser, as, useTestApp, urlOf } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

let fundId: string;

const { ctx, donor, raiser } = useTestApp({ donor: {}, raiser: { role: 'verified' } });
beforeAll(async () => {
  fundId = (await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' })).id;
});

const BAD_TEXT = 'Remove the invisible control characters from this text';

describe('text PostgreSQL cannot store', () => {
  it('answers 400 with a field message for NUL in a query string', async () => {
    for (const q of ['\u0000', 'a\u0000b']) {
      const res = await as(ctx).call(api.funds.list, { query: { q } });
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(q)).toEqual({ q: BAD_TEXT });
    }
  });

  it('answers 400 with a field message for NUL or a lone surrogate in a JSON body', async () => {
    for (const name of ['Rahim\u0000', '\ud800', 'x\udc00y']) {
      const res = await as(ctx).call(api.messages.contact, {
        body: { name, email: 'a@example.com', message: 'Hello there' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ name: BAD_TEXT });
    }
  });

  it('refuses NUL on the identity routes too, and keeps real non-Latin text', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      payload: { name: 'A\u0000', email: 'nul@example.com', password: 'Passw0rd99' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ name: BAD_TEXT });
    const ok = await as(ctx).call(api.funds.list, { query: { q: encodeURIComponent('শিক্ষা 😀') } });
    expect(ok.statusCode).toBe(200);
  });

  it('maps a database error a request can cause to 4xx, never 500', async () => {
    const { pgConstraint } = await import('../src/plugins/errors');
    for (const code of ['22P02', '22021', '22001', '22003', '23502', '23514', '23P01']) {
      expect(pgConstraint({ code })?.status, code).toBe(400);
    }
    expect(pgConstraint({ cause: { code: '23505' } })?.status).toBe(409);
    expect(pgConstraint({ code: '23503' })?.status).toBe(409);
    expect(pgConstraint({ code: '42P01' })).toBeNull();
  });
});

describe('deeply nested JSON', () => {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  for (const url of [
    urlOf(api.messages.contact),
    '/api/auth/sign-up/email',
    '/api/auth/update-user',
  ]) {
    it(`answers 400 for 5,000 levels on ${url}`, async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', cookie: donor.cookie },
        payload: `{"name":${deep(5_000)}}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('too_deep');
    });
  }

  it('accepts 32 levels and counts brackets inside strings as text', async () => {
    const res = await as(ctx).send(api.messages.contact, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: '[[ Rahim {',
        email: 'a@example.com',
        message: `${'{'.repeat(60)} \\" ${'['.repeat(60)}`,
      }),
    });
    expect(res.statusCode).toBeLessThan(300);
    const nested = await as(ctx).send(api.messages.contact, {
      body: `{"a":${deep(31)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(nested.json().error?.code).not.toBe('too_deep');
  });
});

describe('state changes from another site', () => {
  const post = (headers: Record<string, string>, who: SignedInUser = donor) =>
    as(who).call(api.cart.add, { body: { fundId }, headers });

  it('refuses a state change whose Origin is another site, with a clear message', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3001']) {
      const res = await post({ origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().error).toEqual({
        code: 'cross_site',
        message:
          'This request came from another site and was refused: use the site itself to make changes',
      });
    }
  });

  it('takes `Origin: null` from the site’s own no-referrer page (Sec-Fetch-Site: same-origin)', async () => {
    const own = await post({ origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).not.toBe(403);
    const foreign = await post({ origin: 'null', 'sec-fetch-site': 'cross-site' });
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses a multipart upload from another site (a "simple" request)', async () => {
    const res = await as(raiser).send(api.uploads.upload, {
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n',
      headers: {
        'sec-fetch-site': 'cross-site',
        'content-type': 'multipart/form-data; boundary=x',
      },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses Sec-Fetch-Site cross-site or same-site without an Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      expect((await post({ 'sec-fetch-site': site })).statusCode, site).toBe(403);
    }
  });

  it("accepts the site's own origin, same-origin fetches, and clients that send neither", async () => {
    expect(
      (await post({ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBeLessThan(300);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).statusCode).toBeLessThan(300);
    expect((await post({})).statusCode).toBeLessThan(300);
  });

  it('leaves reads, the identity layer and the payment callbacks alone', async () => {
    const read = await as(ctx).call(api.funds.list, {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
    const webhook = await as(ctx).send(api.payments.stripeWebhook, {
      body: '{}',
      headers: { origin: 'https://hooks.stripe.example', 'content-type': 'application/json' },
    });
    expect(webhook.json().error?.code).not.toBe('cross_site');
    const auth = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: donor.email, password: 'wrong-password-1' },
    });
    expect(auth.json().error?.code).not.toBe('cross_site');
  });
});

describe('names', () => {
  const NAME_MESSAGE =
    'A name cannot contain line breaks, tabs or hidden text-direction characters';
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...ORIGIN } });

  it('refuse line breaks, tabs and direction overrides at sign-up, on the profile and on the contact form', async () => {
    const spoofs = [
      'Rahim\r\nRole: admin',
      'Rahim\tKhan',
      'Rahim \u202Egnp.exe',
      '\u2067Rahim',
      'Rahim\u200F',
      'Rahim\u0085',
    ];
    for (const name of spoofs) {
      const signUp = await post('/api/auth/sign-up/email', {
        name,
        email: `spoof${spoofs.indexOf(name)}@example.com`,
        password: 'Passw0rd99',
        image: 'https://example.com/a.png',
      });
      expect(signUp.statusCode, JSON.stringify(name)).toBe(400);
      expect(signUp.json().error.fields).toEqual({ name: NAME_MESSAGE });
      const update = await post('/api/auth/update-user', { name }, { cookie: donor.cookie });
      expect(update.statusCode, JSON.stringify(name)).toBe(400);
      expect(update.json().error.fields).toEqual({ name: NAME_MESSAGE });
      const contact = await as(ctx).call(api.messages.contact, {
        body: { name, email: 'a@example.com', message: 'Hello there' },
        headers: ORIGIN,
      });

      expect(contact.statusCode, JSON.stringify(name)).toBe(400);
      expect(contact.json().error.fields).toEqual({ name: NAME_MESSAGE });
    }
    const bn = await post(
      '/api/auth/update-user',
      { name: 'Rahim\u202E' },
      { cookie: donor.cookie, 'accept-language': 'bn' },
    );
    expect(bn.json().error.fields).toEqual({
      name: 'নামে লাইন ভাঙা, ট্যাব বা লুকানো লেখার-দিক চিহ্ন থাকতে পারে না',
    });
    const me = await as({ app: ctx.app, cookie: donor.cookie }).call(api.session.me);
    expect(me.json().name).toBe(donor.name);
  });

  it('keep the joiners Bangla needs (U+200C, U+200D)', async () => {
    // র‍্যাব (ZWJ) and কুইক্‌ (ZWNJ)
    const name = 'র\u200D্যাব কুইক্\u200C';
    const signUp = await post('/api/auth/sign-up/email', {
      name,
      email: 'joiner@example.com',
      password: 'Passw0rd99',
      image: 'https://example.com/a.png',
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const someone = await createSignedInUser(ctx);
    const update = await post('/api/auth/update-user', { name }, { cookie: someone.cookie });
    expect(update.statusCode, update.body).toBe(200);
    const me = await as({ app: ctx.app, cookie: someone.cookie }).call(api.session.me);
    expect(me.json().name).toBe(name);
  });
});

describe('what the fuzz test found', () => {
  it('answers 400 for update-user with a null name, and keeps the name', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: donor.cookie, origin: 'http://localhost:3000' },
      payload: { name: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('name');
    const me = await as({ app: ctx.app, cookie: donor.cookie }).call(api.session.me);
    expect(me.json().name).toBe(donor.name);
  });
});
