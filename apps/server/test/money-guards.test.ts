import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, type Tx } from '../src/db/client';
import {
  fundEvents,
  fundPaymentSums,
  funds,
  payments,
  refunds,
  testProcessorIntents,
  user,
} from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/check';
import { recountFundTotals } from '../src/modules/ledger/mode';
import { claimPaymentsToReconcile } from '../src/modules/payments/reconcile-pending';
import { recordRefund } from '../src/modules/payments/service';
import { createDonation, createFund } from '../src/seed/factories';
import { resources as api } from '@easyfund/shared/api/resources';
import { as, createPostgresDatabase, createSignedInUser, useTestApp } from './helper';
import {
  confirmAtProcessor,
  createIntent,
  createRaisedFund,
  donate,
  fundTotals,
} from './payments-helper';

/** The innermost error message (drizzle wraps the driver's error). */
function rootMessage(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(err);
}

const { ctx } = useTestApp({}, { env: { PAYMENT_RECONCILE_INTERVAL_SECONDS: '0' } });

async function donation(amountTk: number, mode: 'test' | 'live' = 'test') {
  const raiser = await createSignedInUser(ctx, { role: 'verified' });
  const donor = await createSignedInUser(ctx, {});
  const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
  const payment = await createDonation(ctx.db, {
    userId: donor.id,
    fundId: fund.id,
    amountTk,
    mode,
  });
  return { fund, payment };
}

describe('what the database refuses', () => {
  it("refuses a payment's refunded amount that its refund rows do not show", async () => {
    const { payment } = await donation(500);
    const err = await ctx.db
      .update(payments)
      .set({ refundedPoisha: 100_00 })
      .where(eq(payments.id, payment.id))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(rootMessage(err)).toMatch(/refunded on the payment, but its refunds total 0/);
    const [after] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.refundedPoisha).toBe(0);
  });

  it('refuses a refund row the payment does not reflect', async () => {
    const { payment } = await donation(500);
    const err = await ctx.db
      .insert(refunds)
      .values({ paymentId: payment.id, kind: 'refund', amountPoisha: 50_00, source: 'by hand' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(rootMessage(err)).toMatch(/0 refunded on the payment, but its refunds total 5000/);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual(
      [],
    );
  });

  it('takes a refund row and the payment changed together, in one transaction', async () => {
    const { payment } = await donation(500);
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(refunds)
        .values({ paymentId: payment.id, kind: 'refund', amountPoisha: 50_00, source: 'pair' });
      await tx.update(payments).set({ refundedPoisha: 50_00 }).where(eq(payments.id, payment.id));
      await tx
        .update(funds)
        .set({ raisedPoisha: sql`${funds.raisedPoisha} - ${50_00}` })
        .where(eq(funds.id, payment.fundId));
    });
    const [after] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.refundedPoisha).toBe(50_00);
  });

  it('refuses a payment inserted already refunded without its refund rows, and takes one with them', async () => {
    const { fund } = await donation(500);
    const refunded = {
      userId: fund.raiserId,
      fundId: fund.id,
      provider: 'test',
      amountPoisha: 300_00,
      refundedPoisha: 300_00,
      status: 'refunded' as const,
      succeededAt: new Date(),
    };
    const err = await ctx.db
      .insert(payments)
      .values({ ...refunded, providerPaymentId: `pi_bare_${fund.id}` })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(rootMessage(err)).toMatch(/30000 refunded on the payment, but its refunds total 0/);
    expect(
      await ctx.db
        .select()
        .from(payments)
        .where(eq(payments.providerPaymentId, `pi_bare_${fund.id}`)),
    ).toEqual([]);
    // With its refund rows in the same transaction it stands (a refunded payment counts 0).
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values({ ...refunded, providerPaymentId: `pi_whole_${fund.id}` })
        .returning();
      await tx
        .insert(refunds)
        .values({ paymentId: row!.id, kind: 'refund', amountPoisha: 300_00, source: 'restore' });
    });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 500_00, donationCount: 1 });
  });
});

describe("a fund's totals are what its payments say", () => {
  const refused = (write: Promise<unknown>) =>
    write.then(
      () => 'taken',
      (e: unknown) => rootMessage(e),
    );

  it('refuses a hand-edited raised total or donation count', async () => {
    const { fund } = await donation(500);
    expect(
      await refused(
        ctx.db.update(funds).set({ raisedPoisha: 900_00 }).where(eq(funds.id, fund.id)),
      ),
    ).toMatch(/90000 raised in 1 donations on the fund, but its payments show 50000 in 1/);
    expect(
      await refused(ctx.db.update(funds).set({ donationCount: 2 }).where(eq(funds.id, fund.id))),
    ).toMatch(/50000 raised in 2 donations on the fund, but its payments show 50000 in 1/);
    // A fund created with money it never received.
    expect(
      await refused(
        ctx.db
          .insert(funds)
          .values({ ...fund, id: crypto.randomUUID(), name: 'Forged', raisedPoisha: 100_00 }),
      ),
    ).toMatch(/10000 raised in 0 donations on the fund, but its payments show 0 in 0/);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 500_00, donationCount: 1 });
  });

  it("refuses a payment's money changed, added or removed behind its fund's back", async () => {
    const { fund, payment } = await donation(500);
    const message = (raised: number, n: number) =>
      new RegExp(
        `50000 raised in 1 donations on the fund, but its payments show ${raised} in ${n}`,
      );
    // Refunded in full by its status alone: the fund still counts the donation.
    expect(
      await refused(
        ctx.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment.id)),
      ),
    ).toMatch(message(500_00, 0));
    // A refund written with its row, the payment agreeing, but the fund's total untouched.
    expect(
      await refused(
        ctx.db.transaction(async (tx) => {
          await tx
            .insert(refunds)
            .values({ paymentId: payment.id, kind: 'refund', amountPoisha: 50_00, source: 'x' });
          await tx
            .update(payments)
            .set({ refundedPoisha: 50_00 })
            .where(eq(payments.id, payment.id));
        }),
      ),
    ).toMatch(message(450_00, 1));
    expect(
      await refused(
        ctx.db.insert(payments).values({
          userId: payment.userId,
          fundId: fund.id,
          provider: 'test',
          providerPaymentId: `pi_unrecorded_${fund.id}`,
          amountPoisha: 200_00,
          status: 'succeeded',
          succeededAt: new Date(),
        }),
      ),
    ).toMatch(message(700_00, 2));
    expect(await refused(ctx.db.delete(payments).where(eq(payments.id, payment.id)))).toMatch(
      message(0, 0),
    );
    const [after] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: 'succeeded', refundedPoisha: 0 });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 500_00, donationCount: 1 });
  });

  it('takes the totals moved with their payments: a donation, a refund, a recount', async () => {
    const { fund, payment } = await donation(500);
    await createDonation(ctx.db, { userId: payment.userId, fundId: fund.id, amountTk: 250 });
    await recordRefund(ctx, payment.id, { addedPoisha: 100_00 }, `guard-${payment.id}`);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 650_00, donationCount: 2 });
    // The site's mode changing recounts every fund from its payments, and is taken.
    await ctx.db.transaction(async (tx) => {
      await recountFundTotals(tx, 'test');
    });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 650_00, donationCount: 2 });
  });
});

describe('the sums the guard reads', () => {
  const refused = (write: Promise<unknown>) =>
    write.then(
      () => 'taken',
      (e: unknown) => rootMessage(e),
    );
  const sumsOf = (fundId: string) =>
    ctx.db
      .select({
        mode: fundPaymentSums.mode,
        raisedPoisha: fundPaymentSums.raisedPoisha,
        donationCount: fundPaymentSums.donationCount,
      })
      .from(fundPaymentSums)
      .where(eq(fundPaymentSums.fundId, fundId))
      .orderBy(fundPaymentSums.mode);

  it("follow every change of a fund's payments, in each mode, as the ledger check counts them", async () => {
    const { fund, payment } = await donation(500);
    const second = await createDonation(ctx.db, {
      userId: payment.userId,
      fundId: fund.id,
      amountTk: 250,
    });
    await createDonation(ctx.db, {
      userId: payment.userId,
      fundId: fund.id,
      amountTk: 300,
      mode: 'live',
    });
    await recordRefund(ctx, payment.id, { addedPoisha: 100_00 }, `sums-part-${fund.id}`);
    await recordRefund(ctx, second.id, { addedPoisha: 250_00 }, `sums-whole-${fund.id}`);
    expect(await sumsOf(fund.id)).toEqual([
      { mode: 'live', raisedPoisha: 300_00, donationCount: 1 },
      { mode: 'test', raisedPoisha: 400_00, donationCount: 1 },
    ]);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 400_00, donationCount: 1 });
    expect((await checkLedger(ctx.db)).paymentSums).toEqual([]);
  });

  it('refuses any write to them but the payments triggers', async () => {
    const { fund } = await donation(500);
    const message = /fund_payment_sums is kept by the triggers on payments/;
    expect(
      await refused(
        ctx.db
          .update(fundPaymentSums)
          .set({ raisedPoisha: 900_00 })
          .where(eq(fundPaymentSums.fundId, fund.id)),
      ),
    ).toMatch(message);
    expect(
      await refused(
        ctx.db
          .insert(fundPaymentSums)
          .values({ fundId: fund.id, mode: 'live', raisedPoisha: 100_00, donationCount: 1 }),
      ),
    ).toMatch(message);
    expect(
      await refused(ctx.db.delete(fundPaymentSums).where(eq(fundPaymentSums.fundId, fund.id))),
    ).toMatch(message);
    expect(await refused(ctx.db.execute(sql`truncate fund_payment_sums`))).toMatch(message);
    expect(await sumsOf(fund.id)).toEqual([
      { mode: 'test', raisedPoisha: 500_00, donationCount: 1 },
    ]);
    // A hand edit of both sides together is refused too, so the fund stays as its payments say.
    expect(
      await refused(
        ctx.db.transaction(async (tx) => {
          await tx.update(funds).set({ raisedPoisha: 900_00 }).where(eq(funds.id, fund.id));
          await tx
            .update(fundPaymentSums)
            .set({ raisedPoisha: 900_00 })
            .where(eq(fundPaymentSums.fundId, fund.id));
        }),
      ),
    ).toMatch(message);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 500_00, donationCount: 1 });
  });

  it('go with their fund when it is removed with its payments', async () => {
    const { fund, payment } = await donation(500);
    await ctx.db.transaction(async (tx) => {
      await tx.delete(payments).where(eq(payments.id, payment.id));
      await tx.delete(funds).where(eq(funds.id, fund.id));
    });
    expect(await sumsOf(fund.id)).toEqual([]);
  });

  it('make a test red when the trigger that keeps them is gone (a mutant)', async () => {
    const { fund, payment } = await donation(500);
    /** Runs `fn` on the database without `payments_sums`, and undoes all of it. */
    async function withoutSumsTrigger(fn: (tx: Tx) => Promise<unknown>) {
      let outcome = '';
      await ctx.db
        .transaction(async (tx) => {
          await tx.execute(sql`drop trigger payments_sums on payments`);
          await tx.execute(sql`drop trigger payments_sums_new on payments`);
          outcome = await refused(
            tx.transaction(async (inner) => {
              await fn(inner);
              // The commit's checks, now, inside the transaction that is rolled back.
              await inner.execute(sql`set constraints all immediate`);
            }),
          );
          throw new Error('rolled back');
        })
        .catch((e: unknown) => {
          if (!(e instanceof Error) || e.message !== 'rolled back') throw e;
        });
      return outcome;
    }
    // A refund recorded as the app records it is refused: the sums no longer see it.
    expect(
      await withoutSumsTrigger((tx) =>
        recordRefund({ db: tx }, payment.id, { addedPoisha: 100_00 }, 'mutant'),
      ),
    ).toMatch(/40000 raised in 1 donations on the fund, but its payments show 50000 in 1/);
    // A payment written behind its fund's back is taken: the refusal tested above is lost.
    expect(
      await withoutSumsTrigger((tx) =>
        tx.insert(payments).values({
          userId: payment.userId,
          fundId: fund.id,
          provider: 'test',
          providerPaymentId: `pi_mutant_${fund.id}`,
          amountPoisha: 200_00,
          status: 'succeeded',
          succeededAt: new Date(),
        }),
      ),
    ).toBe('taken');
    // With the trigger (the rollback put it back) both are as the tests above expect.
    expect(await sumsOf(fund.id)).toEqual([
      { mode: 'test', raisedPoisha: 500_00, donationCount: 1 },
    ]);
    await recordRefund(ctx, payment.id, { addedPoisha: 100_00 }, `after-mutant-${fund.id}`);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 400_00, donationCount: 1 });
  });
});

describe('refunds follow the ledger mode', () => {
  it("a live payment's refund on a test site leaves the fund's (test) totals alone", async () => {
    // The site takes test payments here: a live payment never counted in the totals.
    const { fund, payment } = await donation(700, 'test');
    const donor = await createSignedInUser(ctx, {});
    const live = await createDonation(ctx.db, {
      userId: donor.id,
      fundId: fund.id,
      amountTk: 300,
      mode: 'live',
    });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 700_00, donationCount: 1 });
    await recordRefund(ctx, live.id, { addedPoisha: 300_00 }, 'mode-test');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 700_00, donationCount: 1 });
    await recordRefund(ctx, payment.id, { addedPoisha: 200_00 }, 'mode-test-2');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 500_00, donationCount: 1 });
  });
});

describe('a card payment held for review', () => {
  /** A card payment the processor took at 500 Tk while we asked for `askedTk`. */
  async function heldCardPayment(askedTk: number) {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx, {});
    const created = await createIntent(ctx, donor, { fundId: fund.id, amountTk: 500 });
    expect(created.statusCode, created.body).toBe(201);
    const intent = created.json() as { intentId: string; clientSecret: string; paymentId: string };
    expect((await confirmAtProcessor(ctx, intent)).statusCode).toBe(200);
    // What we stored differs from what the processor took (an amount changed on the way).
    await ctx.db
      .update(payments)
      .set({ amountPoisha: askedTk * 100 })
      .where(eq(payments.id, intent.paymentId));
    const confirmed = await as(donor).call(api.payments.confirm, {
      body: { intentId: intent.intentId },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, intent.paymentId));
    expect(row).toMatchObject({ status: 'needs_review', providerAmountPoisha: 500_00 });
    return { fund, paymentId: intent.paymentId, intentId: intent.intentId };
  }

  async function review(paymentId: string, decision: 'approve' | 'refund', reason = 'Checked') {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    return as(admin).call(api.payments.review, {
      params: { paymentId },
      body: { decision, reason },
    });
  }

  it("is recorded at what the processor took, with the admin's reason in the fund's audit trail", async () => {
    const { fund, paymentId } = await heldCardPayment(5_000);
    const held = await as({
      app: ctx.app,
      cookie: (await createSignedInUser(ctx, { role: 'admin' })).cookie,
    }).call(api.payments.held);
    expect(held.json().items.find((p) => p.id === paymentId)).toMatchObject({
      providerAmountPoisha: 500_00,
    });
    expect((await review(paymentId, 'approve', '')).statusCode).toBe(400);
    const ok = await review(paymentId, 'approve', 'The donor confirmed 500 Tk');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'succeeded', amountPoisha: 500_00 });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 500_00, donationCount: 1 });
    const events = await ctx.db.select().from(fundEvents).where(eq(fundEvents.fundId, fund.id));
    expect(events).toContainEqual(
      expect.objectContaining({
        action: 'payment_approved_after_review',
        before: expect.objectContaining({ askedPoisha: 5_000_00 }),
        after: expect.objectContaining({
          providerPoisha: 500_00,
          reason: 'The donor confirmed 500 Tk',
        }),
      }),
    );
    expect((await review(paymentId, 'approve')).statusCode).toBe(409);
  });

  it('is refunded at what the processor took, and counts nowhere', async () => {
    const { fund, paymentId, intentId } = await heldCardPayment(50);
    const res = await review(paymentId, 'refund', 'Not the amount the donor meant');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed' });
    const [intent] = await ctx.db
      .select()
      .from(testProcessorIntents)
      .where(eq(testProcessorIntents.id, intentId));
    expect(intent!.refunded).toBe(500_00);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
    const events = await ctx.db
      .select()
      .from(fundEvents)
      .where(
        and(eq(fundEvents.fundId, fund.id), eq(fundEvents.action, 'payment_refunded_after_review')),
      );
    expect(events).toHaveLength(1);
    // A second refund decision finds nothing held, and refunds nothing more.
    expect((await review(paymentId, 'refund')).statusCode).toBe(409);
    const [again] = await ctx.db
      .select()
      .from(testProcessorIntents)
      .where(eq(testProcessorIntents.id, intentId));
    expect(again!.refunded).toBe(500_00);
  });

  it('cannot be refunded through the refund form: only its review resolves it', async () => {
    const { paymentId, intentId } = await heldCardPayment(50);
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const res = await as(admin).call(api.payments.refund, {
      params: { paymentId },
      body: { amountPoisha: 100_00, reason: 'x', requestKey: crypto.randomUUID() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('not_refundable');
    const [intent] = await ctx.db
      .select()
      .from(testProcessorIntents)
      .where(eq(testProcessorIntents.id, intentId));
    expect(intent!.refunded).toBe(0);
  });
});

describe('a card refund retried after a lost answer', () => {
  it('refunds once at the processor and records exactly that', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx, {});
    const { intent, confirmed } = await donate(ctx, donor, fund.id, 1000);
    expect(confirmed.statusCode).toBe(200);
    const key = crypto.randomUUID();
    // The processor refunded 400 Tk for this request; its answer never reached us.
    await ctx.app.payments.refund({
      intentId: intent.intentId,
      amountPoisha: 400_00,
      idempotencyKey: `easyfund-refund-${intent.paymentId}-${key}`,
      metadata: { paymentId: intent.paymentId },
    });
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const again = await as(admin).call(api.payments.refund, {
      params: { paymentId: intent.paymentId },
      body: { amountPoisha: 400_00, reason: 'Given twice', requestKey: key },
    });
    expect(again.statusCode, again.body).toBe(200);
    const [atProcessor] = await ctx.db
      .select()
      .from(testProcessorIntents)
      .where(eq(testProcessorIntents.id, intent.intentId));
    expect(atProcessor!.refunded).toBe(400_00);
    expect(again.json()).toMatchObject({ refundedPoisha: 400_00, refundablePoisha: 600_00 });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 600_00, donationCount: 1 });
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('reconciliation across processes (needs TEST_DATABASE_URL)', () => {
  let drop: () => Promise<void>;
  let main: Database;
  let other: Database;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    main = await openDatabase({ url: created.url, poolSize: 2 });
    other = await openDatabase({ url: created.url, poolSize: 1, migrate: false });
  });
  afterAll(async () => {
    for (const d of [other, main]) await d?.close();
    await drop?.();
  });

  it('skips a payment another run holds, instead of waiting for it', async () => {
    await main.db.insert(user).values({ id: 'r1', name: 'Raiser', email: 'r1@example.com' });
    const fund = await createFund(main.db, { raiserId: 'r1', status: 'approved' });
    const old = new Date(Date.now() - 3_600_000);
    const rows = await main.db
      .insert(payments)
      .values(
        ['a', 'b'].map((k) => ({
          userId: 'r1',
          fundId: fund.id,
          provider: 'test',
          providerPaymentId: `pi_skip_${k}`,
          amountPoisha: 100_00,
          createdAt: old,
        })),
      )
      .returning({ id: payments.id });
    const deps = {
      db: other.db,
      provider: { name: 'test' } as never,
      log: { warn() {}, error() {} },
    };
    const claimed = await main.db.transaction(async (tx) => {
      // Another run holds the first payment.
      await tx.execute(sql`select id from payments where id = ${rows[0]!.id} for update`);
      return Promise.race([
        claimPaymentsToReconcile(deps, { olderThanMs: 60_000, abandonAfterMs: 86_400_000 }),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000)),
      ]);
    });
    expect(claimed).not.toBe('waited');
    expect((claimed as { id: string }[]).map((r) => r.id)).toEqual([rows[1]!.id]);
  });
});
