import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { payments, refunds, webhookEvents } from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/check';
import { checkProviderLedger } from '../src/modules/ledger/provider-check';
import {
  type StripePaymentProvider,
  STRIPE_ERROR_MESSAGES,
} from '../src/modules/payments/providers/stripe-provider';
import { reconcilePendingPayments } from '../src/modules/payments/reconcile-pending';
import { PAYMENT_MESSAGES, type PaymentDeps } from '../src/modules/payments/service';
import { as, buildTestApp, createSignedInUser, jobsDone, useTestApp, useStandIn } from './helper';
import { confirmPayment, createIntent, createRaisedFund, fundTotals } from './payments-helper';
import { postStripeWebhook, StripeStandIn, stripeEvent } from './stripe-stand-in';
import { resources as api } from '@easyfund/shared/api/resources';

/**
 * The money path's branches with Stripe (a local stand-in for its API): what the
 * provider says after the fact, what it refuses, and what it cannot answer.
 */
const sdk = new Stripe('sk_test_unused');
const errors: Array<{ obj: object; msg: string }> = [];

const standIn = useStandIn(new StripeStandIn());
const { ctx, donor } = useTestApp(
  { donor: {} },
  { env: () => ({ ...standIn.env(), PAYMENT_RECONCILE_INTERVAL_SECONDS: '0' }) },
);

const deps = (): PaymentDeps => ({
  db: ctx.db,
  provider: ctx.app.payments,
  log: { warn: () => {}, error: (obj, msg) => errors.push({ obj, msg }) },
});

const event = stripeEvent;

const postWebhook = (payload: string) =>
  postStripeWebhook(
    ctx.app,
    payload,
    sdk.webhooks.generateTestHeaderString({
      payload,
      secret: standIn.env().STRIPE_WEBHOOK_SECRET!,
    }),
  );

async function startPayment(amountTk: number) {
  const fund = await createRaisedFund(ctx);
  const res = await createIntent(ctx, donor, { fundId: fund.id, amountTk });
  expect(res.statusCode).toBe(201);
  return { fund, intent: res.json() as { intentId: string; paymentId: string } };
}

async function payment(intentId: string) {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, intentId));
  return row!;
}

async function handled(eventId: string) {
  const rows = await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
  return rows.length > 0;
}

describe('amount, currency and metadata differences', () => {
  it('holds a payment for review when Stripe took another amount than asked (amount_received)', async () => {
    const { fund, intent } = await startPayment(500);
    standIn.succeed(intent.intentId, undefined, 40_000);
    const res = await confirmPayment(ctx, donor, intent.intentId);
    expect(res.json().status).toBe('failed');
    expect(res.json().payment.status).toBe('needs_review');
    expect(await payment(intent.intentId)).toMatchObject({
      status: 'needs_review',
      failureMessage: PAYMENT_MESSAGES.mismatch,
    });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
    // The donor is told once that the payment waits for a review.
    await jobsDone(ctx);
    const held = ctx.mails.filter(
      (m) =>
        m.to === donor.email &&
        m.subject === `Your payment of 500 Tk to "${fund.name}" is held for review`,
    );
    expect(held).toHaveLength(1);
    const report = await checkLedger(ctx.db);
    expect(report.ok).toBe(false);
    expect(report.needsReview.map((r) => r.providerPaymentId)).toContain(intent.intentId);
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const listed = await as(admin).call(api.payments.held);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toContainEqual(
      expect.objectContaining({ transactionId: intent.intentId, amountPoisha: 50_000 }),
    );
  });

  it('holds a payment for review when the currency differs', async () => {
    const { fund, intent } = await startPayment(500);
    standIn.succeed(intent.intentId);
    standIn.get(intent.intentId).currency = 'usd';
    expect((await confirmPayment(ctx, donor, intent.intentId)).json().payment.status).toBe(
      'needs_review',
    );
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it("holds a payment for review when the intent's metadata names another payment", async () => {
    const { fund, intent } = await startPayment(500);
    standIn.succeed(intent.intentId);
    standIn.get(intent.intentId).metadata.paymentId = '00000000-0000-4000-8000-000000000000';
    expect((await confirmPayment(ctx, donor, intent.intentId)).json().payment.status).toBe(
      'needs_review',
    );
    expect((await payment(intent.intentId)).failureMessage).toBe(PAYMENT_MESSAGES.metadata);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });
});

describe('every Stripe status', () => {
  it.each([
    ['processing', 'pending'],
    ['requires_action', 'pending'],
    ['requires_confirmation', 'pending'],
    ['canceled', 'failed'],
  ])('maps %s to %s', async (status, expected) => {
    const { fund, intent } = await startPayment(300);
    standIn.setStatus(intent.intentId, status);
    expect((await confirmPayment(ctx, donor, intent.intentId)).json().status).toBe(expected);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it('marks a payment failed when Stripe has no record of its intent', async () => {
    const { intent } = await startPayment(300);
    standIn.intents.delete(intent.intentId);
    expect((await confirmPayment(ctx, donor, intent.intentId)).json().status).toBe('failed');
    expect((await payment(intent.intentId)).failureMessage).toBe(
      PAYMENT_MESSAGES.unknownAtProvider,
    );
  });
});

describe('webhooks', () => {
  it('leaves an event about a payment we do not know unhandled, so Stripe redelivers it', async () => {
    const id = `evt_unknown_${Date.now()}`;
    const res = await postWebhook(
      event('payment_intent.succeeded', { id: 'pi_nobody', object: 'payment_intent' }, id),
    );
    expect(res.statusCode).toBe(404);
    expect(await handled(id)).toBe(false);
  });

  it('does not mark an event handled while Stripe is down; the redelivery records the donation', async () => {
    const { fund, intent } = await startPayment(450);
    standIn.succeed(intent.intentId);
    const id = `evt_down_${Date.now()}`;
    const payload = event(
      'payment_intent.succeeded',
      { id: intent.intentId, object: 'payment_intent' },
      id,
    );
    standIn.failing = true;
    try {
      expect((await postWebhook(payload)).statusCode).toBe(503);
    } finally {
      standIn.failing = false;
    }
    expect(await handled(id)).toBe(false);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
    const again = await postWebhook(payload);
    expect(again.json()).toEqual({ received: true, handled: true, duplicate: false });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 45_000, donationCount: 1 });
  });

  it('takes a refund and a dispute made at Stripe off the raised total, and a won dispute gives it back', async () => {
    const { fund, intent } = await startPayment(1000);
    standIn.succeed(intent.intentId);
    await confirmPayment(ctx, donor, intent.intentId);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 100_000, donationCount: 1 });
    const charge = () => ({
      id: standIn.get(intent.intentId).latest_charge!.id,
      object: 'charge',
      payment_intent: intent.intentId,
    });

    standIn.refund(intent.intentId, 30_000);
    expect((await postWebhook(event('charge.refunded', charge()))).statusCode).toBe(200);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 70_000, donationCount: 1 });
    // A redelivery with a new event id changes nothing: only the difference is applied.
    await postWebhook(event('charge.refunded', charge()));
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 70_000, donationCount: 1 });

    standIn.dispute(intent.intentId, 'needs_response', 70_000);
    const dispute = {
      id: 'dp_1',
      object: 'dispute',
      payment_intent: intent.intentId,
      charge: charge().id,
    };
    await postWebhook(event('charge.dispute.created', dispute));
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
    expect((await payment(intent.intentId)).status).toBe('refunded');

    standIn.dispute(intent.intentId, 'won');
    await postWebhook(event('charge.dispute.closed', dispute));
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 70_000, donationCount: 1 });
    const row = await payment(intent.intentId);
    expect(row).toMatchObject({ status: 'succeeded', refundedPoisha: 30_000 });
    const kinds = await ctx.db.select().from(refunds).where(eq(refunds.paymentId, row.id));
    expect(kinds.map((k) => [k.kind, k.amountPoisha])).toEqual([
      ['refund', 30_000],
      ['dispute', 70_000],
      ['reinstated', 70_000],
    ]);
    expect((await checkLedger(ctx.db)).problems.filter((p) => p.fundId === fund.id)).toEqual([]);
  });
});

describe('reconciliation', () => {
  it('re-reads a recently failed payment and records a later success whose webhook was lost', async () => {
    const { fund, intent } = await startPayment(650);
    standIn.decline(intent.intentId);
    expect((await confirmPayment(ctx, donor, intent.intentId)).json().status).toBe('failed');
    standIn.succeed(intent.intentId); // the donor tried another card; the webhook is lost
    const report = await reconcilePendingPayments(deps(), { olderThanMs: 0, abandonAfterMs: 1e9 });
    expect(report.errors).toBe(0);
    expect((await payment(intent.intentId)).status).toBe('succeeded');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 65_000, donationCount: 1 });
  });

  it('counts an error and leaves the payment pending while Stripe is down', async () => {
    const { intent } = await startPayment(700);
    standIn.succeed(intent.intentId);
    standIn.failing = true;
    let report;
    try {
      report = await reconcilePendingPayments(deps(), {
        olderThanMs: 0,
        abandonAfterMs: 1e9,
        claimForMs: 0,
      });
    } finally {
      standIn.failing = false;
    }
    expect(report.errors).toBeGreaterThan(0);
    expect((await payment(intent.intentId)).status).toBe('pending');
  });

  it('cancels an abandoned intent at Stripe before marking it failed', async () => {
    const { intent } = await startPayment(800);
    await reconcilePendingPayments(deps(), {
      olderThanMs: 0,
      abandonAfterMs: 0,
      claimForMs: 0,
      now: new Date(Date.now() + 1000),
    });
    expect(standIn.get(intent.intentId).status).toBe('canceled');
    expect((await payment(intent.intentId)).status).toBe('failed');
  });

  it('does not re-read a payment another run claimed a moment ago', async () => {
    const { intent } = await startPayment(900);
    const opts = { olderThanMs: 0, abandonAfterMs: 1e9, claimForMs: 60_000 };
    await reconcilePendingPayments(deps(), opts);
    const reads = () =>
      standIn.requests.filter((r) => r.method === 'GET' && r.path.endsWith(intent.intentId)).length;
    const before = reads();
    await reconcilePendingPayments(deps(), opts);
    expect(reads()).toBe(before);
  });

  it("compares our sums with Stripe's for a period and names each difference", async () => {
    const since = new Date(Date.now() - 60_000);
    const { intent } = await startPayment(1200);
    standIn.succeed(intent.intentId);
    await confirmPayment(ctx, donor, intent.intentId);
    standIn.refund(intent.intentId, 20_000); // the refund's webhook never came
    const report = await checkProviderLedger(ctx.db, ctx.app.payments, since);
    const diff = report.differences.find((d) => d.providerPaymentId === intent.intentId);
    expect(diff).toMatchObject({
      provider: { takenPoisha: 120_000, returnedPoisha: 20_000 },
      ours: { takenPoisha: 120_000, returnedPoisha: 0 },
    });
    expect(report.ok).toBe(false);
  });
});

describe('provider limits and errors', () => {
  it("refuses an amount outside Stripe's bounds before calling it", async () => {
    const fund = await createRaisedFund(ctx);
    const before = standIn.requests.length;
    for (const amountTk of [20, 1_000_000]) {
      const res = await createIntent(ctx, donor, { fundId: fund.id, amountTk });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/This payment method takes 60 Tk to 9,99,999.99 Tk/);
    }
    const inBangla = await as(donor).call(api.payments.createIntent, {
      body: { fundId: fund.id, amountTk: 20 },
      headers: { 'accept-language': 'bn' },
    });
    expect(inBangla.statusCode).toBe(400);
    expect(inBangla.json().error.message).toContain('৬০ টাকা থেকে ৯,৯৯,৯৯৯.৯৯ টাকা');
    expect(inBangla.json().error.message).not.toMatch(/[0-9A-Za-z]/);
    expect(standIn.requests.length).toBe(before);
  });

  it("maps Stripe's own amount errors to 400 in our words", async () => {
    const provider = ctx.app.payments as StripePaymentProvider;
    for (const amountPoisha of [100, 100_000_000]) {
      const err = await provider
        .createIntent({
          amountPoisha,
          currency: 'bdt',
          metadata: {},
          idempotencyKey: `k${amountPoisha}`,
        })
        .catch((e: unknown) => e as { status: number; message: string });
      expect(err).toMatchObject({ status: 400, message: STRIPE_ERROR_MESSAGES.amount });
    }
  });

  it('maps a card error to 400 in our words', async () => {
    const fund = await createRaisedFund(ctx);
    standIn.nextError = {
      status: 402,
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined. req_secret',
    };
    const res = await createIntent(ctx, donor, { fundId: fund.id, amountTk: 500 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(STRIPE_ERROR_MESSAGES.card);
  });

  it("answers 502 with a log line, never Stripe's text, when Stripe refuses our key", async () => {
    const rotated = await buildTestApp({
      ...standIn.env(),
      STRIPE_SECRET_KEY: 'sk_test_rotated_old_key',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    });
    try {
      const who = await createSignedInUser(rotated);
      const fund = await createRaisedFund(rotated);
      const res = await createIntent(rotated, who, { fundId: fund.id, amountTk: 500 });
      expect(res.statusCode).toBe(502);
      expect(res.body).not.toMatch(/sk_|Invalid API Key/);
      expect(res.json().error.message).toMatch(/payment provider/);
    } finally {
      await rotated.close();
    }
  });

  it('answers 503 when Stripe has a bad day', async () => {
    const fund = await createRaisedFund(ctx);
    standIn.failing = true;
    try {
      expect((await createIntent(ctx, donor, { fundId: fund.id, amountTk: 500 })).statusCode).toBe(
        503,
      );
    } finally {
      standIn.failing = false;
    }
  });
});

describe('the database keeps the rules', () => {
  it('refuses to move a succeeded payment back or to clear its succeeded_at', async () => {
    const { intent } = await startPayment(500);
    standIn.succeed(intent.intentId);
    await confirmPayment(ctx, donor, intent.intentId);
    const id = (await payment(intent.intentId)).id;
    for (const change of [
      sql`update payments set status = 'failed' where id = ${id}`,
      sql`update payments set status = 'pending' where id = ${id}`,
      sql`update payments set succeeded_at = null where id = ${id}`,
      sql`update payments set amount_poisha = 1 where id = ${id}`,
    ]) {
      await expect(ctx.db.execute(change)).rejects.toThrow();
    }
    expect((await payment(intent.intentId)).status).toBe('succeeded');
  });
});
