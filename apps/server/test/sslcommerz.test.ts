import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema';
import { createVerificationApplication } from '../src/seed/factories';
import { reconcilePendingPayments } from '../src/modules/payments/reconcile-pending';
import { createSignedInUser, as, useTestApp, useStandIn, urlOf } from './helper';
import { createRaisedFund, declinesCounted, fundTotals, paymentRows } from './payments-helper';
import { refundTransIdFor } from '../src/modules/payments/providers/gateway';
import { STAND_IN_STORE, SslCommerzStandIn } from './sslcommerz-stand-in';
import { resources as api } from '@easyfund/shared/api/resources';

/** Gateway notifications one network may send in 10 minutes, here. */
const NETWORK_NOTICES = 300;
const silentLog = { warn() {}, error() {} };

const standIn = useStandIn(new SslCommerzStandIn());
const { ctx, donor } = useTestApp(
  { donor: { name: 'Rahim Donor' } },
  {
    env: () => ({
      ...standIn.env(),
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
      IPN_RATE_LIMIT_MAX: String(NETWORK_NOTICES),
      MAIL_FROM: 'Easy Fund <giving@easyfund.org.bd>',
    }),
  },
);

async function checkout(fundId: string, amountTk = 500, method = 'bkash', remoteAddress?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: urlOf(api.payments.checkout),
    headers: { cookie: donor.cookie },
    payload: { fundId, amountTk, method },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { paymentId: string; redirectUrl: string };
}

const post = (url: string, fields: Record<string, string>, remoteAddress?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const ipn = (fields: Record<string, string>, remoteAddress?: string) =>
  post(urlOf(api.payments.sslcommerzIpn), fields, remoteAddress);
/** The stand-in's Validation API calls about `valId`. */
const validations = (valId: string) =>
  standIn.calls.filter(
    (c) => c.path === '/validator/api/validationserverAPI.php' && c.query.val_id === valId,
  ).length;
/** Every call the stand-in had, any API. */
const gatewayCalls = () => standIn.calls.length;
const browserReturn = (result: 'success' | 'fail' | 'cancel', fields: Record<string, string>) =>
  post(urlOf(api.payments.sslcommerzReturn, { params: { result } }), fields);

/** The tran_id the payment went to the gateway with (what a forger would post). */
const tranId = (paymentId: string) => standIn.byTranId(paymentId).tran_id;

async function payment(id: string) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function startPaid(amountTk = 500, opts: { risk?: 0 | 1 } = {}) {
  const fund = await createRaisedFund(ctx);
  const started = await checkout(fund.id, amountTk);
  const fields = standIn.pay(started.paymentId, opts);
  return { fund, started, fields };
}

describe('SSLCommerz checkout', () => {
  it('creates a session for the pending payment and sends the browser to the chosen wallet', async () => {
    const fund = await createRaisedFund(ctx);
    const started = await checkout(fund.id, 500);
    const session = standIn.byTranId(started.paymentId).form;
    expect(session).toMatchObject({
      store_id: 'easyfund_standin',
      tran_id: expect.stringMatching(/^[0-9A-Z]{1,30}$/),
      total_amount: '500.00',
      currency: 'BDT',
      multi_card_name: 'bkash',
      cus_name: 'Rahim Donor',
      cus_email: donor.email,
      value_a: started.paymentId,
      value_b: fund.id,
      success_url: 'http://localhost:3000/api/payments/callback/sslcommerz/success',
      fail_url: 'http://localhost:3000/api/payments/callback/sslcommerz/fail',
      cancel_url: 'http://localhost:3000/api/payments/callback/sslcommerz/cancel',
      ipn_url: 'http://localhost:3000/api/payments/webhook/sslcommerz',
    });
    expect(started.redirectUrl).toContain('cardname=bkash');
    const row = await payment(started.paymentId);
    expect(row).toMatchObject({ status: 'pending', method: 'bkash', provider: 'sslcommerz' });
  });

  it('names the wallet limit before sending anyone to the gateway', async () => {
    const fund = await createRaisedFund(ctx);
    const res = await as({ app: ctx.app, cookie: donor.cookie }).call(api.payments.checkout, {
      body: { fundId: fund.id, amountTk: 30_000, method: 'nagad' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: 'Nagad takes at most 25,000 Tk per payment.',
      fields: { amountTk: 'Nagad takes at most 25,000 Tk per payment.' },
    });
  });

  it('IPN first, then the browser: counted once', async () => {
    const { fund, started, fields } = await startPaid(500);
    expect((await ipn(fields)).json()).toMatchObject({ outcome: 'succeeded' });
    const back = await browserReturn('success', fields);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(
      `/dashboard/selecteddonation/pay/${fund.id}?payment=${started.paymentId}`,
    );
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 50_000, donationCount: 1 });
    const mine = await as({ app: ctx.app, cookie: donor.cookie }).call(api.payments.one, {
      params: { paymentId: started.paymentId },
    });
    expect(mine.json()).toMatchObject({
      status: 'succeeded',
      method: 'bkash',
      transactionId: fields.bank_tran_id,
    });
  });

  it('browser first, then the IPN, then the IPN again: counted once', async () => {
    const { fund, fields } = await startPaid(700);
    await browserReturn('success', fields);
    await ipn(fields);
    await ipn(fields);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 70_000, donationCount: 1 });
  });

  it('IPN and browser at the same moment: counted once', async () => {
    const { fund, fields } = await startPaid(900);
    await Promise.all([ipn(fields), browserReturn('success', fields), ipn(fields)]);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 90_000, donationCount: 1 });
  });

  it('neither arrives: reconciliation asks the Transaction Query API and records it once', async () => {
    const { fund, started } = await startPaid(300);
    const deps = {
      db: ctx.db,
      provider: ctx.app.payments,
      checkout: ctx.app.checkout,
      log: silentLog,
    };
    const report = await reconcilePendingPayments(deps, {
      olderThanMs: 0,
      abandonAfterMs: 3_600_000,
    });
    expect(report.succeeded).toBeGreaterThanOrEqual(1);
    await reconcilePendingPayments(deps, { olderThanMs: 0, abandonAfterMs: 3_600_000 });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 30_000, donationCount: 1 });
    expect(
      standIn.calls.some(
        (c) => c.query.tran_id === tranId(started.paymentId) && !c.query.total_amount,
      ),
    ).toBe(true);
  });

  it('a forged IPN whose val_id the gateway does not know records nothing', async () => {
    const fund = await createRaisedFund(ctx);
    const started = await checkout(fund.id, 500);
    const forged = {
      status: 'VALID',
      tran_id: tranId(started.paymentId),
      val_id: 'VAL-FORGED',
      amount: '500.00',
      currency: 'BDT',
      store_id: 'easyfund_standin',
    };
    // Signed as the store signs (its password leaked): the Validation API still decides.
    expect((await ipn(standIn.sign(forged))).json()).toMatchObject({ outcome: 'ignored' });
    expect((await payment(started.paymentId)).status).toBe('pending');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it('posted fields that lie do not matter: the validation answer decides', async () => {
    const { fund, fields } = await startPaid(500);
    const { verify_sign: _sign, verify_key: _key, ...posted } = fields;
    await ipn(standIn.sign({ ...posted, amount: '1000000.00', risk_level: '0', status: 'VALID' }));
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 50_000, donationCount: 1 });
  });

  it('refuses a validated amount or currency that differs from the payment', async () => {
    for (const tamper of [{ amount: '50.00' }, { currency: 'USD' }]) {
      const { fund, started, fields } = await startPaid(500);
      Object.assign(standIn.byTranId(started.paymentId), tamper);
      expect((await ipn(fields)).json()).toMatchObject({ outcome: 'needs_review' });
      expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
      expect((await payment(started.paymentId)).status).toBe('needs_review');
    }
  });

  it("ignores another store's transaction", async () => {
    const { fund, started, fields } = await startPaid(500);
    standIn.byTranId(started.paymentId).store_id = 'someone_else';
    expect((await ipn({ ...fields, store_id: 'easyfund_standin' })).json()).toMatchObject({
      outcome: 'ignored',
    });
    expect((await ipn({ ...fields, store_id: 'someone_else' })).json()).toMatchObject({
      outcome: 'ignored',
    });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it('a val_id replayed for another payment settles nothing', async () => {
    const paid = await startPaid(500);
    await ipn(paid.fields);
    const other = await createRaisedFund(ctx);
    const victim = await checkout(other.id, 500);
    const replay = standIn.sign({ ...paid.fields, tran_id: tranId(victim.paymentId) });
    expect((await ipn(replay)).json()).toMatchObject({ outcome: 'ignored' });
    await browserReturn('success', replay);
    expect((await payment(victim.paymentId)).status).toBe('pending');
    expect(await fundTotals(ctx, other.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it('risk_level 1 holds the payment for an admin instead of counting it', async () => {
    const { fund, started, fields } = await startPaid(500, { risk: 1 });
    expect((await ipn(fields)).json()).toMatchObject({ outcome: 'needs_review' });
    await browserReturn('success', fields);
    expect((await payment(started.paymentId)).status).toBe('needs_review');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it('an admin approves a held payment (counted once) or refunds one through the gateway', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const review = (paymentId: string, decision: 'approve' | 'refund') =>
      as({ app: ctx.app, cookie: admin.cookie }).call(api.payments.review, {
        params: { paymentId },
        body: { decision, reason: 'Checked with the donor' },
      });
    const approved = await startPaid(500, { risk: 1 });
    const refunded = await startPaid(800, { risk: 1 });
    await ipn(approved.fields);
    await ipn(refunded.fields);
    const list = await as({ app: ctx.app, cookie: admin.cookie }).call(api.payments.held);
    const ids = list.json().items;
    expect(ids.map((p) => p.id)).toEqual(
      expect.arrayContaining([approved.started.paymentId, refunded.started.paymentId]),
    );
    expect(ids[0]!.donorEmail).toBe(donor.email);

    const ok = await review(approved.started.paymentId, 'approve');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'succeeded', method: 'bkash' });
    expect((await review(approved.started.paymentId, 'approve')).statusCode).toBe(409);
    expect(await fundTotals(ctx, approved.fund.id)).toEqual({
      raisedPoisha: 50_000,
      donationCount: 1,
    });

    const back = await review(refunded.started.paymentId, 'refund');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'failed' });
    expect(standIn.refunds.at(-1)).toMatchObject({
      bank_tran_id: refunded.fields.bank_tran_id,
      refund_amount: '800.00',
      refund_trans_id: refundTransIdFor(refunded.started.paymentId),
    });
    expect(await fundTotals(ctx, refunded.fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it("an admin refunds part of a wallet donation through the gateway's Refund API", async () => {
    const { checkLedger } = await import('../src/modules/ledger/check');
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const refund = (paymentId: string, amountPoisha: number) =>
      as({ app: ctx.app, cookie: admin.cookie }).call(api.payments.refund, {
        params: { paymentId },
        body: { amountPoisha, reason: 'Paid twice', requestKey: crypto.randomUUID() },
      });
    const paid = await startPaid(1000);
    await ipn(paid.fields);
    const id = paid.started.paymentId;

    // The gateway refuses: nothing changes, and the admin reads why.
    standIn.refundRefusal = 'Insufficient merchant balance';
    const refused = await refund(id, 400_00);
    standIn.refundRefusal = null;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'The payment gateway refused the refund: Insufficient merchant balance',
    );
    expect(await fundTotals(ctx, paid.fund.id)).toEqual({
      raisedPoisha: 100_000,
      donationCount: 1,
    });

    const half = await refund(id, 400_00);
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json()).toMatchObject({ refundedPoisha: 400_00, refundablePoisha: 600_00 });
    expect(standIn.refunds.at(-1)).toMatchObject({
      bank_tran_id: paid.fields.bank_tran_id,
      refund_amount: '400.00',
      refund_remarks: 'Paid twice',
    });
    expect(await fundTotals(ctx, paid.fund.id)).toEqual({ raisedPoisha: 60_000, donationCount: 1 });

    const detail = await as({ app: ctx.app, cookie: admin.cookie }).call(api.payments.detail, {
      params: { paymentId: id },
    });
    expect(detail.json()).toMatchObject({
      method: 'bkash',
      refundedPoisha: 400_00,
      refundablePoisha: 600_00,
      canRefund: true,
      refunds: [{ kind: 'refund', amountPoisha: 400_00 }],
    });
    const rest = await refund(id, 600_00);
    expect(rest.json()).toMatchObject({ status: 'refunded', refundablePoisha: 0 });
    expect(await fundTotals(ctx, paid.fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
    // (Other tests here leave payments held for review: only the totals' rules are asked.)
    expect((await checkLedger(ctx.db)).problems).toEqual([]);
  });

  it('fail and cancel bring the donor back with the reason and record nothing', async () => {
    for (const [result, status, message] of [
      ['fail', 'FAILED', 'The payment failed at the gateway. No money was taken.'],
      ['cancel', 'CANCELLED', 'You cancelled the payment. No money was taken.'],
    ] as const) {
      const fund = await createRaisedFund(ctx);
      const started = await checkout(fund.id, 500);
      const back = await browserReturn(result, standIn.end(started.paymentId, status));
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toContain(`?payment=${started.paymentId}`);
      expect(await payment(started.paymentId)).toMatchObject({
        status: 'failed',
        failureMessage: message,
      });
      expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
    }
  });

  it("a failed attempt counts once against the donor's network, however often it is told; a cancelled or forged one does not", async () => {
    const fund = await createRaisedFund(ctx);
    const network = '100.64.7.9';
    const declines = () => declinesCounted(ctx, network);
    const cancelled = await checkout(fund.id, 500, 'bkash', network);
    expect(await payment(cancelled.paymentId)).toMatchObject({ clientNetwork: network });
    await browserReturn('cancel', standIn.end(cancelled.paymentId, 'CANCELLED'));
    expect(await payment(cancelled.paymentId)).toMatchObject({
      status: 'failed',
      clientNetwork: null,
    });
    // A forged fail notice for a payment still open at the gateway counts nothing.
    const open = await checkout(fund.id, 500, 'nagad', network);
    await ipn({ tran_id: tranId(open.paymentId), status: 'FAILED' });
    expect(await declines()).toBe(0);

    // Failed at the gateway: the browser's return, the IPN, the IPN again and the
    // reconciliation all say so; one decline counts. A donor who chose "cancel" on the
    // way back from a failed attempt was declined all the same: the gateway decides.
    const failed = await checkout(fund.id, 500, 'rocket', network);
    const fields = standIn.end(failed.paymentId, 'FAILED');
    const deps = {
      db: ctx.db,
      provider: ctx.app.payments,
      checkout: ctx.app.checkout,
      log: silentLog,
    };
    await Promise.all([
      browserReturn('cancel', fields),
      ipn(fields),
      reconcilePendingPayments(deps, { olderThanMs: 0, abandonAfterMs: 3_600_000 }),
    ]);
    await ipn(fields);
    expect(await payment(failed.paymentId)).toMatchObject({
      status: 'failed',
      clientNetwork: null,
    });
    expect(await declines()).toBe(1);

    // Two failed attempts on one checkout (the donor tried twice at the gateway) count two.
    const twice = await checkout(fund.id, 500, 'bkash', network);
    const first = standIn.byTranId(twice.paymentId);
    standIn.transactions.set(`${twice.paymentId}:again`, { ...first, status: 'FAILED' });
    await ipn(standIn.end(twice.paymentId, 'FAILED'));
    expect(await declines()).toBe(3);
    expect(await payment(open.paymentId)).toMatchObject({
      status: 'pending',
      clientNetwork: network,
    });
  });

  it('a forged fail or cancel, posted while the donor is still at the gateway, fails nothing; the payment then counts', async () => {
    const fund = await createRaisedFund(ctx);
    const started = await checkout(fund.id, 500);
    const forged = { tran_id: tranId(started.paymentId), amount: '500.00', currency: 'BDT' };
    const back = await browserReturn('fail', { ...forged, status: 'FAILED' });
    expect(back.statusCode).toBe(303);
    expect((await browserReturn('cancel', { ...forged, status: 'CANCELLED' })).statusCode).toBe(
      303,
    );
    // Unsigned, they are not even asked about; signed (a leaked store password), the
    // gateway's Transaction Query shows the attempt open: the payment stays pending.
    expect((await ipn({ ...forged, status: 'FAILED' })).json()).toMatchObject({
      outcome: 'ignored',
    });
    expect((await ipn(standIn.sign({ ...forged, status: 'FAILED' }))).json()).toMatchObject({
      outcome: 'pending',
    });
    expect((await ipn(standIn.sign({ ...forged, status: 'CANCELLED' }))).json()).toMatchObject({
      outcome: 'pending',
    });
    expect(await payment(started.paymentId)).toMatchObject({
      status: 'pending',
      failureMessage: null,
    });

    const fields = standIn.pay(started.paymentId);
    expect((await ipn(fields)).json()).toMatchObject({ outcome: 'succeeded' });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 50_000, donationCount: 1 });
  });

  it('a fail notice for a payment the gateway shows no attempt of leaves it pending', async () => {
    const fund = await createRaisedFund(ctx);
    const started = await checkout(fund.id, 500);
    const notice = standIn.sign({ tran_id: tranId(started.paymentId), status: 'FAILED' });
    for (const [key, t] of standIn.transactions) {
      if (t.tran_id === notice.tran_id) standIn.transactions.delete(key);
    }
    expect((await ipn(notice)).json()).toMatchObject({ outcome: 'pending' });
    expect((await browserReturn('fail', notice)).statusCode).toBe(303);
    expect((await payment(started.paymentId)).status).toBe('pending');
  });

  it('a fail notice for a payment the gateway shows paid records the donation, once', async () => {
    const { fund, started } = await startPaid(600);
    const notice = standIn.sign({ tran_id: tranId(started.paymentId), status: 'FAILED' });
    expect((await ipn(notice)).json()).toMatchObject({ outcome: 'succeeded' });
    expect((await browserReturn('fail', notice)).statusCode).toBe(303);
    expect((await payment(started.paymentId)).status).toBe('succeeded');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 60_000, donationCount: 1 });
  });

  it('a cancel return while the gateway cannot be asked leaves the payment pending for later', async () => {
    const fund = await createRaisedFund(ctx);
    const started = await checkout(fund.id, 500);
    const fields = standIn.end(started.paymentId, 'CANCELLED');
    standIn.failing = true;
    try {
      const back = await browserReturn('cancel', fields);
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toContain(`?payment=${started.paymentId}`);
      expect((await payment(started.paymentId)).status).toBe('pending');
    } finally {
      standIn.failing = false;
    }
    // Once the gateway answers, the same notice (or the reconciliation) ends it.
    await browserReturn('cancel', fields);
    expect(await payment(started.paymentId)).toMatchObject({
      status: 'failed',
      failureMessage: 'You cancelled the payment. No money was taken.',
    });
  });

  it('the gateway being down is a 503 at the start, and the payment is not left pending', async () => {
    const fund = await createRaisedFund(ctx);
    standIn.failing = true;
    try {
      const res = await as({ app: ctx.app, cookie: donor.cookie }).call(api.payments.checkout, {
        body: { fundId: fund.id, amountTk: 500, method: 'rocket' },
      });
      expect(res.statusCode).toBe(503);
    } finally {
      standIn.failing = false;
    }
  });

  it("ignores an IPN without our store's signature, and asks the gateway nothing about it", async () => {
    const { fund, started, fields } = await startPaid(500);
    const { verify_sign: _sign, verify_key: _key, ...unsigned } = fields;
    const other = await checkout((await createRaisedFund(ctx)).id, 500);
    // The signed fields with a second tran_id in front: the one a reader would take.
    const twice = `tran_id=${other.paymentId}&${new URLSearchParams(fields).toString()}`;
    const before = gatewayCalls();
    // (The Validation API would refuse it too; it is not even asked.)
    const res = await as(ctx).send(api.payments.sslcommerzIpn, {
      body: twice,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.json()).toMatchObject({ outcome: 'ignored' });
    for (const notice of [
      unsigned,
      standIn.sign(unsigned, 'another-store-password'),
      { ...fields, amount: '5.00' },
      { ...fields, verify_sign: fields.verify_sign!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      // A signature that does not cover the val_id or the tran_id it comes with.
      { ...fields, verify_key: fields.verify_key!.replace('val_id,', '') },
      {
        ...standIn.sign({ status: 'VALID', amount: '500.00' }),
        tran_id: tranId(started.paymentId),
        val_id: fields.val_id!,
      },
    ]) {
      const res = await ipn(notice);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ outcome: 'ignored' });
    }
    expect(gatewayCalls()).toBe(before);
    expect((await payment(started.paymentId)).status).toBe('pending');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
    // The gateway's own notification counts.
    expect((await ipn(fields)).json()).toMatchObject({ outcome: 'succeeded' });
  });

  it('validates a val_id once: a second notification naming it asks nothing and answers as the first', async () => {
    const { fund, started, fields } = await startPaid(400);
    expect((await ipn(fields)).json()).toMatchObject({ outcome: 'succeeded' });
    expect(validations(fields.val_id!)).toBe(1);
    expect((await ipn(fields)).json()).toMatchObject({ outcome: 'succeeded' });
    expect((await browserReturn('success', fields)).statusCode).toBe(303);
    expect(validations(fields.val_id!)).toBe(1);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 40_000, donationCount: 1 });

    // A val_id the gateway does not know: ignored every time, asked each time (an answer
    // that is not paid is never final), within the payment's notice limit.
    const forged = standIn.sign({
      status: 'VALID',
      tran_id: tranId((await checkout(fund.id, 400)).paymentId),
      val_id: `VAL-UNKNOWN-${started.paymentId.slice(0, 8)}`,
      amount: '400.00',
      currency: 'BDT',
      store_id: 'easyfund_standin',
    });
    for (let i = 0; i < 3; i++)
      expect((await ipn(forged)).json()).toMatchObject({ outcome: 'ignored' });
    expect(validations(forged.val_id!)).toBe(3);
  });

  it('asks again about a val_id the gateway had not counted as paid yet', async () => {
    const { fund, started, fields } = await startPaid(350);
    const t = standIn.byTranId(started.paymentId);
    t.status = 'PENDING';
    expect((await ipn(fields)).json()).toMatchObject({ outcome: 'ignored' });
    t.status = 'VALID';
    expect((await ipn(fields)).json()).toMatchObject({ outcome: 'succeeded' });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 35_000, donationCount: 1 });
  });

  it('asks again about a val_id whose question failed (the gateway down)', async () => {
    const { fund, fields } = await startPaid(300);
    standIn.failing = true;
    try {
      expect((await ipn(fields)).statusCode).toBe(503);
    } finally {
      standIn.failing = false;
    }
    expect((await ipn(fields)).json()).toMatchObject({ outcome: 'succeeded' });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 30_000, donationCount: 1 });
  });

  it('throttles IPNs per network before anything else, and signed ones per payment', async () => {
    const fund = await createRaisedFund(ctx);
    const started = await checkout(fund.id, 500);
    const forged = { status: 'VALID', tran_id: tranId(started.paymentId), val_id: 'VAL-FLOOD' };
    const before = gatewayCalls();
    // Unsigned notices naming a payment do not use up what its gateway may send...
    for (let i = 0; i < 12; i++) {
      expect((await ipn(forged, `198.51.100.${i + 1}`)).json()).toMatchObject({
        outcome: 'ignored',
      });
    }
    // ...signed ones (a genuine notice replayed) count: ten in 10 minutes, from anywhere.
    const replayed = standIn.sign(forged);
    for (let i = 0; i < 10; i++) {
      expect((await ipn(replayed, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    }
    const refused = await ipn(replayed, '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // An unknown val_id is asked about by each of the ten (no answer that is not paid is
    // kept), never by the refused one; another payment is not held up.
    expect(validations('VAL-FLOOD')).toBe(10);
    const paid = await startPaid(500);
    expect((await ipn(paid.fields)).json()).toMatchObject({ outcome: 'succeeded' });

    // Per network: IPN_RATE_LIMIT_MAX notifications, whatever they are.
    const network = '203.0.113.7';
    for (let i = 0; i < NETWORK_NOTICES; i++) {
      const res = await ipn({ ...forged, tran_id: crypto.randomUUID() }, network);
      expect(res.statusCode).toBe(200);
    }
    const flooded = await ipn(paid.fields, network);
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().error.code).toBe('rate_limited');
    // Another network is not affected.
    expect((await ipn(paid.fields, '203.0.114.7')).json()).toMatchObject({ outcome: 'succeeded' });
    // The gateway saw the ten questions about VAL-FLOOD, the paid payment's session and the
    // one validation of its val_id: nothing of the floods.
    expect(validations(paid.fields.val_id!)).toBe(1);
    expect(gatewayCalls() - before).toBe(12);
  });
});

describe('SSLCommerz session fields, as its v4 documentation gives them', () => {
  /** A session request with every mandatory field, as the documentation's example. */
  const documented = () => ({
    store_id: STAND_IN_STORE.id,
    store_passwd: STAND_IN_STORE.password,
    total_amount: '100.00',
    currency: 'BDT',
    tran_id: 'REF123',
    success_url: 'https://example.org/success',
    fail_url: 'https://example.org/fail',
    cancel_url: 'https://example.org/cancel',
    cus_name: 'Customer Name',
    cus_email: 'customer@example.com',
    cus_add1: 'Dhaka',
    cus_city: 'Dhaka',
    cus_postcode: '1000',
    cus_country: 'Bangladesh',
    cus_phone: '01711111111',
    shipping_method: 'NO',
    num_of_item: '1',
    product_name: 'Donation',
    product_category: 'Donation',
    product_profile: 'non-physical-goods',
  });
  const session = async (fields: Record<string, string>) => {
    const res = await fetch(`http://127.0.0.1:${standIn.port}/gwprocess/v4/api.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    return (await res.json()) as { status: string; failedreason?: string };
  };
  const sessionCalls = () => standIn.calls.filter((c) => c.path === '/gwprocess/v4/api.php');

  it('the stand-in refuses what the gateway refuses: a 31-character tran_id, an amount out of 10 to 500,000, a missing field', async () => {
    expect((await session(documented())).status).toBe('SUCCESS');
    expect(await session({ ...documented(), tran_id: 'T'.repeat(30) })).toMatchObject({
      status: 'SUCCESS',
    });
    for (const wrong of [
      { tran_id: 'T'.repeat(31) },
      { total_amount: '500000.01' },
      { total_amount: '9.99' },
      { cus_postcode: '' },
      { cus_name: 'N'.repeat(51) },
    ]) {
      const answer = await session({ ...documented(), ...wrong });
      expect(answer.status, JSON.stringify(wrong)).toBe('FAILED');
      expect(answer.failedreason).toMatch(/^Invalid Information/);
    }
    expect((await session({ ...documented(), total_amount: '500000.00' })).status).toBe('SUCCESS');
  });

  it('refuses a wallet or card payment above 5,00,000 Tk with a field message, before any gateway call', async () => {
    const fund = await createRaisedFund(ctx);
    const before = sessionCalls().length;
    const start = (method: 'bkash' | 'card', amountTk: number, lang = 'en') =>
      as(donor).call(api.payments.checkout, {
        body: { fundId: fund.id, amountTk, method },
        headers: { 'accept-language': lang },
      });
    const wallet = await start('bkash', 500_001);
    expect(wallet.statusCode).toBe(400);
    expect(wallet.json().error.fields).toEqual({
      amountTk: 'bKash takes at most 25,000 Tk per payment.',
    });
    const card = await start('card', 500_001);
    expect(card.statusCode).toBe(400);
    expect(card.json().error.fields).toEqual({
      amountTk: 'Card takes at most 5,00,000 Tk per payment.',
    });
    const bangla = await start('card', 500_001, 'bn');
    expect(bangla.json().error.fields?.amountTk).toBe(
      'Card-এ প্রতি পেমেন্টে সর্বোচ্চ ৫,০০,০০০ টাকা দেওয়া যায়।',
    );
    expect(sessionCalls().length).toBe(before);
    expect(await paymentRows(ctx, fund.id)).toEqual([]);
    // Up to the gateway's bound, a card goes to the gateway as any payment.
    const most = await start('card', 500_000);
    expect(most.statusCode, most.body).toBe(201);
    expect(standIn.byTranId(most.json().paymentId).form.total_amount).toBe('500000.00');
  });

  it('a donor with a 60-character name, a 60-character e-mail and no phone gets a session the gateway takes', async () => {
    const name = `Mohammad Abdullah Al Mamun Chowdhury ${'ক'.repeat(23)}`;
    expect(Array.from(name)).toHaveLength(60);
    const email = `${'a'.repeat(48)}@example.com`;
    const long = await createSignedInUser(ctx, { name, email });
    const fund = await createRaisedFund(ctx);
    const res = await as({ app: ctx.app, cookie: long.cookie }).call(api.payments.checkout, {
      body: { fundId: fund.id, amountTk: 500, method: 'nagad' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = standIn.byTranId(res.json().paymentId).form;
    expect(sent).toMatchObject({
      cus_name: Array.from(name).slice(0, 50).join(''),
      // A cut address would be a stranger's: the site's own address instead.
      cus_email: 'giving@easyfund.org.bd',
      cus_add1: 'Dhaka',
      cus_city: 'Dhaka',
      cus_postcode: '1000',
      cus_country: 'Bangladesh',
      cus_phone: '01711111111',
      shipping_method: 'NO',
      num_of_item: '1',
      product_category: 'Donation',
      product_profile: 'non-physical-goods',
      currency: 'BDT',
    });
    expect(res.json().redirectUrl).toContain('SESSIONKEY=');
  });

  it("sends the donor's own mobile number when they gave one", async () => {
    const applicant = await createSignedInUser(ctx);
    await createVerificationApplication(ctx.db, { userId: applicant.id });
    const fund = await createRaisedFund(ctx);
    const res = await as({ app: ctx.app, cookie: applicant.cookie }).call(api.payments.checkout, {
      body: { fundId: fund.id, amountTk: 500, method: 'bkash' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(standIn.byTranId(res.json().paymentId).form).toMatchObject({
      cus_phone: '01712345678',
      cus_email: applicant.email,
    });
  });

  it('the tran_id sent is at most 30 characters and names the payment: a wallet payment through the IPN records once', async () => {
    const { fund, started, fields } = await startPaid(750);
    expect(fields.tran_id).toMatch(/^[0-9A-Z]{1,30}$/);
    expect(fields.tran_id).not.toBe(started.paymentId);
    expect((await ipn(fields)).json()).toMatchObject({ outcome: 'succeeded' });
    expect((await ipn(fields)).json()).toMatchObject({ outcome: 'succeeded' });
    const back = await browserReturn('success', fields);
    expect(back.headers.location).toBe(
      `/dashboard/selecteddonation/pay/${fund.id}?payment=${started.paymentId}`,
    );
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 75_000, donationCount: 1 });
    const mine = await as({ app: ctx.app, cookie: donor.cookie }).call(api.payments.one, {
      params: { paymentId: started.paymentId },
    });
    expect(mine.json()).toMatchObject({ status: 'succeeded', transactionId: fields.bank_tran_id });
    // Staff find it by the tran_id the merchant panel shows.
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const found = await as({ app: ctx.app, cookie: admin.cookie }).call(api.payments.search, {
      query: { q: fields.tran_id },
    });
    expect(found.json().items.map((p) => p.id)).toEqual([started.paymentId]);
  });

  it('a payment started before, whose tran_id was its id, still settles once by its IPN', async () => {
    const fund = await createRaisedFund(ctx);
    const started = await checkout(fund.id, 400);
    // As such a payment was stored and sent: no tran_id of its own, its id at the gateway.
    await ctx.db
      .update(payments)
      .set({ gatewayTranId: null })
      .where(eq(payments.id, started.paymentId));
    standIn.byTranId(started.paymentId).tran_id = started.paymentId;
    const fields = standIn.pay(started.paymentId);
    expect(fields.tran_id).toBe(started.paymentId);
    expect((await ipn(fields)).json()).toMatchObject({ outcome: 'succeeded' });
    await browserReturn('success', fields);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 40_000, donationCount: 1 });
  });
});
