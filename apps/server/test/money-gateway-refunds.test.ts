import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gatewayRefunds, payments, pendingRefunds, refunds } from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/check';
import { refundTransIdFor } from '../src/modules/payments/providers/gateway';
import { SslCommerzGateway } from '../src/modules/payments/providers/sslcommerz';
import { formatProviderLedgerReport } from '../src/modules/ledger/provider-check';
import { checkGatewayLedger } from '../src/modules/payments/gateway-ledger';
import { settleGatewayRefunds } from '../src/modules/payments/gateway-refund-status';
import { reconcilePendingPayments } from '../src/modules/payments/reconcile-pending';
import { useTestApp, useStandIn, urlOf, as } from './helper';
import { createRaisedFund, fundTotals } from './payments-helper';
import { STAND_IN_STORE, SslCommerzStandIn } from './sslcommerz-stand-in';
import { resources as api } from '@easyfund/shared/api/resources';

const silentLog = { warn() {}, error() {} };

/** What the last `job()` logged: a failing count shows why (`errors` is only a number). */
let logged: unknown[] = [];
const keptLog = {
  warn: (fields: unknown, message: string) => void logged.push({ message, fields }),
  error: (fields: unknown, message: string) => void logged.push({ message, fields }),
};
const loggedText = () =>
  JSON.stringify(logged, (_, v: unknown) =>
    v instanceof Error ? { message: v.message, stack: v.stack } : v,
  );

const standIn = useStandIn(new SslCommerzStandIn());
const { ctx, donor, admin } = useTestApp(
  { donor: { name: 'Rahim Donor' }, admin: { role: 'admin' } },
  { env: () => ({ ...standIn.env(), PAYMENT_RECONCILE_INTERVAL_SECONDS: '0' }) },
);

/** A wallet donation the gateway took and we recorded. */
async function paidDonation(amountTk: number) {
  const fund = await createRaisedFund(ctx);
  const res = await as(donor).call(api.payments.checkout, {
    body: { fundId: fund.id, amountTk, method: 'bkash' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { paymentId } = res.json();
  const fields = standIn.pay(paymentId);
  const ipn = await ctx.app.inject({
    method: 'POST',
    url: urlOf(api.payments.sslcommerzIpn),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(ipn.json()).toMatchObject({ outcome: 'succeeded' });
  return { fund, paymentId, bankTranId: fields.bank_tran_id! };
}

const refund = (paymentId: string, amountPoisha: number, requestKey: string) =>
  as(admin).call(api.payments.refund, {
    params: { paymentId },
    body: { amountPoisha, reason: 'Given twice by mistake', requestKey },
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

const job = (minutesLater = 3) => {
  logged = [];
  return settleGatewayRefunds(
    { db: ctx.db, gateway: ctx.app.checkout!, log: keptLog },
    { now: new Date(Date.now() + minutesLater * 60_000) },
  );
};

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
    expect((await refund(paymentId, 400_00, key)).json()).toMatchObject({ refundedPoisha: 400_00 });
    expect(standIn.refunds).toHaveLength(calls);
  });

  it('the refund-status job asks again about a lost answer and records the refund once', async () => {
    const { fund, paymentId, bankTranId } = await paidDonation(800);
    standIn.loseRefundAnswers = 1;
    expect((await refund(paymentId, 800_00, crypto.randomUUID())).statusCode).toBe(503);
    // Not yet: a request may still be waiting for its answer.
    expect((await job(0)).asked).toBe(0);
    const report = await job();
    expect(report, loggedText()).toMatchObject({ asked: 1, errors: 0 });
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
    expect(report, loggedText()).toMatchObject({ cancelled: 1, errors: 0 });
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

  it("a refund made in the merchant panel reaches the ledger by its refund_ref_id, once, and the gateway's ledger check then agrees", async () => {
    const since = new Date(Date.now() - 60_000);
    const { fund, paymentId, bankTranId } = await paidDonation(1000);
    const other = await paidDonation(300);
    // Still at the bank when told (`processing`).
    const ref = standIn.panelRefund(paymentId, '250.00', 'processing');
    const tell = (id: string, refundRefId: string, amountPoisha = 250_00) =>
      as(admin).call(api.payments.panelRefund, {
        params: { paymentId: id },
        body: { refundRefId, amountPoisha, reason: 'Refunded by phone in the panel' },
      });
    // Refused: a reference the gateway does not know, or one of another payment.
    expect((await tell(paymentId, 'REFNOSUCH')).json().error.code).toBe('refund_unknown');
    expect((await tell(other.paymentId, ref)).json().error.code).toBe('refund_other_payment');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 1000_00, donationCount: 1 });
    // Only admins.
    const asDonor = await as(donor).call(api.payments.panelRefund, {
      params: { paymentId },
      body: { refundRefId: ref, amountPoisha: 250_00, reason: 'x' },
    });
    expect(asDonor.statusCode).toBe(403);

    const told = await tell(paymentId, ref);
    expect(told.statusCode, told.body).toBe(200);
    expect(told.json()).toMatchObject({ refundedPoisha: 250_00, refundablePoisha: 750_00 });
    expect((await tell(paymentId, ref)).json()).toMatchObject({ refundedPoisha: 250_00 });
    expect((await payment(paymentId)).refundedPoisha).toBe(gatewayRefunded(bankTranId));
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 750_00, donationCount: 1 });

    const report = await checkGatewayLedger(ctx.db, ctx.app.checkout!, since);
    expect(report.differences.filter((d) => d.paymentId === paymentId)).toEqual([]);
    expect(report.provider_totals).toEqual(report.our_totals);

    // Cancelled at the bank later: the status job gives the money back.
    standIn.cancelRefund(ref);
    await job();
    expect((await payment(paymentId)).refundedPoisha).toBe(0);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 1000_00, donationCount: 1 });
  });

  it('a panel refund nobody entered: no documented answer tells of it, so the check says what it cannot see and lists the refunds to compare; entered, it records once', async () => {
    const since = new Date(Date.now() - 60_000);
    const { fund, paymentId, bankTranId } = await paidDonation(800);
    const ref = standIn.panelRefund(paymentId, '300.00');
    // The stand-in answers as SSLCommerz documents: the Transaction Query API still
    // reports the transaction as paid, at its amount; nothing names the refund.
    const [attempt] = await ctx.app.checkout!.queryByTranId(
      (await payment(paymentId)).gatewayTranId!,
    );
    expect(attempt).toMatchObject({ status: 'VALIDATED', amount: '800.00' });
    // Neither the reconciliation nor the refund-status job can find it.
    const deps = {
      db: ctx.db,
      provider: ctx.app.payments,
      checkout: ctx.app.checkout,
      log: silentLog,
    };
    await reconcilePendingPayments(deps, { olderThanMs: 0, abandonAfterMs: 3_600_000 });
    await job();
    expect((await payment(paymentId)).refundedPoisha).toBe(0);

    const before = await checkGatewayLedger(ctx.db, ctx.app.checkout!, since);
    expect(before.unchecked).toMatch(/refunds made in the SSLCommerz merchant panel/);
    expect(before.knownRefunds!.filter((k) => k.paymentId === paymentId)).toEqual([]);
    const text = formatProviderLedgerReport(before);
    expect(text).toContain('NOT CHECKED: refunds made in the SSLCommerz merchant panel');
    expect(text).toContain('REFUNDS WE KNOW OF:');

    // The admin compares the panel's list with the report and enters the missing one, on
    // the payment's page.
    const detail = await as(admin).call(api.payments.detail, {
      params: { paymentId },
    });
    expect(detail.json()).toMatchObject({ panelRefunds: true, refundablePoisha: 800_00 });
    const told = await as(admin).call(api.payments.panelRefund, {
      params: { paymentId },
      body: { refundRefId: ref, amountPoisha: 300_00, reason: 'Refunded in the panel' },
    });
    expect(told.statusCode, told.body).toBe(200);
    await job();
    expect((await payment(paymentId)).refundedPoisha).toBe(gatewayRefunded(bankTranId));
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 500_00, donationCount: 1 });
    const after = await checkGatewayLedger(ctx.db, ctx.app.checkout!, since);
    expect(after.differences.filter((d) => d.paymentId === paymentId)).toEqual([]);
    expect(after.knownRefunds!.filter((k) => k.paymentId === paymentId)).toEqual([
      {
        paymentId,
        tranId: (await payment(paymentId)).gatewayTranId,
        refundRefId: ref,
        amountPoisha: 300_00,
        ours: 'refunded',
        gateway: 'refunded',
      },
    ]);
    expect(
      await ctx.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)),
    ).toHaveLength(1);
  });

  it("the gateway's ledger check names a refund the ledger lacks and an answer that never came", async () => {
    const since = new Date(Date.now() - 60_000);
    const { paymentId } = await paidDonation(400);
    standIn.loseRefundAnswers = 1;
    expect((await refund(paymentId, 100_00, crypto.randomUUID())).statusCode).toBe(503);
    const report = await checkGatewayLedger(ctx.db, ctx.app.checkout!, since);
    expect(report.ok).toBe(false);
    expect(report.differences.find((d) => d.paymentId === paymentId)?.message).toMatch(
      /answer never came/,
    );
    await job();
    const after = await checkGatewayLedger(ctx.db, ctx.app.checkout!, since);
    expect(after.differences.filter((d) => d.paymentId === paymentId)).toEqual([]);
  });
});
