import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database } from '../src/db/client';
import { payments, recurringGifts, testProcessorPaymentMethods } from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/check';
import { TestPaymentProvider } from '../src/modules/payments/providers/test-provider';
import { runDueGifts } from '../src/modules/recurring/charges';
import { createFund } from '../src/seed/factories';
import { resources as api } from '@easyfund/shared/api/resources';
import {
  as,
  createSignedInUser,
  holdFund,
  jobsDone,
  type SignedInUser,
  useTestApp,
} from './helper';
import { CARDS, createRaisedFund } from './payments-helper';
import {
  recurringDeps,
  giftRow,
  chargesOf,
  withTwoWorkers,
  expectChargedOnce,
  saveCardAtTestProcessor,
} from './recurring-helper';

const DAY = 24 * 60 * 60_000;

const { ctx, admin } = useTestApp(
  { admin: { role: 'admin' } },
  { env: { PAYMENT_PROVIDER: 'test' } },
);

/** The pay step's "Give monthly" by card: start, save the card at the processor, activate. */
async function giveMonthly(
  donor: SignedInUser,
  fundId: string,
  amountTk: number,
  card: string = CARDS.ok,
) {
  const started = await as(donor).call(api.recurring.start, { body: { fundId, amountTk } });
  expect(started.statusCode, started.body).toBe(201);
  const { gift, setup } = started.json();
  const saved = await saveCardAtTestProcessor(ctx, setup!, donor.email, card);
  expect(saved.statusCode, saved.body).toBe(200);
  const activated = await as(donor).call(api.recurring.activate, { params: { giftId: gift.id } });
  return { giftId: gift.id, activated };
}

/** The job's dependencies on `database`, with the embedded processor. */
const deps = (database: Database['db'] = ctx.db) =>
  recurringDeps(ctx, { db: database, provider: new TestPaymentProvider(database) });

describe('monthly gifts by card', () => {
  it('saves the card, charges the first month at once with its receipt, and shows the schedule', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx);
    const { giftId, activated } = await giveMonthly(donor, fund.id, 500);
    expect(activated.statusCode, activated.body).toBe(200);
    const gift = activated.json();
    expect(gift.status).toBe('active');
    expect(gift.cardLast4).toBe('4242');
    expect(new Date(gift.nextChargeAt!).getTime()).toBeGreaterThan(Date.now() + 25 * DAY);
    expect(gift.history).toHaveLength(1);
    expect(gift.history[0]!.status).toBe('paid');
    expect(gift.history[0]!.receiptNumber).toMatch(/^EF-(T-)?\d{4}-\d{6}$/);
    const rows = await ctx.db.select().from(payments).where(eq(payments.fundId, fund.id));
    expect(rows.map((p) => [p.status, p.amountPoisha])).toEqual([['succeeded', 50_000]]);

    // Its receipt e-mail carries the gift's manage link (no sign-in needed).
    await jobsDone(ctx);
    const receipt = ctx.mails.find((m) => m.to === donor.email && /receipt/.test(m.subject));
    expect(receipt?.text).toContain(`/monthly-gifts/${activated.json().manageToken}`);
    const mine = await as(donor).call(api.recurring.mine);
    expect(mine.json().items.map((g) => g.id)).toEqual([giftId]);
    // Nobody else sees or changes it.
    const other = await createSignedInUser(ctx);
    expect((await as(other).call(api.recurring.mine)).json()).toEqual({ items: [] });
    const theirs = await as(other).call(api.recurring.change, {
      params: { giftId },
      body: { action: 'cancel' },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await giftRow(ctx.db, giftId)).status).toBe('active');
    expect((await as(ctx).call(api.recurring.mine)).statusCode).toBe(401);
  });

  it('refuses a card the processor refuses, and a fund that takes no donations', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx);
    const started = await as(donor).call(api.recurring.start, {
      body: { fundId: fund.id, amountTk: 100 },
    });
    const { gift, setup } = started.json();
    const refused = await saveCardAtTestProcessor(ctx, setup!, donor.email, CARDS.declined);
    expect(refused.statusCode).toBe(402);
    const activated = await as(donor).call(api.recurring.activate, { params: { giftId: gift.id } });
    expect(activated.statusCode).toBe(402);
    expect((await giftRow(ctx.db, gift.id)).status).toBe('incomplete');

    const pending = await createRaisedFund(ctx, { status: 'pending' });
    const closed = await as(donor).call(api.recurring.start, {
      body: { fundId: pending.id, amountTk: 100 },
    });
    expect(closed.statusCode).toBe(404);
    const bad = await as(donor).call(api.recurring.start, {
      body: { fundId: fund.id, amountTk: 5 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('charges the next month once when it is due, however often the job runs', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx);
    const { giftId } = await giveMonthly(donor, fund.id, 200);
    const next = (await giftRow(ctx.db, giftId)).nextChargeAt!;
    const later = new Date(next.getTime() + 1000);
    await Promise.all([runDueGifts(deps(), later), runDueGifts(deps(), later)]);
    await runDueGifts(deps(), later);
    const charges = await chargesOf(ctx.db, giftId);
    expect(charges.map((c) => c.status)).toEqual(['paid', 'paid']);
    const rows = await ctx.db.select().from(payments).where(eq(payments.fundId, fund.id));
    expect(rows.filter((p) => p.status === 'succeeded')).toHaveLength(2);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('retries a failed charge after 1, 3 and 7 days, telling the donor each time, then pauses', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx, { email: `dunning-${Date.now()}@example.com` });
    const { giftId } = await giveMonthly(donor, fund.id, 300);
    // The saved card starts failing.
    const gift = await giftRow(ctx.db, giftId);
    await ctx.db
      .update(testProcessorPaymentMethods)
      .set({ failWith: 'card_declined' })
      .where(eq(testProcessorPaymentMethods.id, gift.paymentMethodId!));
    let now = new Date(gift.nextChargeAt!.getTime() + 1000);
    await runDueGifts(deps(), now);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [, charge] = await chargesOf(ctx.db, giftId);
      expect(charge!.status).toBe('due');
      waits.push(Math.round((charge!.nextAttemptAt.getTime() - now.getTime()) / DAY));
      // Not before its day.
      await runDueGifts(deps(), new Date(charge!.nextAttemptAt.getTime() - 60_000));
      expect((await chargesOf(ctx.db, giftId))[1]!.attempts).toBe(i + 1);
      now = new Date(charge!.nextAttemptAt.getTime() + 1000);
      await runDueGifts(deps(), now);
    }
    expect(waits).toEqual([1, 3, 7]);
    const [, last] = await chargesOf(ctx.db, giftId);
    expect(last!.status).toBe('failed');
    expect(last!.attempts).toBe(4);
    expect((await giftRow(ctx.db, giftId)).status).toBe('paused');
    expect((await giftRow(ctx.db, giftId)).statusReason).toBe('payment_failed');
    await jobsDone(ctx);
    const told = ctx.mails.filter((m) => m.to === donor.email).map((m) => m.subject);
    expect(told.filter((s) => /could not be charged/.test(s))).toHaveLength(3);
    expect(told.filter((s) => /is paused/.test(s))).toHaveLength(1);
    // Only the first month's payment succeeded; each failed attempt is a failed payment.
    const rows = await ctx.db.select().from(payments).where(eq(payments.fundId, fund.id));
    expect(rows.filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(rows.filter((p) => p.status === 'failed')).toHaveLength(4);

    // A new card resumes it.
    const setup = await as(donor).call(api.recurring.changeCard, { params: { giftId } });
    expect(setup.statusCode, setup.body).toBe(200);
    const s = setup.json();
    await saveCardAtTestProcessor(ctx, s, donor.email);
    const resumed = await as(donor).call(api.recurring.activate, { params: { giftId } });
    expect(resumed.json().status).toBe('active');
  });

  it('pauses, resumes, changes the amount and cancels, signed in or by the signed link', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx);
    const { giftId, activated } = await giveMonthly(donor, fund.id, 100);
    const token = activated.json().manageToken;
    const paused = await as(donor).call(api.recurring.change, {
      params: { giftId },
      body: { action: 'pause' },
    });
    expect(paused.json().status).toBe('paused');
    // Nothing is charged while paused.
    const next = (await giftRow(ctx.db, giftId)).nextChargeAt!;
    await runDueGifts(deps(), new Date(next.getTime() + 40 * DAY));
    expect(await chargesOf(ctx.db, giftId)).toHaveLength(1);

    const byLink = await as(ctx).call(api.recurring.byToken, { params: { token } });
    expect(byLink.statusCode).toBe(200);
    const resumed = await as(ctx).call(api.recurring.changeByToken, {
      params: { token },
      body: { action: 'resume' },
    });
    expect(resumed.json().status).toBe('active');
    const changed = await as(ctx).call(api.recurring.changeByToken, {
      params: { token },
      body: { amountTk: 250 },
    });
    expect(changed.json().amountPoisha).toBe(25_000);
    const tampered = `${token.slice(0, -2)}xx`;
    expect(
      (await as(ctx).call(api.recurring.byToken, { params: { token: tampered } })).statusCode,
    ).toBe(404);
    const cancelled = await as(ctx).call(api.recurring.changeByToken, {
      params: { token },
      body: { action: 'cancel' },
    });
    expect(cancelled.json().status).toBe('cancelled');
    const again = await as(donor).call(api.recurring.change, {
      params: { giftId },
      body: { action: 'resume' },
    });
    expect(again.statusCode).toBe(409);
    const [pm] = await ctx.db
      .select()
      .from(testProcessorPaymentMethods)
      .where(eq(testProcessorPaymentMethods.id, (await giftRow(ctx.db, giftId)).paymentMethodId!));
    expect(pm!.detached).toBe(true);
  });

  it('stops the schedules of a fund that is closed and offers its donors a similar fund', async () => {
    const fund = await createFund(ctx.db, {
      raiserId: admin.id,
      status: 'approved',
      cause: 'relief-fund',
    });
    const similar = await createFund(ctx.db, {
      raiserId: admin.id,
      status: 'approved',
      cause: 'relief-fund',
      name: 'A similar cause',
    });
    const donor = await createSignedInUser(ctx, { email: `closing-${Date.now()}@example.com` });
    const { giftId } = await giveMonthly(donor, fund.id, 100);
    const held = await holdFund(admin, fund.id, { action: 'close', reason: 'The work is done.' });
    expect(held.statusCode, held.body).toBe(200);
    const gift = await giftRow(ctx.db, giftId);
    expect([gift.status, gift.statusReason, gift.nextChargeAt]).toEqual([
      'ended',
      'fund_closed',
      null,
    ]);
    await runDueGifts(deps(), new Date(Date.now() + 60 * DAY));
    expect(await chargesOf(ctx.db, giftId)).toHaveLength(1);
    await jobsDone(ctx);
    const mail = ctx.mails.find((m) => m.to === donor.email && /has stopped/.test(m.subject));
    expect(mail?.text).toContain(`/donatenow/${similar.id}`);
  });

  it("shows a fund's monthly income to its raiser and admins only", async () => {
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    const donor = await createSignedInUser(ctx);
    await giveMonthly(donor, fund.id, 400);
    const own = await as(raiser).call(api.recurring.fundIncome, { params: { fundId: fund.id } });
    expect(own.json()).toEqual({
      activeGifts: 1,
      monthlyPoisha: 40_000,
      receivedThisMonthPoisha: 40_000,
      receivedPoisha: 40_000,
    });
    expect(
      (await as(admin).call(api.recurring.fundIncome, { params: { fundId: fund.id } })).statusCode,
    ).toBe(200);
    const otherRaiser = await createSignedInUser(ctx, { role: 'verified' });
    expect(
      (await as(otherRaiser).call(api.recurring.fundIncome, { params: { fundId: fund.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(donor).call(api.recurring.fundIncome, { params: { fundId: fund.id } })).statusCode,
    ).toBe(403);
  });
});

describe('monthly gifts by wallet', () => {
  it('reminds the donor each month with a one-tap link; an unpaid reminder is no failure', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx, { email: `wallet-${Date.now()}@example.com` });
    const started = await as(donor).call(api.recurring.start, {
      body: { fundId: fund.id, amountTk: 150, method: 'wallet' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { gift, setup } = started.json();
    expect(setup).toBeNull();
    expect(gift.status).toBe('active');
    const next = (await giftRow(ctx.db, gift.id)).nextChargeAt!;
    await runDueGifts(deps(), new Date(next.getTime() + 1000));
    const charges = await chargesOf(ctx.db, gift.id);
    expect(charges.map((c) => c.status)).toEqual(['reminded', 'reminded']);
    expect((await giftRow(ctx.db, gift.id)).status).toBe('active');
    await jobsDone(ctx);
    const reminders = ctx.mails.filter((m) => m.to === donor.email && /is due/.test(m.subject));
    expect(reminders).toHaveLength(2);
    expect(reminders[0]!.text).toContain(`/dashboard/selecteddonation/pay/${fund.id}?amount=150`);
  });
});

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('two workers on PostgreSQL', () => {
  it('charge each period exactly once', async () => {
    await withTwoWorkers(async ({ a, b, fundId, paymentMethodId }) => {
      const start = new Date(Date.now() - 1000);
      const gifts = await a.db
        .insert(recurringGifts)
        .values(
          Array.from({ length: 10 }, () => ({
            userId: 'd',
            fundId,
            amountPoisha: 10_000,
            status: 'active',
            provider: 'test',
            paymentMethodId,
            nextChargeAt: start,
          })),
        )
        .returning({ id: recurringGifts.id });
      const worker = (db: Database) => ({ ...deps(db.db), jobs: undefined, mailQueue: undefined });
      for (let round = 0; round < 3; round++) {
        const at = new Date(Date.now() + round * 32 * DAY);
        await Promise.all([runDueGifts(worker(a), at), runDueGifts(worker(b), at)]);
      }
      await expectChargedOnce(a.db, 30);
      expect(new Set(gifts.map((g) => g.id)).size).toBe(10);
      expect((await checkLedger(a.db)).ok).toBe(true);
    });
  });
});
