import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, recurringCharges } from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/check';
import { runDueGifts } from '../src/modules/recurring/charges';
import { periodOf } from '../src/modules/recurring/schedule';
import { resources as api } from '@easyfund/shared/api/resources';
import {
  as,
  createSignedInUser,
  jobsDone,
  type SignedInUser,
  useTestApp,
  useStandIn,
} from './helper';
import { createRaisedFund } from './payments-helper';
import { StripeStandIn } from './stripe-stand-in';
import { recurringDeps, giftRow, chargesOf } from './recurring-helper';

const DAY = 24 * 60 * 60_000;

const standIn = useStandIn(new StripeStandIn());
const { ctx } = useTestApp({}, { env: () => standIn.env() });

/** What the job runs with: the app's own Stripe provider, pointed at the stand-in. */
const deps = () => recurringDeps(ctx);

/** What Stripe.js's confirmCardSetup sends: the publishable key, the client secret, a card. */
async function confirmInBrowser(setupIntentId: string, clientSecret: string, card: string) {
  const form = new URLSearchParams({ client_secret: clientSecret, payment_method: card });
  const res = await fetch(
    `http://127.0.0.1:${standIn.port}/v1/setup_intents/${setupIntentId}/confirm`,
    {
      method: 'POST',
      headers: {
        authorization: 'Bearer pk_test_standin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form,
    },
  );
  return res.status;
}

async function giveMonthly(donor: SignedInUser, fundId: string, amountTk: number, card: string) {
  const started = await as(donor).call(api.recurring.start, { body: { fundId, amountTk } });
  expect(started.statusCode, started.body).toBe(201);
  const { gift, setup } = started.json();
  expect(setup).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_standin' });
  expect(await confirmInBrowser(setup!.setupIntentId, setup!.clientSecret, card)).toBe(200);
  const activated = await as(donor).call(api.recurring.activate, { params: { giftId: gift.id } });
  expect(activated.statusCode, activated.body).toBe(200);
  return { giftId: gift.id, setup, view: activated.json() };
}

/** The off-session charges Stripe was asked for this gift, with their idempotency keys. */
function chargeRequests(giftId: string) {
  return standIn.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v1/payment_intents' &&
      r.form.get('metadata[giftId]') === giftId,
  );
}

function intentsOf(giftId: string) {
  return standIn.offSessionIntents().filter((pi) => pi.metadata.giftId === giftId);
}

describe('monthly gifts by card with Stripe', () => {
  it('saves the card on a customer, charges each period once with its key, and a decline starts the dunning', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx);
    const { giftId, setup, view } = await giveMonthly(donor, fund.id, 500, 'pm_card_visa');

    // One customer with the donor's e-mail; the SetupIntent is for off-session use.
    const gift = await giftRow(ctx.db, giftId);
    expect(standIn.customers.get(gift.customerId!)?.email).toBe(donor.email);
    expect(standIn.setupIntents.get(setup!.setupIntentId)).toMatchObject({
      customer: gift.customerId,
      usage: 'off_session',
      status: 'succeeded',
      payment_method: gift.paymentMethodId,
    });
    expect(standIn.paymentMethods.get(gift.paymentMethodId!)?.customer).toBe(gift.customerId);
    expect(view.status).toBe('active');
    expect(view.cardLast4).toBe('4242');
    expect(view.history.map((h) => h.status)).toEqual(['paid']);
    expect(view.history[0]!.receiptNumber).toMatch(/^EF-(T-)?\d{4}-\d{6}$/);

    // The first period was charged off-session, with the period's key as Idempotency-Key.
    const [first] = chargeRequests(giftId);
    expect(first!.form.get('off_session')).toBe('true');
    expect(first!.form.get('confirm')).toBe('true');
    expect(first!.form.get('customer')).toBe(gift.customerId);
    expect(first!.form.get('payment_method')).toBe(gift.paymentMethodId);
    expect(first!.form.get('amount')).toBe('50000');
    const firstPeriod = view.history[0]!.period;
    expect(first!.headers['idempotency-key']).toBe(`easyfund-recurring-${giftId}-${firstPeriod}-1`);

    // The next period: two workers at once, then again; Stripe is asked for one charge.
    const next = gift.nextChargeAt!;
    const later = new Date(next.getTime() + 1000);
    await Promise.all([runDueGifts(deps(), later), runDueGifts(deps(), later)]);
    await runDueGifts(deps(), later);
    const secondPeriod = periodOf(next);
    expect((await chargesOf(ctx.db, giftId)).map((c) => [c.period, c.status])).toEqual([
      [firstPeriod, 'paid'],
      [secondPeriod, 'paid'],
    ]);
    expect(intentsOf(giftId)).toHaveLength(2);

    // A worker that died after Stripe charged: its charge is taken over with the same key,
    // Stripe answers the first charge again, and nothing is charged or recorded twice.
    const [, second] = await chargesOf(ctx.db, giftId);
    await ctx.db
      .update(recurringCharges)
      .set({ status: 'charging', claimedAt: new Date(later.getTime() - 60 * 60_000) })
      .where(eq(recurringCharges.id, second!.id));
    await runDueGifts(deps(), later);
    const keys = chargeRequests(giftId).map((r) => r.headers['idempotency-key']);
    expect(keys.filter((k) => k === `easyfund-recurring-${giftId}-${secondPeriod}-1`)).toHaveLength(
      2,
    );
    expect(intentsOf(giftId)).toHaveLength(2);
    expect((await chargesOf(ctx.db, giftId))[1]!.status).toBe('paid');
    const paid = await ctx.db.select().from(payments).where(eq(payments.fundId, fund.id));
    expect(paid.map((p) => p.status)).toEqual(['succeeded', 'succeeded']);

    // The card starts failing: the third period is declined and retried after a day.
    standIn.cardStartsFailing(gift.paymentMethodId!, 'card_declined');
    const third = (await giftRow(ctx.db, giftId)).nextChargeAt!;
    let now = new Date(third.getTime() + 1000);
    await runDueGifts(deps(), now);
    let [, , dunned] = await chargesOf(ctx.db, giftId);
    expect(dunned).toMatchObject({
      status: 'due',
      attempts: 1,
      lastError: 'Your card was declined.',
    });
    expect(Math.round((dunned!.nextAttemptAt.getTime() - now.getTime()) / DAY)).toBe(1);
    await jobsDone(ctx);
    expect(
      ctx.mails.filter((m) => m.to === donor.email && /could not be charged/.test(m.subject)),
    ).toHaveLength(1);

    // Its retry needs the donor's bank (authentication_required): still in the dunning,
    // under the next attempt's key (Stripe keeps a key's decline).
    standIn.cardStartsFailing(gift.paymentMethodId!, 'authentication_required');
    now = new Date(dunned!.nextAttemptAt.getTime() + 1000);
    await runDueGifts(deps(), now);
    [, , dunned] = await chargesOf(ctx.db, giftId);
    expect(dunned).toMatchObject({ status: 'due', attempts: 2 });
    expect(dunned!.lastError).toContain('requires authentication');
    expect(chargeRequests(giftId).at(-1)!.headers['idempotency-key']).toBe(
      `easyfund-recurring-${giftId}-${periodOf(third)}-2`,
    );
    const failed = await ctx.db.select().from(payments).where(eq(payments.fundId, fund.id));
    expect(failed.filter((p) => p.status === 'failed')).toHaveLength(2);

    // A new card: same customer, the old card detached at Stripe, the retry charges it.
    const change = await as(donor).call(api.recurring.changeCard, { params: { giftId } });
    expect(change.statusCode, change.body).toBe(200);
    const newSetup = change.json();
    expect(standIn.setupIntents.get(newSetup.setupIntentId)?.customer).toBe(gift.customerId);
    expect(
      await confirmInBrowser(newSetup.setupIntentId, newSetup.clientSecret, 'pm_card_visa'),
    ).toBe(200);
    const activated = await as(donor).call(api.recurring.activate, { params: { giftId } });
    expect(activated.statusCode, activated.body).toBe(200);
    const changed = await giftRow(ctx.db, giftId);
    expect(changed.paymentMethodId).not.toBe(gift.paymentMethodId);
    expect(changed.customerId).toBe(gift.customerId);
    expect(standIn.paymentMethods.get(gift.paymentMethodId!)?.customer).toBeNull();
    now = new Date(dunned!.nextAttemptAt.getTime() + 1000);
    await runDueGifts(deps(), now);
    expect((await chargesOf(ctx.db, giftId)).map((c) => c.status)).toEqual([
      'paid',
      'paid',
      'paid',
    ]);
    expect(chargeRequests(giftId).at(-1)!.form.get('payment_method')).toBe(changed.paymentMethodId);

    // Cancelling forgets the card at Stripe.
    const cancelled = await as(donor).call(api.recurring.change, {
      params: { giftId },
      body: { action: 'cancel' },
    });
    expect(cancelled.json().status).toBe('cancelled');
    expect(standIn.paymentMethods.get(changed.paymentMethodId!)?.customer).toBeNull();
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('a card Stripe saves but then declines starts the dunning with the first charge, and pauses after the last retry', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx, {
      email: `stripe-dunning-${Date.now()}@example.com`,
    });
    const { giftId, view } = await giveMonthly(donor, fund.id, 300, 'pm_card_chargeCustomerFail');
    expect(view.cardLast4).toBe('0341');
    expect(view.history).toMatchObject([{ status: 'due', attempts: 1 }]);
    for (let i = 0; i < 3; i++) {
      const [charge] = await chargesOf(ctx.db, giftId);
      await runDueGifts(deps(), new Date(charge!.nextAttemptAt.getTime() + 1000));
    }
    const [last] = await chargesOf(ctx.db, giftId);
    expect(last).toMatchObject({ status: 'failed', attempts: 4 });
    expect(await giftRow(ctx.db, giftId)).toMatchObject({
      status: 'paused',
      statusReason: 'payment_failed',
    });
    expect(new Set(chargeRequests(giftId).map((r) => r.headers['idempotency-key'])).size).toBe(4);
    await jobsDone(ctx);
    const told = ctx.mails.filter((m) => m.to === donor.email).map((m) => m.subject);
    expect(told.filter((s) => /could not be charged/.test(s))).toHaveLength(3);
    expect(told.filter((s) => /is paused/.test(s))).toHaveLength(1);
  });

  it('refuses to activate a card Stripe refused to save', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx);
    const started = await as(donor).call(api.recurring.start, {
      body: { fundId: fund.id, amountTk: 200 },
    });
    const { gift, setup } = started.json();
    expect(
      await confirmInBrowser(setup!.setupIntentId, setup!.clientSecret, 'pm_card_chargeDeclined'),
    ).toBe(402);
    const activated = await as(donor).call(api.recurring.activate, { params: { giftId: gift.id } });
    expect(activated.statusCode).toBe(402);
    expect((await giftRow(ctx.db, gift.id)).status).toBe('incomplete');
    expect(chargeRequests(gift.id)).toHaveLength(0);
  });
});
