import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { funds, ledgerSettings, user, withdrawals } from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/check';
import { createDonation, createFund, createPayoutAccount } from '../src/seed/factories';
import {
  as,
  createSignedInUser,
  type SignedInUser,
  shownVersion,
  payoutAccountOf,
  decide as decideAtShownVersion,
} from './helper';
import { usePayoutDesk } from './support/payout-desk';
import { pastTheGuards } from './payments-helper';
import { openRaceDatabases, overlap, type RaceDatabases, withdrawalsOf } from './support/races';
import { resources as api } from '@easyfund/shared/api/resources';

/**
 * A withdrawal's whole life (requested → approved → paid | failed; paid → reversed), the
 * guards on each step in the service and in the database, and the fund page's public
 * trail of payouts. Each guard has a test that turns red when the guard is removed.
 */
const { ctx, admin, otherAdmin, donor } = usePayoutDesk();

async function raiserWithFund(raisedTk = 1500) {
  const raiser = await createSignedInUser(ctx, { role: 'verified', name: 'Karim Hossain' });
  const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
  await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: raisedTk });
  return { raiser, fund };
}

const request = async (
  raiser: SignedInUser,
  fundId: string,
  amountTk: number,
  payoutAccountId?: string,
) => {
  const res = await as(raiser).call(api.withdrawals.request, {
    body: {
      payoutAccountId: payoutAccountId ?? (await payoutAccountOf(raiser)),
      fundId,
      amountTk,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
};

const version = (id: string) => shownVersion(admin, api.withdrawals.list, id);

const decide = async (id: string, status: 'approved' | 'denied', by = admin) =>
  decideAtShownVersion(by, 'withdrawal', id, {
    status,
    feedback: status === 'denied' ? 'The account details do not match' : null,
  });

const payout = async (id: string, body: object, by = admin) =>
  as(by).send(api.withdrawals.payout, {
    params: { id },
    body: {
      version: await shownVersion(by, api.withdrawals.list, id),
      ...body,
    },
  });

const paid = (amountTk: number, more: object = {}) => ({
  status: 'paid' as const,
  method: 'bkash' as const,
  amountTk,
  reference: 'BKA7X9QZ21',
  paidOn: '2026-11-20',
  ...more,
});

const own = async (raiser: SignedInUser, fundId: string) =>
  (await as(raiser).call(api.funds.getMine, { params: { id: fundId } })).json() as Record<
    string,
    number
  >;

const rowOf = async (id: string) =>
  (await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

async function approved(raisedTk: number, amountTk: number) {
  const { raiser, fund } = await raiserWithFund(raisedTk);
  const w = await request(raiser, fund.id, amountTk);
  expect((await decide(w.id, 'approved')).statusCode).toBe(200);
  return { raiser, fund, w };
}

describe('paying out an approved withdrawal', () => {
  it('records paid with method, amount, reference and day; the balances show it held, then paid out', async () => {
    const { raiser, fund, w } = await approved(1500, 600);
    expect(await own(raiser, fund.id)).toMatchObject({
      heldForPayoutPoisha: 60_000,
      paidOutPoisha: 0,
      availablePoisha: 90_000,
    });
    const res = await payout(w.id, paid(600));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'paid',
      mode: 'test',
      payout: { method: 'bkash', reference: 'BKA7X9QZ21', paidOn: '2026-11-20', proofImage: null },
      outcomeBy: { id: admin.id },
    });
    expect(await own(raiser, fund.id)).toMatchObject({
      heldForPayoutPoisha: 0,
      paidOutPoisha: 60_000,
      withdrawnPoisha: 60_000,
      availablePoisha: 90_000,
    });
    const mine = (await as(raiser).call(api.withdrawals.mine)).json().items;
    expect(mine[0]).toMatchObject({
      id: w.id,
      status: 'paid',
      payout: { reference: 'BKA7X9QZ21' },
    });
    // Into the fund's audit trail, with who recorded it.
    const events = (await as(admin).call(api.funds.events, { params: { id: fund.id } })).json();
    expect(events.items.map((e) => e.action)).toEqual(
      expect.arrayContaining(['withdrawal_approved', 'withdrawal_paid']),
    );
    const report = await checkLedger(ctx.db);
    expect(report.problems.filter((p) => p.fundId === fund.id)).toEqual([]);
  });

  it('refuses an amount other than the approved one, parsed strictly, and changes nothing', async () => {
    const { w } = await approved(1500, 600);
    for (const amountTk of [599, 601, '600.5', '6e2', '0x258', ' 600']) {
      const res = await payout(w.id, paid(0, { amountTk }));
      expect(res.statusCode, String(amountTk)).toBe(400);
      expect(res.json().error.fields.amountTk, String(amountTk)).toMatch(
        /^(The amount paid must be the approved 600 Tk|Enter a whole amount in Tk)$/,
      );
    }
    expect((await rowOf(w.id)).status).toBe('approved');
  });

  it('validates the method, reference and day with field messages', async () => {
    const { w } = await approved(1500, 100);
    const cases: Array<[object, string, string]> = [
      [{ method: 'cash' }, 'method', 'Choose bKash, Nagad or bank transfer'],
      [{ reference: '' }, 'reference', 'This field is required'],
      [{ reference: '<script>' }, 'reference', 'Use letters, digits, spaces and / . _ - only'],
      [{ paidOn: '2026-02-30' }, 'paidOn', 'Enter the day the money was sent'],
      [{ paidOn: '2999-01-01' }, 'paidOn', 'Enter the day the money was sent'],
      [{ proofImage: 'javascript:alert(1)' }, 'proofImage', 'Upload an image'],
    ];
    for (const [change, field, message] of cases) {
      const res = await payout(w.id, paid(100, change));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields[field], field).toContain(message);
    }
    expect((await rowOf(w.id)).status).toBe('approved');
  });

  it('pays only an approved withdrawal: pending, denied and paid ones are refused (409)', async () => {
    const { raiser, fund } = await raiserWithFund(1500);
    const pending = await request(raiser, fund.id, 100);
    const res = await payout(pending.id, paid(100));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'wrong_status',
      message: 'Only an approved withdrawal can be marked paid or failed',
    });
    expect((await decide(pending.id, 'denied')).statusCode).toBe(200);
    expect((await payout(pending.id, paid(100))).statusCode).toBe(409);
    const { w } = await approved(1500, 200);
    expect((await payout(w.id, paid(200))).statusCode).toBe(200);
    const again = await payout(w.id, paid(200, { reference: 'OTHER1' }));
    expect(again.statusCode).toBe(409);
    const failed = await payout(w.id, { status: 'failed', reason: 'Wrong number' });
    expect(failed.statusCode).toBe(409);
    expect((await rowOf(w.id)).payoutReference).toBe('BKA7X9QZ21');
  });

  it('a failed payout returns the money to the balance, with its reason', async () => {
    const { raiser, fund, w } = await approved(1500, 1500);
    expect((await own(raiser, fund.id)).availablePoisha).toBe(0);
    const empty = await payout(w.id, { status: 'failed', reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.reason).toBe('Say why the payout failed');
    const res = await payout(w.id, { status: 'failed', reason: 'The wallet number is closed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'failed',
      outcomeReason: 'The wallet number is closed',
    });
    expect(await own(raiser, fund.id)).toMatchObject({
      availablePoisha: 150_000,
      heldForPayoutPoisha: 0,
      paidOutPoisha: 0,
    });
  });

  it('a paid withdrawal is final: only a reversal with a reason changes it, and returns the money', async () => {
    const { raiser, fund, w } = await approved(1000, 1000);
    expect((await payout(w.id, paid(1000))).statusCode).toBe(200);
    expect(
      (await payout(w.id, { status: 'reversed', reason: '' })).json().error.fields.reason,
    ).toBe('Say why the payout is reversed');
    const res = await payout(w.id, {
      status: 'reversed',
      reason: 'bKash returned the transfer: the wallet was closed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'reversed',
      payout: { reference: 'BKA7X9QZ21' },
      outcomeReason: 'bKash returned the transfer: the wallet was closed',
    });
    expect((await own(raiser, fund.id)).availablePoisha).toBe(100_000);
    expect((await payout(w.id, { status: 'reversed', reason: 'again' })).statusCode).toBe(409);
  });

  it("refuses a stale version (409), the admin's own withdrawal (403), raisers (403) and visitors (401)", async () => {
    const { raiser, w } = await approved(1500, 100);
    const stale = await as(admin).call(api.withdrawals.payout, {
      params: { id: w.id },
      body: {
        ...paid(100),
        version: (await version(w.id)) - 1,
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('changed_since_viewed');
    expect(
      (
        await as(raiser).call(api.withdrawals.payout, {
          params: { id: w.id },
          body: {
            ...paid(100),
            version: 2,
          },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as(ctx).call(api.withdrawals.payout, {
          params: { id: w.id },
          body: {
            ...paid(100),
            version: 2,
          },
        })
      ).statusCode,
    ).toBe(401);
    // An admin who raises a fund waits for another admin to pay them.
    const fund = await createFund(ctx.db, { raiserId: admin.id, status: 'approved' });
    await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: 500 });
    const mineAsAdmin = await as(admin).call(api.withdrawals.request, {
      body: {
        payoutAccountId: await payoutAccountOf(admin),
        fundId: fund.id,
        amountTk: 500,
      },
    });
    expect(mineAsAdmin.statusCode).toBe(201);
    const wid = mineAsAdmin.json().id as string;
    expect((await decide(wid, 'approved', otherAdmin)).statusCode).toBe(200);
    const ownPay = await payout(wid, paid(500));
    expect(ownPay.statusCode).toBe(403);
    expect(ownPay.json().error.code).toBe('own_request');
    expect((await payout(wid, paid(500), otherAdmin)).statusCode).toBe(200);
    expect((await rowOf(w.id)).status).toBe('approved');
  });
});

describe('guards on the balance and the mode', () => {
  it('approval re-checks the balance: money taken from the fund since the request is refused (409)', async () => {
    const { raiser, fund } = await raiserWithFund(1000);
    const w = await request(raiser, fund.id, 800);
    // A chargeback took 300 Tk after the request was made (written past the database's
    // guards, which refuse a total its payments do not show).
    await pastTheGuards(ctx.db, async (tx) => {
      await tx.update(funds).set({ raisedPoisha: 70_000 }).where(eq(funds.id, fund.id));
    });
    const res = await decide(w.id, 'approved');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'above_balance',
      message: 'The amount is more than the available balance of 700 Tk',
    });
    expect((await rowOf(w.id)).status).toBe('pending');
    // Denying it is always possible.
    expect((await decide(w.id, 'denied')).statusCode).toBe(200);
  });

  it('paying re-checks the balance: money taken from the fund since the approval is not paid out (409)', async () => {
    const { fund, w } = await approved(1000, 800);
    await pastTheGuards(ctx.db, async (tx) => {
      await tx.update(funds).set({ raisedPoisha: 70_000 }).where(eq(funds.id, fund.id));
    });
    const res = await payout(w.id, paid(800));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'above_balance',
      message: 'The amount is more than the available balance of 700 Tk',
    });
    expect((await rowOf(w.id)).status).toBe('approved');
    // Past the service, the database refuses it too.
    await expect(
      ctx.db
        .update(withdrawals)
        .set({ status: 'paid', payoutMethod: 'bkash', payoutReference: 'X1', paidOn: '2026-11-20' })
        .where(eq(withdrawals.id, w.id)),
    ).rejects.toThrow();
    // The admin marks it failed: the money stays with the fund.
    expect((await payout(w.id, { status: 'failed', reason: 'Chargeback' })).statusCode).toBe(200);
  });

  it('the database refuses withdrawals above the balance from any code path', async () => {
    const { raiser, fund } = await raiserWithFund(1000);
    await request(raiser, fund.id, 600);
    const insert = (status: string, amountPoisha: number) =>
      ctx.db
        .insert(withdrawals)
        .values({ fundId: fund.id, raiserId: raiser.id, amountPoisha, status });
    for (const status of ['pending', 'approved', 'paid'])
      await expect(insert(status, 40_001), status).rejects.toThrow();
    // A denied or failed one holds nothing back.
    await insert('denied', 90_000);
    await insert('failed', 90_000);
    await insert('pending', 40_000);
    expect((await own(raiser, fund.id)).availablePoisha).toBe(0);
    // Raising an amount in place is refused too.
    const [first] = await ctx.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.amountPoisha, 60_000));
    await expect(
      ctx.db.update(withdrawals).set({ amountPoisha: 60_001 }).where(eq(withdrawals.id, first!.id)),
    ).rejects.toThrow();
  });

  it('the database keeps a paid withdrawal final and each step in order', async () => {
    const { w } = await approved(1000, 300);
    await expect(
      ctx.db.update(withdrawals).set({ status: 'pending' }).where(eq(withdrawals.id, w.id)),
    ).rejects.toThrow();
    expect((await payout(w.id, paid(300))).statusCode).toBe(200);
    for (const change of [
      { payoutReference: 'CHANGED' },
      { paidOn: '2026-11-21' },
      { status: 'failed' },
      { status: 'approved' },
      { amountPoisha: 100 },
    ])
      await expect(
        ctx.db.update(withdrawals).set(change).where(eq(withdrawals.id, w.id)),
        JSON.stringify(change),
      ).rejects.toThrow();
    const row = await rowOf(w.id);
    expect(row).toMatchObject({
      status: 'paid',
      payoutReference: 'BKA7X9QZ21',
      amountPoisha: 30_000,
    });
  });

  it('on a live site, test money is never approved or paid, by the service or in the database', async () => {
    const { raiser, fund } = await raiserWithFund(1000);
    const pending = await request(raiser, fund.id, 100);
    const approvedTest = await request(raiser, fund.id, 200);
    expect((await decide(approvedTest.id, 'approved')).statusCode).toBe(200);
    const listed = (await as(raiser).call(api.withdrawals.mine)).json().items;
    expect(listed.map((i) => i.mode)).toEqual(['test', 'test']);
    const v1 = await version(pending.id);
    const v2 = await version(approvedTest.id);
    await ctx.db.update(ledgerSettings).set({ mode: 'live' });
    try {
      const approve = await as(admin).call(api.withdrawals.decide, {
        params: { id: pending.id },
        body: { status: 'approved', version: v1 },
      });
      expect(approve.statusCode).toBe(404);
      const pay = await as(admin).call(api.withdrawals.payout, {
        params: { id: approvedTest.id },
        body: {
          ...paid(200),
          version: v2,
        },
      });
      expect(pay.statusCode).toBe(404);
      await expect(
        ctx.db
          .update(withdrawals)
          .set({ status: 'approved' })
          .where(eq(withdrawals.id, pending.id)),
      ).rejects.toThrow();
      await expect(
        ctx.db
          .update(withdrawals)
          .set({
            status: 'paid',
            payoutMethod: 'bkash',
            payoutReference: 'X1',
            paidOn: '2026-11-20',
          })
          .where(eq(withdrawals.id, approvedTest.id)),
      ).rejects.toThrow();
    } finally {
      await ctx.db.update(ledgerSettings).set({ mode: 'test' });
    }
    expect((await rowOf(pending.id)).status).toBe('pending');
    expect((await rowOf(approvedTest.id)).status).toBe('approved');
  });
});

describe('where the money went, on the fund page', () => {
  it('shows everybody what was raised, each payout with its day and method, and what remains', async () => {
    const { raiser, fund } = await raiserWithFund(2000);
    const a = await request(raiser, fund.id, 500);
    const bank = await createPayoutAccount(ctx.db, { userId: raiser.id, kind: 'bank' });
    const b = await request(raiser, fund.id, 300, bank.id);
    const c = await request(raiser, fund.id, 200);
    for (const w of [a, b, c]) expect((await decide(w.id, 'approved')).statusCode).toBe(200);
    expect((await payout(a.id, paid(500, { paidOn: '2026-11-01' }))).statusCode).toBe(200);
    expect(
      (await payout(b.id, paid(300, { paidOn: '2026-11-10', method: 'bank', reference: 'TRX-77' })))
        .statusCode,
    ).toBe(200);
    const res = await as(ctx).call(api.withdrawals.fundPayouts, { params: { id: fund.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      raisedPoisha: 200_000,
      paidOutPoisha: 80_000,
      remainingPoisha: 120_000,
      items: [
        { id: b.id, amountPoisha: 30_000, method: 'bank', paidOn: '2026-11-10', report: null },
        { id: a.id, amountPoisha: 50_000, method: 'bkash', paidOn: '2026-11-01', report: null },
      ],
    });
    // Nothing of the transfer's reference reaches the public.
    expect(res.body).not.toContain('TRX-77');
  });

  it("a pending fund's payouts are a 404 to the public, readable by its raiser and admins", async () => {
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    expect(
      (await as(ctx).call(api.withdrawals.fundPayouts, { params: { id: fund.id } })).statusCode,
    ).toBe(404);
    expect(
      (await as(donor).call(api.withdrawals.fundPayouts, { params: { id: fund.id } })).statusCode,
    ).toBe(404);
    expect(
      (await as(raiser).call(api.withdrawals.fundPayouts, { params: { id: fund.id } })).statusCode,
    ).toBe(200);
    expect(
      (await as(admin).call(api.withdrawals.fundPayouts, { params: { id: fund.id } })).statusCode,
    ).toBe(200);
  });
});

/**
 * On real PostgreSQL, each side on a connection of its own, both held at a table lock
 * until they wait together: the database's own check locks the fund row, so two
 * withdrawals written past the service (each fitting alone) never both commit.
 */
const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('races on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let race: RaceDatabases;

  beforeAll(async () => {
    race = await openRaceDatabases();
    await race.main.db
      .insert(user)
      .values({ id: 'raiser', name: 'Raiser', email: 'r@example.com' });
  });
  afterAll(() => race?.close());

  it('lets only one of two withdrawals written past the service take the same balance', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const fund = await createFund(race.main.db, { raiserId: 'raiser', status: 'approved' });
      await createDonation(race.main.db, { userId: 'raiser', fundId: fund.id, amountTk: 1000 });
      const write = (db: Database) => () =>
        db.db.insert(withdrawals).values({
          fundId: fund.id,
          raiserId: 'raiser',
          amountPoisha: 70_000,
          status: 'approved',
        });
      const results = await overlap(race, 'withdrawals', [write(race.a), write(race.b)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const rows = await withdrawalsOf(race, fund.id);
      expect(rows).toHaveLength(1);
    }
  });
});
