import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { funds, payments } from '../src/db/schema';
import { reconcilePendingPayments } from '../src/modules/payments/reconcile-pending';
import { buildTestApp, as, useTestApp, urlOf } from './helper';
import {
  createIntent,
  createRaisedFund,
  fundTotals,
  payAtTestGateway,
  postForm,
} from './payments-helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx, donor } = useTestApp(
  { donor: {} },
  { env: { PAYMENT_RECONCILE_INTERVAL_SECONDS: '0' } },
);

async function start(amountTk = 500, method: 'bkash' | 'nagad' | 'rocket' = 'bkash') {
  const fund = await createRaisedFund(ctx);
  const res = await as(donor).call(api.payments.checkout, {
    body: { fundId: fund.id, amountTk, method },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { paymentId, redirectUrl } = res.json();
  return { fund, paymentId, redirectUrl };
}

/** The hidden fields and the address of the page's "Return to Easy Fund" form. */
function returnForm(html: string) {
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1] ?? '';
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
  return { action, fields };
}

async function payment(id: string) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

describe('embedded test checkout', () => {
  it('offers the three wallets in test mode', async () => {
    const res = await as(ctx).call(api.payments.config);
    expect(res.json()).toMatchObject({
      provider: 'test',
      checkoutMethods: ['bkash', 'nagad', 'rocket'],
      testMode: true,
    });
  });

  it('pays with bKash: page, number and OTP, IPN, return: counted once', async () => {
    const { fund, paymentId, redirectUrl } = await start(500);
    expect(redirectUrl).toMatch(/^\/test-gateway\/TESTSESS/);
    const page = await ctx.app.inject({ method: 'GET', url: redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test mode: no money moves.');
    expect(page.body).toContain('bKash');

    const wrongOtp = await payAtTestGateway(ctx, redirectUrl, '01700000000', '000000');
    expect(wrongOtp.statusCode).toBe(422);
    expect(wrongOtp.body).toContain('Wrong OTP');

    const done = await payAtTestGateway(ctx, redirectUrl);
    expect(done.statusCode).toBe(200);
    // The IPN reached our listener before the page answered.
    expect((await payment(paymentId)).status).toBe('succeeded');
    const back = returnForm(done.body);
    expect(back.action).toBe(
      urlOf(api.payments.sslcommerzReturn, { params: { result: 'success' } }),
    );

    const returned = await postForm(ctx, back.action, back.fields);
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toContain(`?payment=${paymentId}`);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 50_000, donationCount: 1 });
    // The page is finished: a second try finds nothing to pay.
    const again = await payAtTestGateway(ctx, redirectUrl);
    expect(again.statusCode).toBe(404);
  });

  it('01700000001 is held, ...02 fails, ...03 cancels; none counts', async () => {
    for (const [number, status] of [
      ['01700000001', 'needs_review'],
      ['01700000002', 'failed'],
      ['01700000003', 'failed'],
    ] as const) {
      const { fund, paymentId, redirectUrl } = await start(500, 'nagad');
      const done = await payAtTestGateway(ctx, redirectUrl, number);
      const back = returnForm(done.body);
      await postForm(ctx, back.action, back.fields);
      expect((await payment(paymentId)).status).toBe(status);
      expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
    }
  });

  it('01700000004 times out: nothing is sent, and reconciliation leaves it pending until abandoned', async () => {
    const { paymentId, redirectUrl } = await start(500, 'rocket');
    const done = await payAtTestGateway(ctx, redirectUrl, '01700000004');
    expect(done.body).toContain('did not answer in time');
    expect((await payment(paymentId)).status).toBe('pending');
    const deps = {
      db: ctx.db,
      provider: ctx.app.payments,
      checkout: ctx.app.checkout,
      log: { warn() {}, error() {} },
    };
    await reconcilePendingPayments(deps, { olderThanMs: 0, abandonAfterMs: 3_600_000 });
    expect((await payment(paymentId)).status).toBe('pending');
    await reconcilePendingPayments(deps, {
      olderThanMs: 0,
      abandonAfterMs: 0,
      claimForMs: 0,
      now: new Date(Date.now() + 1000),
    });
    expect((await payment(paymentId)).status).toBe('failed');
  });

  it('refuses a wallet checkout and a card intent on a suspended or closed fund, storing nothing', async () => {
    for (const hold of ['suspended', 'closed'] as const) {
      const fund = await createRaisedFund(ctx);
      await ctx.db
        .update(funds)
        .set({ hold, holdReason: 'Under investigation' })
        .where(eq(funds.id, fund.id));
      const wallet = await as({ app: ctx.app, cookie: donor.cookie }).call(api.payments.checkout, {
        body: { fundId: fund.id, amountTk: 500, method: 'bkash' },
      });
      expect(wallet.statusCode, wallet.body).toBe(409);
      expect(wallet.json().error).toMatchObject({
        code: 'fund_on_hold',
        message: 'This fund is not taking donations at the moment.',
      });
      const card = await createIntent(ctx, donor, { fundId: fund.id, amountTk: 500 });
      expect(card.statusCode, card.body).toBe(409);
      expect(card.json().error.code).toBe('fund_on_hold');
      const stored = await ctx.db.select().from(payments).where(eq(payments.fundId, fund.id));
      expect(stored).toEqual([]);
    }
  });

  it("answers a held fund in the donor's language", async () => {
    const fund = await createRaisedFund(ctx);
    await ctx.db.update(funds).set({ hold: 'suspended' }).where(eq(funds.id, fund.id));
    const res = await as({ app: ctx.app, cookie: `${donor.cookie}; lang=bn` }).call(
      api.payments.checkout,
      { body: { fundId: fund.id, amountTk: 500, method: 'bkash' } },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('এই ফান্ড এখন অনুদান নিচ্ছে না।');
  });

  it('does not take cards: those stay with the card form', async () => {
    const fund = await createRaisedFund(ctx);
    const res = await as({ app: ctx.app, cookie: donor.cookie }).call(api.payments.checkout, {
      body: { fundId: fund.id, amountTk: 500, method: 'card' },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('with a real provider configured', () => {
  it('the test checkout page does not exist', async () => {
    const other = await buildTestApp({
      SSLCOMMERZ_STORE_ID: 'store',
      SSLCOMMERZ_STORE_PASSWORD: 'secret',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/test-gateway/TESTSESS1' });
      expect(res.statusCode).not.toBe(200);
      expect(res.body).not.toContain('Test mode');
      const config = await as({ app: other.app }).call(api.payments.config);
      expect(config.json()).toMatchObject({ provider: 'sslcommerz', testMode: false });
    } finally {
      await other.close();
    }
  });
});
