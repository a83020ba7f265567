import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayRefunds, payments, pendingRefunds, refunds } from '../src/db/schema';
import { checkLedger } from '../src/lib/ledger';
import { refundTransIdFor } from '../src/lib/payments/gateway';
import { SslCommerzGateway } from '../src/lib/payments/sslcommerz';
import { settleGatewayRefunds } from '../src/modules/payments/gateway-refunds';
import { buildTestApp, createSignedInUser, type SignedInUser, type TestContext } from './helper';
import { createRaisedFund, fundTotals } from './payments-helper';
import { STAND_IN_STORE, SslCommerzStandIn } from './sslcommerz-stand-in';

let standIn: SslCommerzStandIn;
let ctx: TestContext;
let donor: SignedInUser;
let admin: SignedInUser;
const silentLog = { warn() {}, error() {} };

beforeAll(async () => {
  standIn = await new SslCommerzStandIn().start();
  ctx = await buildTestApp({ ...standIn.env(), PAYMENT_RECONCILE_INTERVAL_SECONDS: '0' });
  donor = await createSignedInUser(ctx, { name: 'Rahim Donor' });
  admin = await createSignedInUser(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx.close();
  await standIn.stop();
});

/** A wallet donation the gateway took and we recorded. */
async function paidDonation(amountTk: number) {
  const fund = await createRaisedFund(ctx);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/checkout',
    headers: { cookie: donor.cookie },
    payload: { fundId: fund.id, amountTk, method: 'bkash' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { paymentId } = res.json() as { paymentId: string };
  const fields = standIn.pay(paymentId);
  const ipn = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/sslcommerz',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(ipn.json()).toMatchObject({ outcome: 'succeeded' });
  return { fund, paymentId, bankTranId: fields.bank_tran_id! };
}

const refund = (paymentId: string, amountPoisha: number, requestKey: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${paymentId}/refunds`,
    headers: { cookie: admin.cookie },
    payload: { amountPoisha, reason: 'Given twice by mistake', requestKey },
  });

/** What the gateway refunded of a transaction (refunds not cancelled), in poisha. */
const gatewayRefunded = (bankTranId: string) =>
  standIn.refunds
    .filter((r) => r.bank_tran_id === bankTranId && r.state !== 'cancelled')
    .reduce((sum, r) => sum + Math.round(Number(r.refund_amount) * 100), 0);

async function payment(id: string) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function decisionsOf(paymentId: string) {
  return ctx.db.select().from(gatewayRefunds).where(eq(gatewayRefunds.paymentId, paymentId));
}

const job = (minutesLater = 3) =>
  settleGatewayRefunds(
    { db: ctx.db, gateway: ctx.app.checkout!, log: silentLog },
    { now: new Date(Date.now() + minutesLater * 60_000) },
  );

describe('SSLCommerz refunds, decision by decision', () => {
  it('a retried refund after a lost answer records exactly what the gateway refunded', async () => {
    const { fund, paymentId, bankTranId } = await paidDonation(1000);
    const key = crypto.randomUUID();
    standIn.loseRefundAnswers = 1;
    const lost = await refund(paymentId, 400_00, key);
    expect(lost.statusCode).toBe(503);
    // The gateway refunded 400 Tk; the ledger has not recorded it yet, but holds it back.
    expect(gatewayRefunded(bankTranId)).toBe(400_00);
    expect((await payment(paymentId)).refundedPoisha).toBe(0);
    expect(
      await ctx.db.select().from(pendingRefunds).where(eq(pendingRefunds.paymentId, paymentId)),
    ).toHaveLength(1);
    expect(await decisionsOf(paymentId)).toMatchObject([{ status: 'asking', refundRefId: null }]);

    // The admin clicks again: the same decision, the same refund_trans_id.
    const again = await refund(paymentId, 400_00, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ refundedPoisha: 400_00, refundablePoisha: 600_00 });
    expect(standIn.refunds.filter((r) => r.bank_tran_id === bankTranId)).toHaveLength(1);
    expect(gatewayRefunded(bankTranId)).toBe(400_00);
    expect((await payment(paymentId)).refundedPoisha).toBe(gatewayRefunded(bankTranId));
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 600_00, donationCount: 1 });
    const [decision] = await decisionsOf(paymentId);
    expect(decision).toMatchObject({
      status: 'initiated',
      refundTransId: refundTransIdFor(key),
      refundRefId: standIn.refunds.find((r) => r.bank_tran_id === bankTranId)!.refund_ref_id,
    });
    expect(
      await ctx.db.select().from(pendingRefunds).where(eq(pendingRefunds.paymentId, paymentId)),
    ).toHaveLength(0);

    // A third click: answered from the decision, the gateway is not asked again.
    const calls = standIn.refunds.length;
    expect((await refund(paymentId, 400_00, key)).json()).toMatchObject({
      refundedPoisha: 400_00,
    });
    expect(standIn.refunds).toHaveLength(calls);
  });

  it('the refund-status job asks again about a lost answer and records the refund once', async () => {
    const { fund, paymentId, bankTranId } = await paidDonation(800);
    standIn.loseRefundAnswers = 1;
    expect((await refund(paymentId, 800_00, crypto.randomUUID())).statusCode).toBe(503);
    // Not yet: a request may still be waiting for its answer.
    expect((await job(0)).asked).toBe(0);
    const report = await job();
    expect(report).toMatchObject({ asked: 1, errors: 0 });
    expect((await payment(paymentId)).status).toBe('refunded');
    expect((await payment(paymentId)).refundedPoisha).toBe(gatewayRefunded(bankTranId));
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
    expect(standIn.refunds.filter((r) => r.bank_tran_id === bankTranId)).toHaveLength(1);
  });

  it("'processing' from the gateway is the refund already initiated, never a new one", async () => {
    const { paymentId, bankTranId } = await paidDonation(500);
    const key = crypto.randomUUID();
    // The gateway made the refund earlier (a request of ours whose answer we never kept).
    const gateway = new SslCommerzGateway({
      storeId: STAND_IN_STORE.id,
      storePassword: STAND_IN_STORE.password,
      sandbox: true,
      apiUrl: standIn.env().SSLCOMMERZ_API_URL,
    });
    const first = await gateway.refund({
      bankTranId,
      amountPoisha: 200_00,
      remarks: 'Given twice by mistake',
      refundTransId: refundTransIdFor(key),
    });
    expect(first.status).toBe('success');
    const res = await refund(paymentId, 200_00, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refundedPoisha: 200_00 });
    expect(gatewayRefunded(bankTranId)).toBe(200_00);
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(rows.map((r) => r.amountPoisha)).toEqual([200_00]);
  });

  it('the status query closes a refunded decision, and a cancelled refund gives the money back to the fund', async () => {
    const { fund, paymentId, bankTranId } = await paidDonation(1000);
    const kept = await refund(paymentId, 100_00, crypto.randomUUID());
    expect(kept.statusCode).toBe(200);
    const cancelled = await refund(paymentId, 300_00, crypto.randomUUID());
    expect(cancelled.statusCode).toBe(200);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 600_00, donationCount: 1 });
    const [, second] = standIn.refunds.filter((r) => r.bank_tran_id === bankTranId);
    standIn.cancelRefund(second!.refund_ref_id!);

    // (Decisions of the tests before are closed by the same run.)
    const report = await job();
    expect(report).toMatchObject({ cancelled: 1, errors: 0 });
    expect(report.refunded).toBeGreaterThanOrEqual(1);
    expect((await decisionsOf(paymentId)).map((d) => d.status).sort()).toEqual([
      'cancelled',
      'refunded',
    ]);
    expect((await payment(paymentId)).refundedPoisha).toBe(100_00);
    expect((await payment(paymentId)).refundedPoisha).toBe(gatewayRefunded(bankTranId));
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 900_00, donationCount: 1 });
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(rows.map((r) => [r.kind, r.amountPoisha]).sort()).toEqual([
      ['refund', 100_00],
      ['refund', 300_00],
      ['reinstated', 300_00],
    ]);
    // Asked again later, nothing changes.
    expect(await job(10)).toMatchObject({ refunded: 0, cancelled: 0 });
    expect((await checkLedger(ctx.db)).problems).toEqual([]);
  });

  it('a refused refund holds nothing back and may be asked again with the same key', async () => {
    const { fund, paymentId, bankTranId } = await paidDonation(600);
    const key = crypto.randomUUID();
    standIn.refundRefusal = 'Insufficient merchant balance';
    const refused = await refund(paymentId, 600_00, key);
    standIn.refundRefusal = null;
    expect(refused.statusCode).toBe(409);
    expect(await decisionsOf(paymentId)).toMatchObject([{ status: 'refused' }]);
    expect(
      await ctx.db.select().from(pendingRefunds).where(eq(pendingRefunds.paymentId, paymentId)),
    ).toHaveLength(0);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 600_00, donationCount: 1 });
    const ok = await refund(paymentId, 600_00, key);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(gatewayRefunded(bankTranId)).toBe(600_00);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
  });

  it('refuses a refund above what is left, before the gateway is asked', async () => {
    const { paymentId, bankTranId } = await paidDonation(500);
    expect((await refund(paymentId, 300_00, crypto.randomUUID())).statusCode).toBe(200);
    const before = standIn.refunds.length;
    const over = await refund(paymentId, 300_00, crypto.randomUUID());
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('refund_too_large');
    expect(standIn.refunds).toHaveLength(before);
    expect(gatewayRefunded(bankTranId)).toBe(300_00);
  });
});
