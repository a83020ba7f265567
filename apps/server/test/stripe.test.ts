import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { payments, webhookEvents } from '../src/db/schema';
import { reconcilePendingPayments } from '../src/modules/payments/reconcile-pending';
import { buildTestApp, createSignedInUser, useTestApp, useStandIn, urlOf, as } from './helper';
import {
  confirmPayment,
  createIntent,
  createRaisedFund,
  declinesCounted,
  fundTotals,
} from './payments-helper';
import { postStripeWebhook, StripeStandIn, stripeEvent } from './stripe-stand-in';
import { resources as api } from '@easyfund/shared/api/resources';

const sdk = new Stripe('sk_test_unused');

const standIn = useStandIn(new StripeStandIn());
const { ctx, donor } = useTestApp({ donor: {} }, { env: () => standIn.env() });

/** A Stripe event about a payment intent, as Stripe would post it. */
const eventPayload = (type: string, intentId: string, id?: string) =>
  stripeEvent(type, { id: intentId, object: 'payment_intent', status: 'succeeded' }, id);

const postWebhook = (payload: string, signature?: string) =>
  postStripeWebhook(ctx.app, payload, signature);

function sign(payload: string, opts: { secret?: string; timestamp?: number } = {}) {
  return sdk.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? standIn.env().STRIPE_WEBHOOK_SECRET!,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
}

async function startPayment(amountTk = 500) {
  const fund = await createRaisedFund(ctx);
  const res = await createIntent(ctx, donor, { fundId: fund.id, amountTk });
  expect(res.statusCode).toBe(201);
  return { fund, intent: res.json() as { intentId: string; paymentId: string } };
}

async function paymentStatus(intentId: string) {
  const [row] = await ctx.db
    .select({ status: payments.status, failureMessage: payments.failureMessage })
    .from(payments)
    .where(eq(payments.providerPaymentId, intentId));
  return row;
}

describe('the stripe provider', () => {
  it('gives the pay page the publishable key and hides the embedded processor and test checkout', async () => {
    const config = await as(ctx).call(api.payments.config);
    expect(config.json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_standin',
      checkoutMethods: [],
      testMode: false,
      mode: 'test',
    });
    const processor = await as(ctx).call(api.payments.testConfirm, {
      params: { intentId: 'pi_x' },
      body: {
        clientSecret: 'x',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
        billing: { name: 'a', email: 'b' },
      },
    });
    expect(processor.statusCode).toBe(404);
    const checkout = await ctx.app.inject({ method: 'GET', url: '/test-gateway/TESTSESS1' });
    expect(checkout.body).not.toContain('Test mode');
  });

  it('creates a PaymentIntent in poisha and bdt, with an idempotency key and our metadata', async () => {
    const before = standIn.requests.length;
    const { intent } = await startPayment(750);
    const calls = standIn.requests.slice(before).filter((r) => r.method === 'POST');
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.path).toBe('/v1/payment_intents');
    expect(call.form.get('amount')).toBe('75000');
    expect(call.form.get('currency')).toBe('bdt');
    expect(call.form.get('metadata[paymentId]')).toBe(intent.paymentId);
    expect(call.headers['idempotency-key']).toBe(`easyfund-payment-${intent.paymentId}`);
    expect(standIn.get(intent.intentId).amount).toBe(75_000);
  });

  it('records nothing while Stripe says the intent is not paid, then records once when it is', async () => {
    const { fund, intent } = await startPayment(500);
    const pending = await confirmPayment(ctx, donor, intent.intentId);
    expect(pending.json().status).toBe('pending');
    standIn.succeed(intent.intentId);
    const paid = await confirmPayment(ctx, donor, intent.intentId);
    expect(paid.json()).toMatchObject({
      status: 'succeeded',
      payment: { transactionId: intent.intentId, amountPoisha: 50_000 },
    });
    await confirmPayment(ctx, donor, intent.intentId);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 50_000, donationCount: 1 });
  });

  it('records a declined card as failed with Stripe’s message', async () => {
    const { fund, intent } = await startPayment(500);
    standIn.decline(intent.intentId, 'Your card has insufficient funds.');
    const res = await confirmPayment(ctx, donor, intent.intentId);
    expect(res.json()).toMatchObject({
      status: 'failed',
      payment: { failureMessage: 'Your card has insufficient funds.' },
    });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it('answers 503 and records nothing when Stripe is failing', async () => {
    const fund = await createRaisedFund(ctx);
    standIn.failing = true;
    try {
      const res = await createIntent(ctx, donor, { fundId: fund.id, amountTk: 500 });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('unavailable');
    } finally {
      standIn.failing = false;
    }
    const rows = await ctx.db.select().from(payments).where(eq(payments.fundId, fund.id));
    expect(rows).toHaveLength(0);
  });
});

describe('the stripe webhook', () => {
  it('records a donation from payment_intent.succeeded, re-reading the intent from Stripe', async () => {
    const { fund, intent } = await startPayment(300);
    standIn.succeed(intent.intentId);
    const payload = eventPayload('payment_intent.succeeded', intent.intentId);
    const res = await postWebhook(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, handled: true, duplicate: false });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 30_000, donationCount: 1 });
    // The browser's confirmation arriving afterwards changes nothing.
    expect((await confirmPayment(ctx, donor, intent.intentId)).json().status).toBe('succeeded');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 30_000, donationCount: 1 });
  });

  it('records one donation when the webhook arrives after the browser’s confirmation', async () => {
    const { fund, intent } = await startPayment(400);
    standIn.succeed(intent.intentId);
    expect((await confirmPayment(ctx, donor, intent.intentId)).json().status).toBe('succeeded');
    const payload = eventPayload('payment_intent.succeeded', intent.intentId);
    const res = await postWebhook(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 40_000, donationCount: 1 });
  });

  it('handles a redelivered event (same id) once', async () => {
    const { fund, intent } = await startPayment(200);
    standIn.succeed(intent.intentId);
    const payload = eventPayload('payment_intent.succeeded', intent.intentId, 'evt_redelivered');
    expect((await postWebhook(payload, sign(payload))).json().duplicate).toBe(false);
    const again = await postWebhook(payload, sign(payload));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, handled: false, duplicate: true });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 20_000, donationCount: 1 });
  });

  it('trusts Stripe’s state, not the payload: a "succeeded" event for an unpaid intent records nothing', async () => {
    const { fund, intent } = await startPayment(200);
    const payload = eventPayload('payment_intent.succeeded', intent.intentId);
    const res = await postWebhook(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect((await paymentStatus(intent.intentId))?.status).toBe('pending');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it('marks a payment failed on payment_intent.payment_failed and changes no total', async () => {
    const { fund, intent } = await startPayment(200);
    standIn.decline(intent.intentId);
    const payload = eventPayload('payment_intent.payment_failed', intent.intentId);
    expect((await postWebhook(payload, sign(payload))).statusCode).toBe(200);
    expect(await paymentStatus(intent.intentId)).toEqual({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it("counts a decline told by the webhook and the browser at once against the donor's network once; a cancel counts none", async () => {
    const network = '100.64.3.3';
    const declines = () => declinesCounted(ctx, network);
    const fund = await createRaisedFund(ctx);
    const start = async () =>
      (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 200 }, network)).json() as {
        intentId: string;
      };
    const declined = await start();
    standIn.decline(declined.intentId);
    const payload = eventPayload('payment_intent.payment_failed', declined.intentId);
    const [hook, browser] = await Promise.all([
      postWebhook(payload, sign(payload)),
      confirmPayment(ctx, donor, declined.intentId),
    ]);
    expect(hook.statusCode).toBe(200);
    expect(browser.json()).toMatchObject({ status: 'failed' });
    expect(await declines()).toBe(1);

    const canceled = await start();
    standIn.setStatus(canceled.intentId, 'canceled');
    const cancelEvent = eventPayload('payment_intent.canceled', canceled.intentId);
    expect((await postWebhook(cancelEvent, sign(cancelEvent))).statusCode).toBe(200);
    expect((await paymentStatus(canceled.intentId))?.status).toBe('failed');
    expect(await declines()).toBe(1);
  });

  it('acknowledges event types outside the allow-list without acting on them', async () => {
    const { fund, intent } = await startPayment(200);
    standIn.succeed(intent.intentId);
    const payload = eventPayload('payment_intent.created', intent.intentId);
    const res = await postWebhook(payload, sign(payload));
    expect(res.json()).toEqual({ received: true, handled: false, duplicate: false });
    expect((await paymentStatus(intent.intentId))?.status).toBe('pending');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it.each([
    ['a wrong secret', (p: string) => sign(p, { secret: 'whsec_wrong' })],
    [
      'a stale timestamp',
      (p: string) => sign(p, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    ],
    ['a missing header', () => undefined],
    ['garbage', () => 't=1,v1=deadbeef'],
  ])('refuses a webhook signed with %s (400) and records nothing', async (_, signer) => {
    const { fund, intent } = await startPayment(200);
    standIn.succeed(intent.intentId);
    const payload = eventPayload('payment_intent.succeeded', intent.intentId);
    const res = await postWebhook(payload, signer(payload));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
    expect((await paymentStatus(intent.intentId))?.status).toBe('pending');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
    const seen = await ctx.db.select().from(webhookEvents);
    expect(seen.some((e) => payload.includes(e.id))).toBe(false);
  });

  it('verifies the signature on the exact bytes: a re-serialised body fails', async () => {
    const { intent } = await startPayment(200);
    standIn.succeed(intent.intentId);
    const payload = eventPayload('payment_intent.succeeded', intent.intentId);
    const signature = sign(payload);
    const reformatted = JSON.stringify(JSON.parse(payload), null, 2);
    expect((await postWebhook(reformatted, signature)).statusCode).toBe(400);
    expect((await paymentStatus(intent.intentId))?.status).toBe('pending');
  });
});

describe('reconciliation with stripe', () => {
  it('records a payment Stripe says succeeded when neither the browser nor a webhook told us', async () => {
    const { fund, intent } = await startPayment(650);
    standIn.succeed(intent.intentId);
    const report = await reconcilePendingPayments(
      { db: ctx.db, provider: ctx.app.payments, log: { warn() {}, error() {} } },
      { olderThanMs: 0, abandonAfterMs: 3_600_000, now: new Date(Date.now() + 1000) },
    );
    expect(report.errors).toBe(0);
    expect((await paymentStatus(intent.intentId))?.status).toBe('succeeded');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 65_000, donationCount: 1 });
  });
});

describe('the webhook without stripe', () => {
  it('answers 404 when the embedded processor is in use', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: urlOf(api.payments.stripeWebhook),
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('an admin refund through stripe', () => {
  it('calls refunds.create once per request key and records what Stripe reports', async () => {
    const { randomUUID } = await import('node:crypto');
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const { fund, intent } = await startPayment(800);
    standIn.succeed(intent.intentId);
    expect((await confirmPayment(ctx, donor, intent.intentId)).json().status).toBe('succeeded');
    const body = { amountPoisha: 30_000, reason: 'Asked by the donor', requestKey: randomUUID() };
    const before = standIn.requests.length;
    const first = await as(admin).call(api.payments.refund, {
      params: { paymentId: intent.paymentId },
      body,
    });
    const again = await as(admin).call(api.payments.refund, {
      params: { paymentId: intent.paymentId },
      body,
    });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ refundedPoisha: 30_000, refundablePoisha: 50_000 });
    const refundCalls = standIn.requests
      .slice(before)
      .filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refundCalls.length).toBe(1);
    expect(standIn.get(intent.intentId).latest_charge?.amount_refunded).toBe(30_000);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 50_000, donationCount: 1 });
  });
});
