import type * as FastifyModule from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withdrawals } from '../src/db/schema';
import { createDonation, createFund, createVerificationApplication } from '../src/seed/factories';
import { IDENTITY_ERRORS } from '@easyfund/shared/identity';
import {
  buildTestApp,
  createSignedInUser,
  enableTwoFactor,
  type SignedInUser,
  type TestContext,
} from './helper';

/** Every route the app registers, collected with an onRoute hook on each Fastify instance. */
const registered = vi.hoisted(() => [] as { method: string; url: string }[]);
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof FastifyModule>();
  const original = mod.default;
  const withRouteLog = ((opts?: Parameters<typeof original>[0]) => {
    const app = original(opts);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    return app;
  }) as typeof original;
  Object.assign(withRouteLog, original);
  return { ...mod, default: withRouteLog, fastify: withRouteLog };
});

/**
 * Who asks: a visitor, a plain user, a verified raiser who owns the resources below
 * ("verified"), a different verified raiser ("other"), and an admin.
 */
const ACTORS = ['anon', 'user', 'other', 'verified', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Expect = Record<Actor, number>;

interface Req {
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}
interface Row {
  expect: Expect;
  request: (actor: Actor) => Req | Promise<Req>;
}

const everyone = (status: number): Expect => ({
  anon: status,
  user: status,
  other: status,
  verified: status,
  admin: status,
});
const signedIn = (status: number): Expect => ({ ...everyone(status), anon: 401 });
const adminOnly = (status: number): Expect => ({
  anon: 401,
  user: 403,
  other: 403,
  verified: 403,
  admin: status,
});
const verifiedOnly = (status: number): Expect => ({
  anon: 401,
  user: 403,
  other: status,
  verified: status,
  admin: 403,
});
/** A verified raiser's own resource: the other raiser gets 404 (ids are not trusted). */
const ownedByRaiser = (status: number): Expect => ({ ...verifiedOnly(status), other: 404 });
/**
 * Raisers' own lists: verified raisers, and admins (a role change never takes away
 * what a person owns; an admin who raised nothing sees an empty list).
 */
const raisers = (status: number): Expect => ({ ...verifiedOnly(status), admin: status });
/** A raiser's own fund: admins are let in, and find nothing that is not theirs (404). */
const ownedByRaiserOrAdmin = (status: number): Expect => ({
  ...ownedByRaiser(status),
  admin: 404,
});
/** A signed-in user's own record (any role): everybody else gets 404. */
const ownedByUser = (status: number): Expect => ({
  anon: 401,
  user: 404,
  other: 404,
  verified: status,
  admin: 404,
});

/** A real 1×1 PNG: uploads are decoded, so the bytes must be a whole image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = '----matrixboundary';
const MULTIPART = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  PNG,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

const FUND_BODY = {
  name: 'Matrix fund',
  image: 'https://example.com/a.jpg',
  description: 'A fund',
  cause: 'education',
  goalTk: 10000,
  suggestedTk: 100,
};

let ctx: TestContext;
const who: Partial<Record<Actor, SignedInUser>> = {};
let ownFundId: string;
let pendingFundId: string;
let otherFundId: string;
let applicationId: string;
let withdrawalId: string;
let targetUserId: string;
let ownCartItemId: string;
let ownIntentId: string;
let n = 0;

async function createIntent(as: SignedInUser) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/intents',
    headers: { cookie: as.cookie },
    payload: { fundId: ownFundId, amountTk: 100 },
  });
  if (res.statusCode !== 201) throw new Error(`intent: ${res.statusCode} ${res.body}`);
  return res.json() as { intentId: string; clientSecret: string };
}

/** One row per endpoint: `METHOD /url` as registered. */
const MATRIX: Record<string, Row> = {
  'GET /api/health': { expect: everyone(200), request: () => ({ url: '/api/health' }) },
  'GET /api/openapi.json': { expect: everyone(200), request: () => ({ url: '/api/openapi.json' }) },
  'GET /api/auth-providers': {
    expect: everyone(200),
    request: () => ({ url: '/api/auth-providers' }),
  },
  'GET /api/me': { expect: signedIn(200), request: () => ({ url: '/api/me' }) },
  'GET /api/session': { expect: everyone(200), request: () => ({ url: '/api/session' }) },

  // Public site and messages.
  'GET /api/funds': { expect: everyone(200), request: () => ({ url: '/api/funds' }) },
  'GET /api/funds/:id': {
    // A pending fund: only its raiser and admins see it.
    expect: { anon: 404, user: 404, other: 404, verified: 200, admin: 200 },
    request: () => ({ url: `/api/funds/${pendingFundId}` }),
  },
  'POST /api/newsletter': {
    expect: everyone(201),
    request: () => ({ url: '/api/newsletter', payload: { email: `news-${n++}@example.com` } }),
  },
  'POST /api/contact': {
    expect: everyone(201),
    request: () => ({
      url: '/api/contact',
      payload: { name: 'Visitor', email: 'visitor@example.com', message: 'Hello' },
    }),
  },
  'GET /api/admin/contact-messages': {
    expect: adminOnly(200),
    request: () => ({ url: '/api/admin/contact-messages' }),
  },
  'GET /api/admin/newsletter-subscriptions': {
    expect: adminOnly(200),
    request: () => ({ url: '/api/admin/newsletter-subscriptions' }),
  },

  // Selected donations, histories and payments.
  'GET /api/cart': { expect: signedIn(200), request: () => ({ url: '/api/cart' }) },
  'POST /api/cart': {
    expect: signedIn(201),
    request: () => ({ url: '/api/cart', payload: { fundId: otherFundId } }),
  },
  'DELETE /api/cart/:id': {
    expect: ownedByUser(200),
    request: () => ({ url: `/api/cart/${ownCartItemId}` }),
  },
  'GET /api/me/donations': { expect: signedIn(200), request: () => ({ url: '/api/me/donations' }) },
  'GET /api/me/payments': { expect: signedIn(200), request: () => ({ url: '/api/me/payments' }) },
  'GET /api/payments/config': {
    expect: everyone(200),
    request: () => ({ url: '/api/payments/config' }),
  },
  'POST /api/payments/intents': {
    expect: signedIn(201),
    request: () => ({ url: '/api/payments/intents', payload: { fundId: ownFundId, amountTk: 50 } }),
  },
  'POST /api/payments/confirm': {
    expect: ownedByUser(200),
    request: () => ({ url: '/api/payments/confirm', payload: { intentId: ownIntentId } }),
  },
  'POST /api/test-processor/payment_intents/:intentId/confirm': {
    // The card step is authorised by the intent's client secret, as at Stripe.
    expect: everyone(200),
    request: async () => {
      const intent = await createIntent(who.verified!);
      return {
        url: `/api/test-processor/payment_intents/${intent.intentId}/confirm`,
        payload: {
          clientSecret: intent.clientSecret,
          card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
          billing: { name: 'A', email: 'a@example.com' },
        },
      };
    },
  },
  'POST /api/webhooks/stripe': {
    // Authorised by Stripe's signature; absent with the embedded test processor.
    expect: everyone(404),
    request: () => ({
      url: '/api/webhooks/stripe',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    }),
  },

  // Fund raisers.
  'POST /api/funds': {
    expect: verifiedOnly(201),
    request: () => ({ url: '/api/funds', payload: FUND_BODY }),
  },
  'GET /api/me/funds': { expect: raisers(200), request: () => ({ url: '/api/me/funds' }) },
  'GET /api/me/funds/:id': {
    expect: ownedByRaiserOrAdmin(200),
    request: () => ({ url: `/api/me/funds/${ownFundId}` }),
  },
  'PATCH /api/funds/:id': {
    expect: ownedByRaiserOrAdmin(200),
    request: () => ({ url: `/api/funds/${ownFundId}`, payload: { name: `Renamed ${n++}` } }),
  },
  'POST /api/verifications': {
    expect: { anon: 401, user: 201, other: 403, verified: 403, admin: 403 },
    request: () => ({
      url: '/api/verifications',
      payload: {
        name: 'Applicant',
        image: 'https://example.com/me.png',
        idCardNumber: '1990123456789',
        phoneNumber: '01712345678',
      },
    }),
  },
  'GET /api/verifications/mine': {
    expect: signedIn(200),
    request: () => ({ url: '/api/verifications/mine' }),
  },
  'POST /api/withdrawals': {
    expect: ownedByRaiserOrAdmin(201),
    request: () => ({ url: '/api/withdrawals', payload: { fundId: ownFundId, amountTk: 1 } }),
  },
  'GET /api/me/language': {
    expect: signedIn(200),
    request: () => ({ url: '/api/me/language' }),
  },
  'PUT /api/me/language': {
    expect: signedIn(200),
    request: () => ({ url: '/api/me/language', payload: { language: 'en' } }),
  },
  'GET /api/me/withdrawals': {
    expect: raisers(200),
    request: () => ({ url: '/api/me/withdrawals' }),
  },
  'POST /api/uploads': {
    expect: signedIn(201),
    request: () => ({
      url: '/api/uploads',
      payload: MULTIPART,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    }),
  },

  // Admins.
  'GET /api/admin/funds': { expect: adminOnly(200), request: () => ({ url: '/api/admin/funds' }) },
  'PATCH /api/admin/funds/:id': {
    expect: adminOnly(200),
    request: () => ({ url: `/api/admin/funds/${pendingFundId}`, payload: { status: 'approved' } }),
  },
  'GET /api/admin/funds/:id/events': {
    expect: adminOnly(200),
    request: () => ({ url: `/api/admin/funds/${ownFundId}/events` }),
  },
  'GET /api/admin/verifications': {
    expect: adminOnly(200),
    request: () => ({ url: '/api/admin/verifications' }),
  },
  'PATCH /api/admin/verifications/:id': {
    expect: adminOnly(200),
    request: () => ({
      url: `/api/admin/verifications/${applicationId}`,
      payload: { status: 'denied', feedback: 'No' },
    }),
  },
  'GET /api/admin/withdrawals': {
    expect: adminOnly(200),
    request: () => ({ url: '/api/admin/withdrawals' }),
  },
  'PATCH /api/admin/withdrawals/:id': {
    expect: adminOnly(200),
    request: () => ({
      url: `/api/admin/withdrawals/${withdrawalId}`,
      payload: { status: 'approved' },
    }),
  },
  'GET /api/admin/users': { expect: adminOnly(200), request: () => ({ url: '/api/admin/users' }) },
  'PATCH /api/admin/users/:id/role': {
    expect: adminOnly(200),
    request: () => ({
      url: `/api/admin/users/${targetUserId}/role`,
      payload: { role: 'verified' },
    }),
  },
};

/** Routes that are not ours to check: better-auth's, and HEAD twins of GET routes. */
function inScope({ method, url }: { method: string; url: string }) {
  return method !== 'HEAD' && url.startsWith('/api/') && !url.startsWith('/api/auth/');
}

/** Admins who may not use admin calls yet, and people whose address is not verified. */
const held: Record<
  'adminWithout2fa' | 'adminUnverified' | 'userUnverified' | 'raiserUnverified',
  SignedInUser
> = {} as never;

beforeAll(async () => {
  // As on an https deployment: admins need two-factor sign-in.
  ctx = await buildTestApp({ ADMIN_REQUIRE_2FA: 'true' });
  const [user, other, verified, admin, applicant, target] = await Promise.all([
    createSignedInUser(ctx, { role: 'user' }),
    createSignedInUser(ctx, { role: 'verified' }),
    createSignedInUser(ctx, { role: 'verified' }),
    createSignedInUser(ctx, { role: 'admin' }),
    createSignedInUser(ctx, { role: 'user' }),
    createSignedInUser(ctx, { role: 'user' }),
  ]);
  admin.cookie = (await enableTwoFactor(ctx, admin)).cookie;
  Object.assign(who, { user, other, verified, admin });
  Object.assign(held, {
    adminWithout2fa: await createSignedInUser(ctx, { role: 'admin' }),
    adminUnverified: await createSignedInUser(ctx, { role: 'admin', emailVerified: false }),
    userUnverified: await createSignedInUser(ctx, { role: 'user', emailVerified: false }),
    raiserUnverified: await createSignedInUser(ctx, { role: 'verified', emailVerified: false }),
  });
  targetUserId = target.id;
  const fund = await createFund(ctx.db, { raiserId: verified.id, status: 'approved' });
  ownFundId = fund.id;
  await createDonation(ctx.db, { userId: user.id, fundId: fund.id, amountTk: 1000 });
  pendingFundId = (await createFund(ctx.db, { raiserId: verified.id, status: 'pending' })).id;
  otherFundId = (await createFund(ctx.db, { raiserId: other.id, status: 'approved' })).id;
  applicationId = (await createVerificationApplication(ctx.db, { userId: applicant.id })).id;
  const [w] = await ctx.db
    .insert(withdrawals)
    .values({ fundId: fund.id, raiserId: verified.id, amountPoisha: 1000, status: 'pending' })
    .returning();
  withdrawalId = w!.id;
  const cart = await ctx.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: { cookie: verified.cookie },
    payload: { fundId: ownFundId },
  });
  ownCartItemId = cart.json().id;
  ownIntentId = (await createIntent(verified)).intentId;
});
afterAll(() => ctx.close());

describe('authorization matrix', () => {
  it('has a row for every endpoint of the API, and no row without an endpoint', () => {
    const endpoints = [
      ...new Set(registered.filter(inScope).map((r) => `${r.method} ${r.url}`)),
    ].sort();
    expect(endpoints.length).toBeGreaterThan(30);
    const rows = Object.keys(MATRIX).sort();
    expect(
      endpoints.filter((e) => !MATRIX[e]),
      'endpoints without a row in the authorization matrix',
    ).toEqual([]);
    expect(
      rows.filter((r) => !endpoints.includes(r)),
      'rows for endpoints that do not exist',
    ).toEqual([]);
  });

  for (const [endpoint, row] of Object.entries(MATRIX)) {
    const [method] = endpoint.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'];
    it(`${endpoint}: ${ACTORS.map((a) => `${a} ${row.expect[a]}`).join(', ')}`, async () => {
      const got: Partial<Expect> = {};
      for (const actor of ACTORS) {
        const req = await row.request(actor);
        const cookie = actor === 'anon' ? undefined : who[actor]!.cookie;
        const res = await ctx.app.inject({
          method,
          url: req.url,
          payload: req.payload,
          headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
        });
        got[actor] = res.statusCode;
      }
      expect(got).toEqual(row.expect);
    });
  }
});

describe('admin rights need a verified e-mail and, where required, two-factor sign-in', () => {
  const adminRows = Object.entries(MATRIX).filter(
    ([, row]) => row.expect.user === 403 && row.expect.verified === 403 && row.expect.admin < 400,
  );

  it('covers every admin endpoint', () => {
    expect(adminRows.length).toBeGreaterThan(8);
  });

  for (const [endpoint, row] of adminRows) {
    const [method] = endpoint.split(' ') as ['GET' | 'PATCH'];
    it(`${endpoint}: 403 to an admin without two-factor sign-in or without a verified e-mail`, async () => {
      for (const [who, error] of [
        [held.adminWithout2fa, IDENTITY_ERRORS.twoFactorRequired],
        [held.adminUnverified, IDENTITY_ERRORS.emailNotVerified],
      ] as const) {
        const req = await row.request('admin');
        const res = await ctx.app.inject({
          method,
          url: req.url,
          payload: req.payload,
          headers: { ...req.headers, cookie: who.cookie },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: error });
      }
    });
  }

  it('POST /api/verifications and POST /api/withdrawals: 403 until the e-mail is verified', async () => {
    const apply = await MATRIX['POST /api/verifications']!.request('user');
    const res = await ctx.app.inject({
      method: 'POST',
      url: apply.url,
      payload: apply.payload,
      headers: { cookie: held.userUnverified.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(IDENTITY_ERRORS.emailNotVerified.code);

    const fund = await createFund(ctx.db, { raiserId: held.raiserUnverified.id });
    const withdraw = await ctx.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      payload: { fundId: fund.id, amountTk: 1 },
      headers: { cookie: held.raiserUnverified.cookie },
    });
    expect(withdraw.statusCode).toBe(403);
    expect(withdraw.json().error.code).toBe(IDENTITY_ERRORS.emailNotVerified.code);
  });
});
