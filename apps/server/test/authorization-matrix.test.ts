import { randomUUID } from 'node:crypto';
import type * as FastifyModule from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@easyfund/shared/constants';
import {
  type Access,
  type Endpoint,
  fillPath,
  successStatuses,
} from '@easyfund/shared/api/contract';
import { allEndpoints } from '@easyfund/shared/api/resources';
import { eq } from 'drizzle-orm';
import {
  fundChanges,
  fundReports,
  funds,
  fundUpdates,
  refunds,
  withdrawals,
} from '../src/db/schema';
import { recordRefund } from '../src/modules/payments/service';
import {
  createDonation,
  createFund,
  createPayoutAccount,
  createVerificationApplication,
} from '../src/seed/factories';
import { IDENTITY_ERRORS } from '@easyfund/shared/identity';
import { setSubscription, unsubscribeToken } from '../src/modules/updates/subscriptions';
import { as, type SignedInUser, type TestContext } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

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

const ROLE: Record<Exclude<Actor, 'anon'>, Role> = {
  user: 'user',
  other: 'verified',
  verified: 'verified',
  admin: 'admin',
};

/**
 * Whether an access level lets an actor in (ownership aside). `raiser` admits verified
 * raisers and admins: a role change never takes away what a person owns.
 */
function admits(access: Access, actor: Actor): boolean {
  if (access === 'public') return true;
  if (actor === 'anon') return false;
  if (access === 'raiser') return ROLE[actor] === 'verified' || ROLE[actor] === 'admin';
  return access === 'signedIn' || access === ROLE[actor];
}

/**
 * The statuses an access level implies: the success status for whoever it admits, 401
 * for a visitor it does not, 403 for a signed-in user it does not.
 */
function fromAccess(access: Access, ok: number): Expect {
  const cell = (actor: Actor) => (admits(access, actor) ? ok : actor === 'anon' ? 401 : 403);
  return Object.fromEntries(ACTORS.map((a) => [a, cell(a)])) as Expect;
}

interface Req {
  params?: Record<string, string>;
  query?: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}
interface Row {
  request: (actor: Actor) => Req | Promise<Req>;
  /**
   * What differs from the access level for actors it admits: a resource of someone
   * else is a 404 (ids are not trusted), a pending fund is hidden. Never a 401 or 403:
   * who may call an endpoint is its contract's `access`, nothing else.
   */
  except?: Partial<Expect>;
}

/** A raiser's own fund: admins are let in, and find nothing that is not theirs (404). */
const ownedByRaiserOrAdmin: Partial<Expect> = { other: 404, admin: 404 };
/** A signed-in user's own record (the verified raiser's): everybody else gets 404. */
const ownedByUser: Partial<Expect> = { user: 404, other: 404, admin: 404 };

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
  image: '/images/funds/education.webp',
  description: 'A fund',
  cause: 'education',
  goalTk: 10000,
  suggestedTk: 100,
};

let ctx: TestContext;
/** Admins who may not use admin calls yet, and people whose address is not verified. */
const held: Record<
  'adminWithout2fa' | 'adminUnverified' | 'userUnverified' | 'raiserUnverified',
  SignedInUser
> = {} as never;
const who: Partial<Record<Actor, SignedInUser>> = {};
let ownFundId: string;
let pendingFundId: string;
let shareFundId: string;
let otherFundId: string;
let applicationId: string;
let withdrawalId: string;
let ownAccountId: string;
let removableAccountId: string;
/** The admin's unspent backup codes (each confirms one payout account). */
let adminBackupCodes: string[] = [];
let decideAccountId: string;
let targetUserId: string;
let ownCartItemId: string;
let ownIntentId: string;
let ownPaymentId: string;
let donationId: string;
/** A refund of the user's donation: its credit note. */
let creditNoteRefundId: string;
let changeFundId: string;
let holdFundId: string;
let changeFundVersion: number;
let messageDonationId: string;
let reportId: string;
let pendingUpdateId: string;
let unsubscribeLink: string;
let ownGiftId: string;
let giftLink: string;
let n = 0;

/** A monthly card gift of the verified raiser, waiting for its card: and the setup to save it. */
async function startCardGift() {
  const res = await as(who.verified!).call(api.recurring.start, {
    body: { fundId: ownFundId, amountTk: 100 },
  });
  if (res.statusCode !== 201) throw new Error(`monthly gift: ${res.statusCode} ${res.body}`);
  return res.json() as {
    gift: { id: string; manageToken: string };
    setup: { setupIntentId: string; clientSecret: string };
  };
}

async function createIntent(payer: SignedInUser) {
  const res = await as(payer).call(api.payments.createIntent, {
    body: { fundId: ownFundId, amountTk: 100 },
  });
  if (res.statusCode !== 201) throw new Error(`intent: ${res.statusCode} ${res.body}`);
  return res.json() as { intentId: string; clientSecret: string; paymentId: string };
}

/** One row per contract, named `resource.endpoint` as in packages/shared/src/api/resources.ts. */
const MATRIX: Record<string, Row> = {
  'health.check': { request: () => ({}) },
  'health.openapi': { request: () => ({}) },
  'session.providers': { request: () => ({}) },
  'session.me': { request: () => ({}) },
  'session.get': { request: () => ({}) },
  // Every signed-in role may ask; the matrix's accounts have e-mail addresses already.
  'session.addEmail': {
    except: { user: 409, other: 409, verified: 409, admin: 409 },
    request: () => ({ payload: { email: `added-${n++}@example.com`, password: 'secret12' } }),
  },

  // Public site and messages.
  'funds.list': { request: () => ({}) },
  'funds.get': {
    // A pending fund: only its raiser and admins see it.
    except: { anon: 404, user: 404, other: 404 },
    request: () => ({ params: { id: pendingFundId } }),
  },
  'funds.shareImage': { request: () => ({ params: { id: shareFundId } }) },
  'messages.subscribe': {
    request: () => ({ payload: { email: `news-${n++}@example.com` } }),
  },
  'messages.contact': {
    request: () => ({
      payload: { name: 'Visitor', email: 'visitor@example.com', message: 'Hello' },
    }),
  },
  'messages.contactList': { request: () => ({}) },
  'messages.subscriptionList': { request: () => ({}) },

  'zakat.settings': { request: () => ({}) },
  'updates.list': { request: () => ({ params: { id: ownFundId } }) },
  // A signed link is the authorisation: no sign-in needed.
  'updates.unsubscribeInfo': { request: () => ({ params: { token: unsubscribeLink } }) },
  'updates.unsubscribe': { request: () => ({ params: { token: unsubscribeLink } }) },
  // The demo's SMS outbox (a real site answers 404), and the links of receipt SMS: the
  // signed link is the authorisation, an unknown one is 404 for everyone.
  'sms.outbox': { request: () => ({ query: '?phoneNumber=01712345678' }) },
  'sms.link': {
    except: { anon: 404, user: 404, other: 404, verified: 404, admin: 404 },
    request: () => ({ params: { token: '2026-000001.zzz.AAAAAAAAAAA' } }),
  },
  'sms.receipt': {
    except: { anon: 404, user: 404, other: 404, verified: 404, admin: 404 },
    request: () => ({ params: { token: '2026-000001.zzz.AAAAAAAAAAA' } }),
  },
  'sms.stop': {
    except: { anon: 404, user: 404, other: 404, verified: 404, admin: 404 },
    request: () => ({ params: { token: '2026-000001.zzz.AAAAAAAAAAA' } }),
  },
  // A person's SMS choices: turning one on needs a verified number (none here: 409).
  'sms.preferences': { request: () => ({}) },
  'sms.setPreferences': {
    except: { user: 409, other: 409, verified: 409, admin: 409 },
    request: () => ({ payload: { updates: true } }),
  },
  // The links of update and decision SMS: the unguessable link is the authorisation.
  'sms.notice': {
    except: { anon: 404, user: 404, other: 404, verified: 404, admin: 404 },
    request: () => ({ params: { token: 'AAAAAAAAAAA' } }),
  },
  'sms.stopNotices': {
    except: { anon: 404, user: 404, other: 404, verified: 404, admin: 404 },
    request: () => ({ params: { token: 'AAAAAAAAAAA' } }),
  },
  'sms.costs': { request: () => ({}) },
  'sms.setCeiling': { request: () => ({ payload: { ceilingTk: 500 } }) },

  // Selected donations, histories and payments.
  'cart.list': { request: () => ({}) },
  'cart.add': { request: () => ({ payload: { fundId: otherFundId } }) },
  'cart.remove': { except: ownedByUser, request: () => ({ params: { id: ownCartItemId } }) },
  'donations.mine': { request: () => ({}) },
  'payments.mine': { request: () => ({}) },
  'receipts.receipt': {
    // Its donor and admins (an accountant's copy); anyone else 404.
    except: { verified: 404, other: 404 },
    request: () => ({ params: { paymentId: donationId } }),
  },
  'payments.unsettled': { request: () => ({ query: `?fundId=${ownFundId}` }) },
  'receipts.statement': { request: () => ({ params: { year: '2026' } }) },
  'payments.config': { request: () => ({}) },
  'payments.refund': {
    // An admin reaches the rules: a pending payment is not refundable (409).
    except: { admin: 409 },
    request: () => ({
      params: { paymentId: ownPaymentId },
      payload: { amountPoisha: 100, reason: 'Matrix', requestKey: randomUUID() },
    }),
  },
  'payments.createIntent': { request: () => ({ payload: { fundId: ownFundId, amountTk: 50 } }) },
  'payments.confirm': {
    except: ownedByUser,
    request: () => ({ payload: { intentId: ownIntentId } }),
  },
  'payments.testConfirm': {
    // The card step is authorised by the intent's client secret, as at Stripe.
    request: async () => {
      const intent = await createIntent(who.verified!);
      return {
        params: { intentId: intent.intentId },
        payload: {
          clientSecret: intent.clientSecret,
          card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
          billing: { name: 'A', email: 'a@example.com' },
        },
      };
    },
  },
  // Monthly gifts: the donor's own (others 404), or by the signed link of its e-mails.
  'recurring.start': {
    request: () => ({ payload: { fundId: ownFundId, amountTk: 100, method: 'wallet' } }),
  },
  'recurring.activate': {
    // The owner reaches the rules: no card was saved on its setup yet (402).
    except: { ...ownedByUser, verified: 402 },
    request: () => ({ params: { giftId: ownGiftId } }),
  },
  'recurring.changeCard': {
    except: ownedByUser,
    request: () => ({ params: { giftId: ownGiftId } }),
  },
  'recurring.mine': { request: () => ({}) },
  'recurring.change': {
    except: ownedByUser,
    request: () => ({ params: { giftId: ownGiftId }, payload: { amountTk: 150 } }),
  },
  'recurring.byToken': { request: () => ({ params: { token: giftLink } }) },
  'recurring.changeByToken': {
    request: () => ({ params: { token: giftLink }, payload: { amountTk: 120 } }),
  },
  'recurring.fundIncome': {
    except: { other: 404 },
    request: () => ({ params: { fundId: ownFundId } }),
  },
  'recurring.ramadan': { request: () => ({}) },
  'recurring.setRamadan': {
    request: () => ({ payload: { startsOn: '2027-02-08', endsOn: '2027-03-09' } }),
  },
  'recurring.ramadanHistory': { request: () => ({}) },
  'recurring.testConfirmSetup': {
    // Saving the card is authorised by the setup intent's client secret.
    request: async () => {
      const { setup } = await startCardGift();
      return {
        params: { setupIntentId: setup.setupIntentId },
        payload: {
          clientSecret: setup.clientSecret,
          card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
          billing: { name: 'A', email: 'a@example.com' },
        },
      };
    },
  },
  // A person's own data; closing is confirmed by the password (a wrong one here: 400).
  'privacy.exportJson': { request: () => ({}) },
  'privacy.exportCsv': { request: () => ({}) },
  'privacy.close': {
    except: { user: 400, other: 400, verified: 400, admin: 400 },
    request: () => ({ payload: { password: 'not-the-password-1' } }),
  },
  // Let in, then refused: these accounts have no mobile number to send a code to.
  'privacy.closeCode': {
    except: { user: 409, other: 409, verified: 409, admin: 409 },
    request: () => ({}),
  },
  'payments.checkout': {
    request: () => ({ payload: { fundId: ownFundId, amountTk: 50, method: 'bkash' } }),
  },
  'payments.one': { except: ownedByUser, request: () => ({ params: { paymentId: ownPaymentId } }) },
  'payments.held': { request: () => ({}) },
  'payments.search': { request: () => ({ query: '?q=matrix' }) },
  'payments.detail': { request: () => ({ params: { paymentId: ownPaymentId } }) },
  'payments.review': {
    // Only held payments can be reviewed: the admin's call on another payment is a 409.
    except: { admin: 409 },
    request: () => ({
      params: { paymentId: ownPaymentId },
      payload: { decision: 'approve', reason: 'Matrix' },
    }),
  },
  'payments.panelRefund': {
    // The site takes test card payments: the admin's call on one of them is a 409 (no gateway).
    except: { admin: 409 },
    request: () => ({
      params: { paymentId: ownPaymentId },
      payload: { refundRefId: 'REFMATRIX', amountPoisha: 100, reason: 'Matrix' },
    }),
  },
  'payments.sslcommerzIpn': {
    // Posted by the gateway: nothing in it is trusted, so anyone may post (and change nothing).
    request: () => ({
      payload: 'tran_id=unknown&val_id=unknown',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  'payments.sslcommerzReturn': {
    // The browser coming back from the gateway: a 303 to the pay page for anyone.
    except: { anon: 303, user: 303, other: 303, verified: 303, admin: 303 },
    request: () => ({
      params: { result: 'cancel' },
      payload: 'tran_id=unknown',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  'payments.stripeWebhook': {
    // Authorised by Stripe's signature; absent with the embedded test processor.
    except: { anon: 404, user: 404, other: 404, verified: 404, admin: 404 },
    request: () => ({ payload: '{}', headers: { 'content-type': 'application/json' } }),
  },

  // Fund raisers.
  'funds.create': { request: () => ({ payload: FUND_BODY }) },
  'funds.mine': { request: () => ({}) },
  'funds.getMine': {
    except: ownedByRaiserOrAdmin,
    request: () => ({ params: { id: ownFundId } }),
  },
  'funds.update': {
    except: ownedByRaiserOrAdmin,
    request: () => ({ params: { id: ownFundId }, payload: { name: `Renamed ${n++}` } }),
  },
  'verifications.apply': {
    request: () => ({
      payload: {
        name: 'Applicant',
        image: 'https://example.com/me.png',
        idCardNumber: '1990123456789',
        phoneNumber: '01712345678',
      },
    }),
  },
  'verifications.mine': { request: () => ({}) },
  'updates.create': {
    except: ownedByRaiserOrAdmin,
    request: () => ({ params: { id: ownFundId }, payload: { body: `News ${n++}` } }),
  },
  'withdrawals.request': {
    except: ownedByRaiserOrAdmin,
    request: () => ({
      payload: { fundId: ownFundId, amountTk: 1, payoutAccountId: ownAccountId },
    }),
  },
  'language.mine': { request: () => ({}) },
  'language.choose': { request: () => ({ payload: { language: 'en' } }) },
  'withdrawals.mine': { request: () => ({}) },
  'payouts.myAccounts': { request: () => ({}) },
  'receipts.fundStatement': {
    except: { other: 404 },
    request: () => ({ params: { id: ownFundId } }),
  },
  'payouts.addAccount': {
    request: (actor) => ({
      payload: {
        kind: 'bkash',
        walletType: 'personal',
        number: '01712345678',
        accountName: 'Matrix raiser',
        password: actor === 'anon' ? 'secret123' : who[actor]!.password,
        // The admin signs in with two factors: adding a payout account asks a code too.
        ...(actor === 'admin' ? { secondFactor: adminBackupCodes.shift() } : {}),
      },
    }),
  },
  // Nobody here has a verified mobile number to send the code to.
  'payouts.accountCode': {
    except: { other: 409, verified: 409, admin: 409 },
    request: () => ({}),
  },
  // An account of its own to remove: the one withdrawals are requested to stays.
  'payouts.removeAccount': {
    except: ownedByRaiserOrAdmin,
    request: () => ({ params: { id: removableAccountId } }),
  },
  'uploads.upload': {
    request: () => ({
      payload: MULTIPART,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    }),
  },

  // Admins.
  'funds.adminList': { request: () => ({}) },
  'funds.decide': {
    request: () => ({ params: { id: pendingFundId }, payload: { status: 'approved', version: 1 } }),
  },
  'funds.events': { request: () => ({ params: { id: ownFundId } }) },
  'funds.decideChange': {
    request: () => ({
      params: { id: changeFundId },
      payload: { status: 'denied', feedback: 'Keep the old name', version: changeFundVersion },
    }),
  },
  'funds.hold': {
    request: () => ({
      params: { id: holdFundId },
      payload: { action: 'suspend', reason: 'Check', version: 1 },
    }),
  },

  // The fund page: donor wall, organiser, reports.
  'supporters.list': { request: () => ({ params: { id: ownFundId }, query: '?view=messages' }) },
  'supporters.hideMessage': {
    // Only the fund's raiser and admins moderate; to anybody else the message is not there.
    except: { user: 404, other: 404 },
    request: () => ({
      params: { id: ownFundId, donationId: messageDonationId },
      payload: { hidden: true },
    }),
  },
  'organisers.get': { request: () => ({ params: { id: ownFundId } }) },
  'reports.create': {
    request: () => ({
      params: { id: otherFundId },
      payload: { reason: 'misleading', details: 'The story does not add up' },
    }),
  },
  'reports.list': { request: () => ({}) },
  'updates.adminList': { request: () => ({}) },
  'updates.decide': {
    request: () => ({ params: { id: pendingUpdateId }, payload: { status: 'approved' } }),
  },

  // Overview and CSV downloads.
  'overview.get': { request: () => ({}) },
  'downloads.myDonations': { request: () => ({}) },
  'downloads.myGifts': { request: () => ({}) },
  'receipts.creditNote': {
    // Its donor and admins (an accountant's copy); anyone else 404.
    except: { verified: 404, other: 404 },
    request: () => ({ params: { refundId: creditNoteRefundId } }),
  },
  'downloads.payments': { request: () => ({ query: '?from=2026-01-01&to=2026-01-31' }) },
  'downloads.refunds': { request: () => ({ query: '?from=2026-01-01&to=2026-01-31' }) },
  'downloads.withdrawals': { request: () => ({ query: '?from=2026-01-01&to=2026-01-31' }) },
  'reports.resolve': {
    request: () => ({ params: { id: reportId }, payload: { status: 'resolved' } }),
  },
  'verifications.list': { request: () => ({}) },
  'verifications.decide': {
    request: () => ({
      params: { id: applicationId },
      payload: { status: 'denied', feedback: 'No', version: 1 },
    }),
  },
  'withdrawals.list': { request: () => ({}) },
  'withdrawals.decide': {
    request: () => ({ params: { id: withdrawalId }, payload: { status: 'approved', version: 1 } }),
  },
  'withdrawals.payout': {
    request: () => ({
      params: { id: withdrawalId },
      payload: { status: 'failed', reason: 'The wallet refused it', version: 1 },
    }),
    // Let in, then refused by the withdrawal's state: it waits for approval, not payment.
    except: { admin: 409 },
  },
  'withdrawals.fundPayouts': { request: () => ({ params: { id: ownFundId } }) },
  'spending.create': {
    request: () => ({
      params: { id: withdrawalId },
      payload: { body: 'Spent on books', lines: [{ label: 'Books', amountTk: 100 }] },
    }),
    // The raiser's own withdrawal, refused by its state: it is not paid yet.
    except: { verified: 409, other: 404, admin: 404 },
  },
  'spending.adminList': { request: () => ({}) },
  'spending.decide': {
    request: () => ({
      params: { id: randomUUID() },
      payload: { status: 'denied', feedback: 'No receipts', version: 1 },
    }),
    except: { admin: 404 },
  },
  'payouts.listAccounts': { request: () => ({}) },
  'payouts.getAccount': { request: () => ({ params: { id: ownAccountId } }) },
  'payouts.decideAccount': {
    request: () => ({
      params: { id: decideAccountId },
      payload: { status: 'denied', feedback: 'Not the raiser', version: 1 },
    }),
  },
  'withdrawals.disburse': {
    request: () => ({ params: { id: withdrawalId }, payload: { version: 1 } }),
    // Let in, then refused: this site's payouts are sent by hand.
    except: { admin: 409 },
  },
  'payouts.exportCsv': { request: () => ({ query: '?from=2026-01-01&to=2026-01-31' }) },
  'zakat.updateSettings': {
    request: () => ({ payload: { goldTkPerGram: 15000, silverTkPerGram: 180 } }),
  },
  'zakat.setFund': {
    request: () => ({ params: { id: ownFundId }, payload: { eligible: true, note: 'Orphans' } }),
  },
  'users.list': { request: () => ({}) },
  'users.changeRole': {
    request: () => ({ params: { id: targetUserId }, payload: { role: 'verified' } }),
  },
};

const ENDPOINTS = allEndpoints();

/** The statuses a row expects: its contract's access level, then the row's exceptions. */
function expected(endpoint: Endpoint, row: Row): Expect {
  return { ...fromAccess(endpoint.access, successStatuses(endpoint)[0]!), ...row.except };
}

/** Routes that are not ours to check: better-auth's, and HEAD twins of GET routes. */
function inScope({ method, url }: { method: string; url: string }) {
  return method !== 'HEAD' && url.startsWith('/api/') && !url.startsWith('/api/auth/');
}

beforeAll(async () => {
  // Test files share their modules: Fastify may be loaded already, without the mock above.
  // The app's modules are loaded afresh, so that every instance it creates is seen.
  vi.resetModules();
  const { buildTestApp, createSignedInUser, enableTwoFactor } = await import('./helper');
  ctx = await buildTestApp({ ADMIN_REQUIRE_2FA: 'true' });
  const [user, other, verified, admin, applicant, target] = await Promise.all([
    createSignedInUser(ctx, { role: 'user' }),
    createSignedInUser(ctx, { role: 'verified' }),
    createSignedInUser(ctx, { role: 'verified' }),
    createSignedInUser(ctx, { role: 'admin' }),
    createSignedInUser(ctx, { role: 'user' }),
    createSignedInUser(ctx, { role: 'user' }),
  ]);
  const twoFactor = await enableTwoFactor(ctx, admin);
  admin.cookie = twoFactor.cookie;
  adminBackupCodes = [...twoFactor.backupCodes];
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
  donationId = (await createDonation(ctx.db, { userId: user.id, fundId: fund.id, amountTk: 1000 }))
    .id;
  const refundedId = (
    await createDonation(ctx.db, { userId: user.id, fundId: fund.id, amountTk: 300 })
  ).id;
  await recordRefund({ db: ctx.db }, refundedId, { addedPoisha: 100_00 }, 'matrix', 'A mistake');
  const [madeRefund] = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.paymentId, refundedId));
  creditNoteRefundId = madeRefund!.id;
  messageDonationId = (
    await createDonation(ctx.db, {
      userId: user.id,
      fundId: fund.id,
      amountTk: 100,
      supportMessage: 'Stay strong',
    })
  ).id;
  const changed = await createFund(ctx.db, { raiserId: verified.id, status: 'approved' });
  changeFundId = changed.id;
  await ctx.db.insert(fundChanges).values({ fundId: changed.id, proposed: { name: 'New name' } });
  const [changedNow] = await ctx.db
    .select({ version: funds.version })
    .from(funds)
    .where(eq(funds.id, changed.id));
  changeFundVersion = changedNow!.version;
  holdFundId = (await createFund(ctx.db, { raiserId: other.id, status: 'approved' })).id;
  const [report] = await ctx.db
    .insert(fundReports)
    .values({ fundId: fund.id, reporterId: user.id, reason: 'other', details: 'Odd' })
    .returning();
  reportId = report!.id;
  await setSubscription(ctx.db, user.id, fund.id, true);
  unsubscribeLink = unsubscribeToken(ctx.config.authSecret, user.id, fund.id);
  pendingFundId = (await createFund(ctx.db, { raiserId: verified.id, status: 'pending' })).id;
  // A fund whose picture is an upload (no web build here to hold the bundled pictures).
  const picture = await ctx.app.storage.put(
    `${randomUUID()}-1280.webp`,
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#888' } })
      .webp()
      .toBuffer(),
    'image/webp',
  );
  shareFundId = (await createFund(ctx.db, { raiserId: other.id, image: picture })).id;
  ownAccountId = (await createPayoutAccount(ctx.db, { userId: verified.id })).id;
  removableAccountId = (await createPayoutAccount(ctx.db, { userId: verified.id })).id;
  decideAccountId = (await createPayoutAccount(ctx.db, { userId: other.id, status: 'pending' })).id;
  otherFundId = (await createFund(ctx.db, { raiserId: other.id, status: 'approved' })).id;
  // The own fund's first update was approved (its next ones publish at once); another
  // fund's first update waits for review.
  await ctx.db
    .insert(fundUpdates)
    .values({ fundId: fund.id, authorId: verified.id, body: 'First', status: 'approved' });
  const [waiting] = await ctx.db
    .insert(fundUpdates)
    .values({ fundId: otherFundId, authorId: other.id, body: 'First', status: 'pending' })
    .returning();
  pendingUpdateId = waiting!.id;
  applicationId = (await createVerificationApplication(ctx.db, { userId: applicant.id })).id;
  const [w] = await ctx.db
    .insert(withdrawals)
    .values({ fundId: fund.id, raiserId: verified.id, amountPoisha: 1000, status: 'pending' })
    .returning();
  withdrawalId = w!.id;
  const cart = await as(verified).call(api.cart.add, {
    body: { fundId: ownFundId },
  });
  ownCartItemId = cart.json().id;
  const intent = await createIntent(verified);
  ownIntentId = intent.intentId;
  ownPaymentId = intent.paymentId;
  const started = await startCardGift();
  ownGiftId = started.gift.id;
  giftLink = started.gift.manageToken;
});
afterAll(() => ctx.close());

describe('authorization matrix', () => {
  it('has a row for every contract, and no row without one', () => {
    const names = ENDPOINTS.map((e) => e.name);
    expect(
      names.filter((name) => !MATRIX[name]),
      'contracts without a row in the authorization matrix',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((name) => !names.includes(name)),
      'rows for contracts that do not exist',
    ).toEqual([]);
  });

  it('registers every contract, and no API route without one', () => {
    const routes = [...new Set(registered.filter(inScope).map((r) => `${r.method} ${r.url}`))];
    const contracts = ENDPOINTS.map(({ endpoint: e }) => `${e.method} ${e.path}`);
    expect(
      routes.filter((r) => !contracts.includes(r)),
      'routes without a contract',
    ).toEqual([]);
    expect(
      contracts.filter((c) => !routes.includes(c)),
      'contracts not registered',
    ).toEqual([]);
  });

  it('never lets a row change who may call an endpoint', () => {
    const contradictions = ENDPOINTS.flatMap(({ name, endpoint }) =>
      Object.entries(MATRIX[name]?.except ?? {})
        .filter(([actor, status]) => {
          const byAccess = fromAccess(endpoint.access, 0)[actor as Actor];
          return byAccess === 401 || byAccess === 403 || status === 401 || status === 403;
        })
        .map(([actor]) => `${name}: ${actor}`),
    );
    expect(contradictions).toEqual([]);
  });

  for (const { name, endpoint } of ENDPOINTS) {
    const row = MATRIX[name];
    if (!row) continue;
    const want = expected(endpoint, row);
    const title = `${name} (${endpoint.method} ${endpoint.path}, ${endpoint.access})`;
    it(`${title}: ${ACTORS.map((a) => `${a} ${want[a]}`).join(', ')}`, async () => {
      const got: Partial<Expect> = {};
      for (const actor of ACTORS) {
        const req = await row.request(actor);
        const cookie = actor === 'anon' ? undefined : who[actor]!.cookie;
        const res = await ctx.app.inject({
          method: endpoint.method,
          url: fillPath(endpoint.path, req.params) + (req.query ?? ''),
          payload: req.payload,
          headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
        });
        got[actor] = res.statusCode;
      }
      expect(got).toEqual(want);
    });
  }
});

describe('admin rights need a verified e-mail and, where required, two-factor sign-in', () => {
  const adminEndpoints = ENDPOINTS.filter(({ endpoint }) => endpoint.access === 'admin');

  it('covers every admin endpoint', () => {
    expect(adminEndpoints.length).toBeGreaterThan(8);
  });

  for (const { name, endpoint } of adminEndpoints) {
    it(`${name}: 403 to an admin without two-factor sign-in or without a verified e-mail`, async () => {
      for (const [person, error] of [
        [held.adminWithout2fa, IDENTITY_ERRORS.twoFactorRequired],
        [held.adminUnverified, IDENTITY_ERRORS.emailNotVerified],
      ] as const) {
        const req = await MATRIX[name]!.request('admin');
        const res = await ctx.app.inject({
          method: endpoint.method,
          url: fillPath(endpoint.path, req.params) + (req.query ?? ''),
          payload: req.payload,
          headers: { ...req.headers, cookie: person.cookie },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: error });
      }
    });
  }

  it('every endpoint that needs a verified e-mail answers 403 until the address is verified', async () => {
    const needing = ENDPOINTS.filter(({ endpoint }) => endpoint.emailVerified);
    expect(needing.map((e) => e.name).sort()).toEqual([
      'payouts.accountCode',
      'payouts.addAccount',
      'verifications.apply',
      'withdrawals.request',
    ]);
    const apply = await MATRIX['verifications.apply']!.request('user');
    const res = await as(held.userUnverified).send(api.verifications.apply, {
      body: apply.payload,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(IDENTITY_ERRORS.emailNotVerified.code);

    const fund = await createFund(ctx.db, { raiserId: held.raiserUnverified.id });
    const withdraw = await as(held.raiserUnverified).call(api.withdrawals.request, {
      body: {
        fundId: fund.id,
        amountTk: 1,
        payoutAccountId: (await createPayoutAccount(ctx.db, { userId: held.raiserUnverified.id }))
          .id,
      },
    });
    expect(withdraw.statusCode).toBe(403);
    expect(withdraw.json().error.code).toBe(IDENTITY_ERRORS.emailNotVerified.code);
  });
});
