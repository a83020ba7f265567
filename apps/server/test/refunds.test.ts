import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pendingRefunds, refunds } from '../src/db/schema';
import { SEARCH_COUNT_CAP } from '../src/lib/lists';
import { checkLedger } from '../src/modules/ledger/check';
import { formatLedgerReport } from '../src/modules/ledger/report';
import { reconcilePendingPayments } from '../src/modules/payments/reconcile-pending';
import { recordRefund, WITHDRAWAL_HELD_FEEDBACK } from '../src/modules/payments/service';
import { as, createSignedInUser, jobsDone, useTestApp, requestWithdrawal } from './helper';
import { createFund } from '../src/seed/factories';
import { createRaisedFund, donate, fundTotals, paymentRows } from './payments-helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx, admin, donor } = useTestApp({
  admin: { role: 'admin' },
  donor: { name: 'Rahima Donor' },
});

async function donation(amountTk: number) {
  const fund = await createRaisedFund(ctx);
  const { intent, confirmed } = await donate(ctx, donor, fund.id, amountTk);
  expect(confirmed.statusCode).toBe(200);
  return { fund, paymentId: intent.paymentId };
}

const refund = (paymentId: string, amountPoisha: number, requestKey: string = randomUUID()) =>
  as(admin).call(api.payments.refund, {
    params: { paymentId },
    body: {
      amountPoisha,
      reason: 'Donated twice by mistake',
      requestKey,
    },
  });

/** A verified raiser's approved fund, and the donor's payment of `amountTk` to it. */
async function raiserGivenTo(amountTk: number, name?: string) {
  const raiser = await createSignedInUser(ctx, { role: 'verified', name });
  const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
  const { intent } = await donate(ctx, donor, fund.id, amountTk);
  return { raiser, fund, paymentId: intent.paymentId };
}

describe('admin refunds', () => {
  it('refunds half, then the rest: totals, counts, history and the ledger follow', async () => {
    const { fund, paymentId } = await donation(1000);
    const half = await refund(paymentId, 500_00);
    expect(half.statusCode).toBe(200);
    expect(half.json()).toMatchObject({
      status: 'succeeded',
      refundedPoisha: 500_00,
      refundablePoisha: 500_00,
    });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 500_00, donationCount: 1 });

    const rest = await refund(paymentId, 500_00);
    expect(rest.json()).toMatchObject({
      status: 'refunded',
      refundedPoisha: 1000_00,
      refundablePoisha: 0,
    });
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
    const recorded = await ctx.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(recorded.map((r) => [r.kind, r.amountPoisha])).toEqual([
      ['refund', 500_00],
      ['refund', 500_00],
    ]);

    const history = await as(donor).call(api.payments.mine);
    const mine = history.json().items.find((p) => p.id === paymentId);
    expect(mine).toBeTruthy();
    expect(mine!.status).toBe('refunded');

    const report = await checkLedger(ctx.db);
    expect(report.ok).toBe(true);
  });

  it('refuses more than what is left of the payment', async () => {
    const { fund, paymentId } = await donation(300);
    const res = await refund(paymentId, 300_01);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('more than what is left of this payment');
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 300_00, donationCount: 1 });
  });

  it('refuses a refund the fund no longer holds after a withdrawal request, with the reason', async () => {
    const { raiser, fund, paymentId } = await raiserGivenTo(1000);
    const asked = await requestWithdrawal(raiser, fund.id, 800);
    expect(asked.statusCode).toBe(201);
    const res = await refund(paymentId, 500_00);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'The fund no longer holds enough: money has been withdrawn or requested for withdrawal, and only 200 Tk remains to refund.',
    );
    const ok = await refund(paymentId, 200_00);
    expect(ok.statusCode).toBe(200);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('a refund the provider reports after a withdrawal request denies the request it no longer fits, and tells the raiser', async () => {
    const { raiser, fund, paymentId } = await raiserGivenTo(1000, 'Karim Raiser');
    const small = await requestWithdrawal(raiser, fund.id, 200);
    const large = await requestWithdrawal(raiser, fund.id, 700);
    expect([small.statusCode, large.statusCode]).toEqual([201, 201]);

    // A refund done at the provider (a webhook, a dispute): the money has left.
    await recordRefund(
      { db: ctx.db, mailQueue: ctx.app.mailQueue },
      paymentId,
      { refundedPoisha: 600_00, disputedPoisha: 0 },
      'evt_refund_at_provider',
    );
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 400_00, donationCount: 1 });
    const mine = (await as(raiser).call(api.withdrawals.mine)).json().items as Array<{
      id: string;
      status: string;
      feedback: string | null;
    }>;
    // The newest request that no longer fits is denied; the older one still fits.
    expect(mine.find((w) => w.id === large.json().id)).toMatchObject({
      status: 'denied',
      feedback: WITHDRAWAL_HELD_FEEDBACK,
    });
    expect(mine.find((w) => w.id === small.json().id)).toMatchObject({ status: 'pending' });
    expect((await checkLedger(ctx.db)).ok).toBe(true);
    await jobsDone(ctx);
    expect(
      ctx.mails.some((m) => m.to === raiser.email && m.text.includes('Denied without payment')),
    ).toBe(true);
  });

  it("a refund recorded under another source first (the provider's webhook) ends the admin's hold: the money is not counted twice", async () => {
    const { raiser, fund, paymentId } = await raiserGivenTo(1000);
    const asked = await requestWithdrawal(raiser, fund.id, 500);
    expect(asked.statusCode).toBe(201);
    // An admin's refund of 400 Tk is under way (held back while the provider answers), and a
    // second one of 100 Tk too…
    const adminSource = `admin:${admin.id}:${randomUUID()}`;
    const otherSource = `admin:${admin.id}:${randomUUID()}`;
    await ctx.db.insert(pendingRefunds).values([
      {
        source: adminSource,
        paymentId,
        fundId: fund.id,
        amountPoisha: 400_00,
        mode: 'test',
        createdAt: new Date(Date.now() - 2000),
      },
      {
        source: otherSource,
        paymentId,
        fundId: fund.id,
        amountPoisha: 100_00,
        mode: 'test',
        createdAt: new Date(Date.now() - 1000),
      },
    ]);
    // …when the provider's webhook records the first one under its event id.
    await recordRefund(
      { db: ctx.db, mailQueue: ctx.app.mailQueue },
      paymentId,
      { refundedPoisha: 400_00, disputedPoisha: 0 },
      'evt_refund_before_admin',
    );
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 600_00, donationCount: 1 });
    const mine = (await as(raiser).call(api.withdrawals.mine)).json().items as Array<{
      id: string;
      status: string;
    }>;
    expect(mine.find((w) => w.id === asked.json().id)).toMatchObject({ status: 'pending' });
    const held = await ctx.db
      .select({ source: pendingRefunds.source, amount: pendingRefunds.amountPoisha })
      .from(pendingRefunds)
      .where(eq(pendingRefunds.paymentId, paymentId));
    expect(held).toEqual([{ source: otherSource, amount: 100_00 }]);

    // A later total that covers half of the second one shrinks its hold.
    await recordRefund(
      { db: ctx.db },
      paymentId,
      { refundedPoisha: 450_00, disputedPoisha: 0 },
      'evt_part_of_second',
    );
    const shrunk = await ctx.db
      .select({ amount: pendingRefunds.amountPoisha })
      .from(pendingRefunds)
      .where(eq(pendingRefunds.paymentId, paymentId));
    expect(shrunk).toEqual([{ amount: 50_00 }]);
    await ctx.db.delete(pendingRefunds).where(eq(pendingRefunds.paymentId, paymentId));
    await jobsDone(ctx);
    expect(ctx.mails.some((m) => m.to === raiser.email && m.text.includes('Denied'))).toBe(false);
  });

  it('an orphaned refund hold is reported by the ledger check, and the reconciliation records what the provider refunded and ends it', async () => {
    const refundedAtProvider = await donation(1000);
    const neverSent = await donation(500);
    const [paid] = await paymentRows(ctx, refundedAtProvider.fund.id);
    // The process died while the provider answered: the provider refunded 300 Tk of the first
    // payment and never heard of the second refund; both holds stay behind.
    await ctx.app.payments.refund({
      intentId: paid!.providerPaymentId,
      amountPoisha: 300_00,
      idempotencyKey: `orphan-${paid!.id}`,
      metadata: { paymentId: paid!.id },
    });
    const longAgo = new Date(Date.now() - 20 * 60_000);
    const holds = [
      { ...refundedAtProvider, amountPoisha: 300_00, source: `admin:${admin.id}:${randomUUID()}` },
      { ...neverSent, amountPoisha: 200_00, source: `admin:${admin.id}:${randomUUID()}` },
    ];
    await ctx.db.insert(pendingRefunds).values(
      holds.map((h) => ({
        source: h.source,
        paymentId: h.paymentId,
        fundId: h.fund.id,
        amountPoisha: h.amountPoisha,
        mode: 'test',
        createdAt: longAgo,
      })),
    );

    const report = await checkLedger(ctx.db);
    expect(report.ok).toBe(false);
    expect(report.staleRefundHolds).toEqual(
      holds.map((h) =>
        expect.objectContaining({
          paymentId: h.paymentId,
          fundId: h.fund.id,
          amountPoisha: h.amountPoisha,
          ageMinutes: 20,
        }),
      ),
    );
    expect(formatLedgerReport(report, 'test')).toContain(
      `payment ${neverSent.paymentId} (fund ${neverSent.fund.id}): 200 Tk held for 20 minutes`,
    );

    const reconciled = await reconcilePendingPayments(
      { db: ctx.db, provider: ctx.app.payments, log: { warn() {}, error() {} } },
      { olderThanMs: 60 * 60_000, abandonAfterMs: 3_600_000 },
    );
    expect(reconciled).toMatchObject({ refundHoldsSettled: 2, errors: 0 });
    expect(await fundTotals(ctx, refundedAtProvider.fund.id)).toEqual({
      raisedPoisha: 700_00,
      donationCount: 1,
    });
    expect(await fundTotals(ctx, neverSent.fund.id)).toEqual({
      raisedPoisha: 500_00,
      donationCount: 1,
    });
    const after = await checkLedger(ctx.db);
    expect(after.staleRefundHolds).toEqual([]);
    expect(after.ok).toBe(true);
  });

  it('is idempotent: the same request twice refunds once', async () => {
    const { fund, paymentId } = await donation(400);
    const key = randomUUID();
    const first = await refund(paymentId, 100_00, key);
    const again = await refund(paymentId, 100_00, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ refundedPoisha: 100_00 });
    const [row] = await paymentRows(ctx, fund.id);
    expect(row!.refundedPoisha).toBe(100_00);
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 300_00, donationCount: 1 });
  });

  it('parses the amount strictly and refuses a payment that did not succeed', async () => {
    const { paymentId } = await donation(100);
    for (const amountPoisha of [0, -5, 1.5, '100']) {
      const res = await as(admin).send(api.payments.refund, {
        params: { paymentId },
        body: {
          amountPoisha,
          reason: 'x',
          requestKey: randomUUID(),
        },
      });
      expect(res.statusCode).toBe(400);
    }
    const missing = await refund(randomUUID(), 100);
    expect(missing.statusCode).toBe(404);
  });

  it('Manage Payments pages every payment newest first, by number or read on from the page before', async () => {
    for (const tk of [300, 400, 500]) await donation(tk);
    const list = async (query: { page: number; after?: string; q?: string }) => {
      const res = await as(admin).call(api.payments.search, { query: { pageSize: 2, ...query } });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const first = await list({ page: 1 });
    const second = await list({ page: 2 });
    expect(first.items).toHaveLength(2);
    expect(second.items.length).toBeGreaterThan(0);
    const all = [...first.items, ...second.items];
    const newestFirst = [...all].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
    );
    expect(all.map((p) => p.id)).toEqual(newestFirst.map((p) => p.id));
    // The same page read on from page 1's last payment: its rows, its number, the same total.
    const after = await list({ page: 2, after: first.items.at(-1)!.id });
    expect(after).toEqual(second);
    // After a payment that no page holds: nothing before it, so an empty page.
    expect((await list({ page: 2, after: randomUUID() })).items).toEqual([]);
    // A search pages by number: `after` does not narrow it.
    const found = await list({ page: 1, q: donor.email, after: first.items[0]!.id });
    expect(found.items.map((p) => p.id)).toEqual(first.items.map((p) => p.id));
    const bad = await as(admin).call(api.payments.search, { query: { after: 'not-an-id' } });
    expect(bad.statusCode).toBe(400);
  });

  it("Manage Payments' search totals its matches whether its page is full, partial or past the end", async () => {
    const name = `Searched ${randomUUID().slice(0, 8)}`;
    const mine = await createSignedInUser(ctx, { name });
    const fund = await createRaisedFund(ctx);
    for (const tk of [100, 200, 300]) await donate(ctx, mine, fund.id, tk);
    const search = async (page: number, pageSize: number) =>
      (await as(admin).call(api.payments.search, { query: { q: name, page, pageSize } })).json();
    for (const [page, pageSize, items] of [
      [1, 2, 2], // full: counted
      [2, 2, 1], // partial, after full pages
      [1, 5, 3], // partial first page
      [3, 2, 0], // past the end: counted
      [1, 3, 3], // full, and every match
    ] as const) {
      const found = await search(page, pageSize);
      expect(found.items).toHaveLength(items);
      expect(found.total).toBe(3);
    }
  });

  it("Manage Payments' search counts a name many donors share up to SEARCH_COUNT_CAP", async () => {
    const name = `Shared ${randomUUID().slice(0, 8)}`;
    const mine = await createSignedInUser(ctx, { name });
    const fund = await createRaisedFund(ctx);
    // One more declined card payment than the cap, by SQL (no ledger rows: none succeeded).
    await ctx.database.executeSql(
      `insert into payments (user_id, fund_id, provider, provider_payment_id, amount_poisha,
                             status, method, mode, created_at, updated_at)
       select $1, $2, 'test', 'shared_' || $3 || '_' || i, 10000, 'failed', 'card',
              (select mode from ledger_settings), now() - i * interval '1 second', now()
       from generate_series(1, ${SEARCH_COUNT_CAP + 1}) i`,
      [mine.id, fund.id, randomUUID()],
    );
    const search = async (page: number) =>
      (await as(admin).call(api.payments.search, { query: { q: name, page } })).json();
    const first = await search(1);
    expect(first.total).toBe(SEARCH_COUNT_CAP);
    expect(first.capped).toBe(true);
    expect(first.items).toHaveLength(20);
    // The last page the total names is full and newest first; it reads what it shows.
    const last = await search(SEARCH_COUNT_CAP / 20);
    expect(last.total).toBe(SEARCH_COUNT_CAP);
    expect(last.capped).toBe(true);
    expect(last.items).toHaveLength(20);
    expect(last.items[0]!.createdAt < first.items.at(-1)!.createdAt).toBe(true);
  });

  it("Manage Payments finds the payment and shows its refunds; the donor's histories show them", async () => {
    const { paymentId } = await donation(600);
    expect((await refund(paymentId, 150_00)).statusCode).toBe(200);
    const detail = await as(admin).call(api.payments.detail, { params: { paymentId } });
    expect(detail.statusCode).toBe(200);
    const d = detail.json();
    expect(d).toMatchObject({
      id: paymentId,
      donorName: 'Rahima Donor',
      donorEmail: donor.email,
      status: 'succeeded',
      refundedPoisha: 150_00,
      refundablePoisha: 450_00,
      canRefund: true,
      // A card payment: no merchant panel of a hosted checkout to record refunds from.
      panelRefunds: false,
      refunds: [{ kind: 'refund', amountPoisha: 150_00 }],
    });
    expect(d.receiptNumber).toMatch(/^EF-T-\d{4}-\d{6}$/);

    const find = async (q: string) => {
      const res = await as(admin).call(api.payments.search, { query: { q } });
      expect(res.statusCode).toBe(200);
      return (res.json().items as { id: string }[]).map((p) => p.id);
    };
    expect(await find(d.receiptNumber!)).toEqual([paymentId]);
    expect(await find(d.receiptNumber!.toLowerCase())).toEqual([paymentId]);
    expect(await find(paymentId)).toEqual([paymentId]);
    expect(await find(d.transactionId)).toEqual([paymentId]);
    expect(await find(donor.email)).toContain(paymentId);
    // Part of the donor's name, in any case.
    expect(await find('hima DONOR')).toContain(paymentId);
    // `%` and `_` are searched for as themselves.
    expect(await find('%')).toEqual([]);
    const tooLong = await as(admin).call(api.payments.search, { query: { q: 'x'.repeat(201) } });
    expect(tooLong.statusCode).toBe(400);
    expect(
      (await as(admin).call(api.payments.detail, { params: { paymentId: randomUUID() } }))
        .statusCode,
    ).toBe(404);

    const payments = await as(donor).call(api.payments.mine);
    expect(payments.json().items.find((p) => p.id === paymentId)).toMatchObject({
      status: 'succeeded',
      refundedPoisha: 150_00,
    });
    const donations = await as(donor).call(api.donations.mine);
    expect(donations.json().items.find((p) => p.id === paymentId)).toMatchObject({
      amountPoisha: 600_00,
      refundedPoisha: 150_00,
    });
  });

  it("the accountant's export lists a refund made from the payment's detail, against its payment", async () => {
    const { paymentId } = await donation(2000);
    expect((await refund(paymentId, 1000_00)).statusCode).toBe(200);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
    const csv = await as(admin).call(api.downloads.refunds, { query: { from: day, to: day } });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n').filter((l) => l.includes(paymentId));
    expect(lines, 'one line for the refund').toHaveLength(1);
    expect(lines[0]).toContain('1000.00');
    expect(lines[0]).toContain('Rahima Donor');
  });

  it('is for admins only', async () => {
    const { paymentId } = await donation(100);
    const res = await as(donor).call(api.payments.refund, {
      params: { paymentId },
      body: {
        amountPoisha: 100,
        reason: 'x',
        requestKey: randomUUID(),
      },
    });
    expect(res.statusCode).toBe(403);
  });
});
