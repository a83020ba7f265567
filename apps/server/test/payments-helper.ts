import { count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Db, type Tx } from '../src/db/client';
import { funds, payments, rateLimit } from '../src/db/schema';
import { createFund, createUser } from '../src/seed/factories';
import { counterKey } from '../src/db/rate-limit-store';
import { declinesKey } from '../src/modules/payments/declines';
import type { BodyInputOf } from '@easyfund/shared/api/contract';
import { resources as api } from '@easyfund/shared/api/resources';
import { as, type SignedInUser, type TestContext } from './helper';

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  expired: '4000 0000 0000 0069',
  luhnFails: '4242 4242 4242 4241',
  otherValid: '5555 5555 5555 4444',
} as const;

const nextYear = new Date().getUTCFullYear() + 1;

/**
 * Writes straight into the database with its triggers off (`session_replication_role =
 * replica`, as a restore or an operator's hand edit can): the states the database itself
 * refuses, for the tests of what the ledger check and the app still catch. The app never
 * writes this way.
 */
export async function pastTheGuards(db: Db, fn: (tx: Tx) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await fn(tx);
  });
}

/** A raiser with one fund in the given status. */
export async function createRaisedFund(
  ctx: TestContext,
  input: { status?: 'approved' | 'pending' | 'denied'; suggestedTk?: number } = {},
) {
  const raiser = await createUser(ctx.app.auth, ctx.db, { role: 'verified', name: 'Karim Raiser' });
  return createFund(ctx.db, {
    raiserId: raiser.id,
    status: input.status ?? 'approved',
    suggestedTk: input.suggestedTk,
  });
}

export function createIntent(
  ctx: Pick<TestContext, 'app'>,
  who: SignedInUser,
  payload: Record<string, unknown>,
  remoteAddress?: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/intents',
    headers: { cookie: who.cookie },
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export function confirmAtProcessor(
  ctx: TestContext,
  intent: { intentId: string; clientSecret: string },
  card: { number?: string; expMonth?: number; expYear?: number; cvc?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/test-processor/payment_intents/${intent.intentId}/confirm`,
    payload: {
      clientSecret: intent.clientSecret,
      card: {
        number: card.number ?? CARDS.ok,
        expMonth: card.expMonth ?? 12,
        expYear: card.expYear ?? nextYear,
        cvc: card.cvc ?? '123',
      },
      billing: { name: 'Test Donor', email: 'donor@example.com' },
    },
  });
}

export function confirmPayment(ctx: TestContext, who: SignedInUser, intentId: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/confirm',
    headers: { cookie: who.cookie },
    payload: { intentId },
  });
}

/** The whole browser flow: intent → card at the processor → our confirmation. */
export async function donate(
  ctx: TestContext,
  who: SignedInUser,
  fundId: string,
  amountTk: number,
  cardNumber: string = CARDS.ok,
) {
  const created = await createIntent(ctx, who, { fundId, amountTk });
  if (created.statusCode !== 201) throw new Error(`intent: ${created.statusCode} ${created.body}`);
  const intent = created.json() as { intentId: string; clientSecret: string; paymentId: string };
  const card = await confirmAtProcessor(ctx, intent, { number: cardNumber });
  const confirmed = await confirmPayment(ctx, who, intent.intentId);
  return { intent, card, confirmed };
}

export async function fundTotals(ctx: TestContext, fundId: string) {
  const [row] = await ctx.db
    .select({ raisedPoisha: funds.raisedPoisha, donationCount: funds.donationCount })
    .from(funds)
    .where(eq(funds.id, fundId));
  return row!;
}

export async function paymentRows(ctx: TestContext, fundId: string) {
  return ctx.db.select().from(payments).where(eq(payments.fundId, fundId));
}

export async function paymentCount(ctx: TestContext) {
  const [row] = await ctx.db.select({ n: count() }).from(payments);
  return row?.n ?? 0;
}

/** The declined payments counted against a network in its current window (decision 448). */
export async function declinesCounted(ctx: TestContext, network: string): Promise<number> {
  const [row] = await ctx.db
    .select({ count: rateLimit.count })
    .from(rateLimit)
    .where(eq(rateLimit.key, counterKey(declinesKey(network))));
  return row?.count ?? 0;
}

/** A form posted as a browser posts it (`application/x-www-form-urlencoded`). */
export function postForm(
  ctx: Pick<TestContext, 'app'>,
  url: string,
  fields: Record<string, string>,
) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/**
 * "Pay" on the embedded test checkout's gateway page (where a wallet checkout redirects):
 * the wallet number and the OTP, 123456 being the right one.
 */
export function payAtTestGateway(
  ctx: Pick<TestContext, 'app'>,
  url: string,
  wallet = '01700000000',
  otp = '123456',
) {
  return postForm(ctx, url, { wallet, otp, action: 'pay' });
}

/**
 * A wallet checkout through the embedded test checkout, paid on its gateway page with
 * `wallet`: the payment's id and the page's answer.
 */
export async function payByWallet(
  ctx: Pick<TestContext, 'app'>,
  who: SignedInUser,
  checkout: BodyInputOf<typeof api.payments.checkout>,
  wallet?: string,
) {
  const started = await as(who).call(api.payments.checkout, { body: checkout });
  expect(started.statusCode, started.body).toBe(201);
  const { paymentId, redirectUrl } = started.json();
  return { paymentId, paid: await payAtTestGateway(ctx, redirectUrl, wallet) };
}
