import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@easyfund/shared/texts';
import { withdrawals } from '../src/db/schema';
import { createDonation, createFund } from '../src/seed/factories';
import {
  as,
  createSignedInUser,
  type SignedInUser,
  payoutAccountOf,
  useTestApp,
  type TestContext,
  decide,
  requestWithdrawal,
} from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx, admin, donor } = useTestApp({ admin: { role: 'admin' }, donor: {} });

/** A verified raiser with an approved fund that raised `raisedTk`. */
async function raiserWithFund(raisedTk = 1500) {
  const raiser = await createSignedInUser(ctx, { role: 'verified', name: 'Karim Hossain' });
  const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
  if (raisedTk > 0)
    await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: raisedTk });
  return { raiser, fund };
}

const available = async (raiser: SignedInUser, fundId: string) =>
  (await as(raiser).call(api.funds.getMine, { params: { id: fundId } })).json()
    .availablePoisha as number;

const rowsOf = (fundId: string) =>
  ctx.db.select().from(withdrawals).where(eq(withdrawals.fundId, fundId));

describe('withdraw request', () => {
  it('refuses an amount above the available balance with a clear message and stores nothing', async () => {
    const { raiser, fund } = await raiserWithFund(1500);
    const res = await requestWithdrawal(raiser, fund.id, 1501);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: 'The amount is more than the available balance of 1,500 Tk',
      fields: { amountTk: 'The amount is more than the available balance of 1,500 Tk' },
    });
    expect(await rowsOf(fund.id)).toHaveLength(0);
  });

  it('says the balance in Bangla, in Bangla digits, to a Bangla page', async () => {
    const { raiser, fund } = await raiserWithFund(150_000);
    const res = await as(raiser).call(api.withdrawals.request, {
      body: { payoutAccountId: await payoutAccountOf(raiser), fundId: fund.id, amountTk: 150_001 },
      headers: { 'accept-language': 'bn' },
    });
    expect(res.statusCode).toBe(400);
    const { message, fields } = res.json().error;
    expect(message).toContain('১,৫০,০০০ টাকা');
    expect(message).not.toMatch(/[0-9A-Za-z]/);
    expect(fields.amountTk).toBe(message);
  });

  it('parses the amount strictly as whole Tk ("0x10" is not 16 Tk, "1000.9" is not 1000 Tk)', async () => {
    const { raiser, fund } = await raiserWithFund(1500);
    for (const amountTk of ['0x10', '1e3', '1000.9', 1000.9, ' 12', '+5', '12 ', '', 'ten']) {
      const res = await as(raiser).call(api.withdrawals.request, {
        body: {
          payoutAccountId: await payoutAccountOf(raiser),
          fundId: fund.id,
          amountTk,
        },
      });
      expect(res.statusCode, String(amountTk)).toBe(400);
      expect(res.json().error.fields.amountTk, String(amountTk)).toBe(
        amountTk === '' ? 'This field is required' : 'Enter a whole amount in Tk',
      );
    }
    expect(await rowsOf(fund.id)).toHaveLength(0);
    const ok = await as(raiser).call(api.withdrawals.request, {
      body: {
        payoutAccountId: await payoutAccountOf(raiser),
        fundId: fund.id,
        amountTk: '1000',
      },
    });
    expect(ok.statusCode).toBe(201);
    expect((await rowsOf(fund.id))[0]?.amountPoisha).toBe(100_000);
  });

  it('accepts an amount within the balance as pending; pending requests hold the money back', async () => {
    const { raiser, fund } = await raiserWithFund(1500);
    const res = await requestWithdrawal(raiser, fund.id, 1000);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      fundId: fund.id,
      fundName: fund.name,
      amountPoisha: 100_000,
      status: 'pending',
      feedback: null,
    });
    expect(await available(raiser, fund.id)).toBe(50_000);
    const second = await requestWithdrawal(raiser, fund.id, 501);
    expect(second.statusCode).toBe(400);
    expect(second.json().error.message).toBe(
      'The amount is more than the available balance of 500 Tk',
    );
    expect((await requestWithdrawal(raiser, fund.id, 500)).statusCode).toBe(201);
    expect(await available(raiser, fund.id)).toBe(0);
  });

  it('lets only one of two simultaneous requests for the whole balance through', async () => {
    const { raiser, fund } = await raiserWithFund(1000);
    const payoutAccountId = await payoutAccountOf(raiser);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        as(raiser).call(api.withdrawals.request, {
          body: {
            payoutAccountId,
            fundId: fund.id,
            amountTk: 1000,
          },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(await rowsOf(fund.id)).toHaveLength(1);
    expect(await available(raiser, fund.id)).toBe(0);
  });

  it('validates the amount: required, whole Tk, at least 1', async () => {
    const { raiser, fund } = await raiserWithFund();
    for (const [amountTk, message] of [
      ['', MSG.fieldRequired],
      [0, 'The amount must be at least 1 Tk'],
      [10.5, 'Enter a whole amount in Tk'],
      ['ten', 'Enter a whole amount in Tk'],
    ] as const) {
      const res = await as(raiser).call(api.withdrawals.request, {
        body: {
          payoutAccountId: await payoutAccountOf(raiser),
          fundId: fund.id,
          amountTk,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.amountTk).toBe(message);
    }
    expect(await rowsOf(fund.id)).toHaveLength(0);
  });

  it("answers 404 for another raiser's fund (admins included), 403 for a user and 401 for a visitor", async () => {
    const { raiser, fund } = await raiserWithFund();
    const other = await createSignedInUser(ctx, { role: 'verified' });
    const plain = await createSignedInUser(ctx);
    const body = { fundId: fund.id, amountTk: 10, payoutAccountId: await payoutAccountOf(raiser) };
    expect((await as(other).call(api.withdrawals.request, { body })).statusCode).toBe(404);
    expect((await as(plain).call(api.withdrawals.request, { body })).statusCode).toBe(403);
    expect((await as(admin).call(api.withdrawals.request, { body })).statusCode).toBe(404);
    expect((await as(ctx).call(api.withdrawals.request, { body })).statusCode).toBe(401);
    expect(await rowsOf(fund.id)).toHaveLength(0);
  });

  it('lists only own requests', async () => {
    const a = await raiserWithFund();
    const b = await raiserWithFund();
    await requestWithdrawal(a.raiser, a.fund.id, 100);
    await requestWithdrawal(b.raiser, b.fund.id, 200);
    const res = await as(a.raiser).call(api.withdrawals.mine);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({ fundId: a.fund.id, amountPoisha: 10_000 });
  });
});

describe('manage withdrawals', () => {
  it('approves once: the money stays withdrawn; a second decision is refused', async () => {
    const { raiser, fund } = await raiserWithFund(1500);
    const w = (await requestWithdrawal(raiser, fund.id, 600)).json();
    const list = await as(admin).call(api.withdrawals.list, {
      query: { status: 'pending', pageSize: '100' },
    });
    expect(list.json().items.find((i) => i.id === w.id)).toMatchObject({
      raiser: { id: raiser.id, name: 'Karim Hossain', email: raiser.email },
      fundRaisedPoisha: 150_000,
      status: 'pending',
    });
    const res = await decide(admin, 'withdrawal', w.id, {
      status: 'approved',
      feedback: 'Sent to your bKash account',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      feedback: 'Sent to your bKash account',
      decidedBy: { id: admin.id },
    });
    const own = (await as(raiser).call(api.funds.getMine, { params: { id: fund.id } })).json();
    expect(own).toMatchObject({
      withdrawnPoisha: 60_000,
      pendingWithdrawalPoisha: 0,
      availablePoisha: 90_000,
    });
    const again = await decide(admin, 'withdrawal', w.id, {
      status: 'denied',
      feedback: 'Paid already',
    });
    expect(again.statusCode).toBe(409);
    const mine = await as(raiser).call(api.withdrawals.mine);
    expect(mine.json().items[0]).toMatchObject({
      status: 'approved',
      feedback: 'Sent to your bKash account',
    });
  });

  it('denying returns the amount to the balance', async () => {
    const { raiser, fund } = await raiserWithFund(1500);
    const w = (await requestWithdrawal(raiser, fund.id, 1500)).json();
    expect(await available(raiser, fund.id)).toBe(0);
    const res = await decide(admin, 'withdrawal', w.id, {
      status: 'denied',
      feedback: 'The receipts do not match the amount',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().feedback).toBe('The receipts do not match the amount');
    expect(await available(raiser, fund.id)).toBe(150_000);
  });

  it('is for admins only, and answers 404 for an unknown request', async () => {
    const { raiser, fund } = await raiserWithFund();
    const w = (await requestWithdrawal(raiser, fund.id, 10)).json();
    expect((await as(raiser).call(api.withdrawals.list)).statusCode).toBe(403);
    const approve = (who: { app: TestContext['app']; cookie?: string }, id: string) =>
      as(who).call(api.withdrawals.decide, {
        params: { id },
        body: { status: 'approved', version: 1 },
      });
    expect((await approve(raiser, w.id)).statusCode).toBe(403);
    expect((await as(ctx).call(api.withdrawals.list)).statusCode).toBe(401);
    expect((await approve(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const [row] = await rowsOf(fund.id);
    expect(row?.status).toBe('pending');
  });
});
