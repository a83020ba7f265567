import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database } from '../src/db/client';
import { payments, recurringGifts, user } from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/check';
import { smsSegments } from '../src/modules/sms/service';
import { TestPaymentProvider } from '../src/modules/payments/providers/test-provider';
import { dayOf, endOfDay } from '../src/modules/recurring/schedule';
import { runDueGifts } from '../src/modules/recurring/charges';
import { resources as api } from '@easyfund/shared/api/resources';
import { as, createSignedInUser, jobsDone, type SignedInUser, useTestApp } from './helper';
import { createRaisedFund } from './payments-helper';
import { useSmsStandIn } from './sslwireless-stand-in';
import {
  chargesOf,
  expectChargedOnce,
  giftRow,
  recurringDeps,
  withTwoWorkers,
  saveCardAtTestProcessor,
} from './recurring-helper';

const DAY = 24 * 60 * 60_000;

const standIn = useSmsStandIn();
const { ctx, admin } = useTestApp(
  { admin: { role: 'admin' } },
  { env: () => ({ PAYMENT_PROVIDER: 'test', ...standIn.env }) },
);

/** The job's dependencies on `database`, with the embedded processor and SMS reminders. */
const deps = (database: Database['db'] = ctx.db) =>
  recurringDeps(ctx, {
    db: database,
    provider: new TestPaymentProvider(database),
    sms: ctx.app.sms,
  });

const today = () => dayOf(new Date());
const dayAfter = (days: number) => dayOf(new Date(Date.now() + days * DAY));

async function setRamadan(startsOn: string | null, endsOn: string | null) {
  return as(admin).call(api.recurring.setRamadan, { body: { startsOn, endsOn } });
}

/** "Give every day of Ramadan" by card: start, save the card at the processor, activate. */
async function giveDaily(donor: SignedInUser, fundId: string, amountTk: number) {
  const started = await as(donor).call(api.recurring.start, {
    body: {
      fundId,
      amountTk,
      frequency: 'daily',
    },
  });
  expect(started.statusCode, started.body).toBe(201);
  const { gift, setup } = started.json();
  const saved = await saveCardAtTestProcessor(ctx, setup!, donor.email);
  expect(saved.statusCode, saved.body).toBe(200);
  const activated = await as(donor).call(api.recurring.activate, { params: { giftId: gift.id } });
  expect(activated.statusCode, activated.body).toBe(200);
  return gift.id;
}

describe('the Ramadan dates', () => {
  it('are set by an admin, checked, and every change kept with who made it', async () => {
    const bad = [
      [{ startsOn: '2027-02-10', endsOn: '2027-02-01' }, 'endsOn'],
      [{ startsOn: '2027-02-01', endsOn: '2027-03-15' }, 'endsOn'],
      [{ startsOn: '2027-02-01', endsOn: null }, 'endsOn'],
      [{ startsOn: '1 Feb', endsOn: '2027-02-28' }, 'startsOn'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await as(admin).call(api.recurring.setRamadan, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
    }
    const donor = await createSignedInUser(ctx, { role: 'verified' });
    expect(
      (await as(donor).call(api.recurring.setRamadan, { body: { startsOn: null, endsOn: null } }))
        .statusCode,
    ).toBe(403);
    expect((await as(donor).call(api.recurring.ramadanHistory)).statusCode).toBe(403);

    const set = await setRamadan('2027-02-08', '2027-03-09');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ startsOn: '2027-02-08', endsOn: '2027-03-09', open: false });
    expect((await as(ctx).call(api.recurring.ramadan)).json()).toEqual(set.json());
    await setRamadan(null, null);
    const history = await as(admin).call(api.recurring.ramadanHistory);
    expect(history.json().items.slice(0, 2)).toEqual([
      expect.objectContaining({ startsOn: null, endsOn: null, setBy: admin.name }),
      expect.objectContaining({ startsOn: '2027-02-08', endsOn: '2027-03-09', setBy: admin.name }),
    ]);
  });

  it('offers daily giving only within them', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx);
    await setRamadan(dayAfter(10), dayAfter(38));
    expect((await as(ctx).call(api.recurring.ramadan)).json()).toMatchObject({ open: false });
    const before = await as(donor).call(api.recurring.start, {
      body: { fundId: fund.id, amountTk: 100, frequency: 'daily' },
    });
    expect(before.statusCode).toBe(409);
    expect(before.json()).toMatchObject({
      error: { message: 'Daily giving is open only during Ramadan.' },
    });
    await setRamadan(dayAfter(-30), dayAfter(-1));
    const after = await as(donor).call(api.recurring.start, {
      body: {
        fundId: fund.id,
        amountTk: 100,
        method: 'wallet',
        frequency: 'daily',
      },
    });
    expect(after.statusCode).toBe(409);
    const rows = await ctx.db
      .select()
      .from(recurringGifts)
      .where(eq(recurringGifts.userId, donor.id));
    expect(rows).toHaveLength(0);
  });
});

describe('giving every day of Ramadan', () => {
  it('charges a card once a day within the dates, with receipts, and ends after the last day', async () => {
    await setRamadan(dayAfter(-1), dayAfter(1));
    expect((await as(ctx).call(api.recurring.ramadan)).json()).toMatchObject({ open: true });
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx);
    const giftId = await giveDaily(donor, fund.id, 50);
    const first = await giftRow(ctx.db, giftId);
    expect(first.frequency).toBe('daily');
    expect(first.endsAt).toEqual(endOfDay(dayAfter(1)));
    expect(first.nextChargeAt!.getTime()).toBeGreaterThan(Date.now() + DAY - 60_000);

    // Tomorrow (the last day): once, however many runs.
    const tomorrow = new Date(first.nextChargeAt!.getTime() + 1000);
    await Promise.all([runDueGifts(deps(), tomorrow), runDueGifts(deps(), tomorrow)]);
    await runDueGifts(deps(), tomorrow);
    // The day after the last: no charge, the gift has ended.
    const over = new Date(first.nextChargeAt!.getTime() + DAY + 1000);
    await Promise.all([runDueGifts(deps(), over), runDueGifts(deps(), over)]);
    await runDueGifts(deps(), new Date(over.getTime() + 5 * DAY));

    const charges = await chargesOf(ctx.db, giftId);
    expect(charges.map((c) => [c.period, c.status])).toEqual([
      [today(), 'paid'],
      [dayAfter(1), 'paid'],
    ]);
    const paid = await ctx.db.select().from(payments).where(eq(payments.fundId, fund.id));
    expect(paid.map((p) => [p.status, p.amountPoisha])).toEqual([
      ['succeeded', 5000],
      ['succeeded', 5000],
    ]);
    expect(paid.every((p) => p.receiptNumber)).toBe(true);
    const gift = await giftRow(ctx.db, giftId);
    expect([gift.status, gift.statusReason, gift.nextChargeAt]).toEqual([
      'ended',
      'ramadan_over',
      null,
    ]);

    // Shown among the donor's gifts, with its last day.
    const mine = await as(donor).call(api.recurring.mine);
    expect(mine.json().items).toEqual([
      expect.objectContaining({
        id: giftId,
        frequency: 'daily',
        lastDay: dayAfter(1),
        status: 'ended',
      }),
    ]);
    // The fund's recurring income counts it.
    const income = await as(admin).call(api.recurring.fundIncome, { params: { fundId: fund.id } });
    expect(income.json()).toMatchObject({ activeGifts: 0, receivedPoisha: 10_000 });
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('reminds a wallet donor each day by e-mail and SMS in their language, with the signed link', async () => {
    await setRamadan(dayAfter(-1), dayAfter(1));
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx);
    const phone = `+88018${String(Date.now()).slice(-8)}`;
    await ctx.db
      .update(user)
      .set({ phoneNumber: phone, phoneNumberVerified: true, language: 'bn' })
      .where(eq(user.id, donor.id));
    const sentBefore = standIn.sent.length;
    const started = await as(donor).call(api.recurring.start, {
      body: {
        fundId: fund.id,
        amountTk: 100,
        method: 'wallet',
        frequency: 'daily',
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { gift } = started.json();
    const next = (await giftRow(ctx.db, gift.id)).nextChargeAt!;
    await Promise.all([
      runDueGifts(deps(), new Date(next.getTime() + 1000)),
      runDueGifts(deps(), new Date(next.getTime() + 1000)),
    ]);
    await jobsDone(ctx);

    const texts = standIn.sent.slice(sentBefore).filter((s) => s.msisdn === phone.slice(1));
    expect(texts).toHaveLength(2);
    const link = `http://localhost:3000/monthly-gifts/${gift.manageToken}`;
    expect(texts[0]!.sms).toContain(link);
    expect(texts[0]!.sms).toMatch(/^Easy Fund: আজকের রমজানের ১০০ টাকা দান/);
    expect(smsSegments(texts[0]!.sms).encoding).toBe('UCS-2');
    const mails = ctx.mails.filter((m) => m.to === donor.email && /রমজান/.test(m.subject));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain(`/dashboard/selecteddonation/pay/${fund.id}?amount=100`);
    expect((await chargesOf(ctx.db, gift.id)).map((c) => c.status)).toEqual([
      'reminded',
      'reminded',
    ]);

    // A number that sent STOP gets no more reminders; the mail still goes.
    await ctx.db.update(user).set({ smsStoppedAt: new Date() }).where(eq(user.id, donor.id));
    const monthly = await as(donor).call(api.recurring.start, {
      body: { fundId: fund.id, amountTk: 200, method: 'wallet' },
    });
    expect(monthly.statusCode).toBe(201);
    await jobsDone(ctx);
    expect(standIn.sent.slice(sentBefore).filter((s) => s.msisdn === phone.slice(1))).toHaveLength(
      2,
    );
  });

  it('texts an English monthly reminder in one segment', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx);
    const phone = `+88017${String(Date.now()).slice(-8)}`;
    await ctx.db
      .update(user)
      .set({ phoneNumber: phone, phoneNumberVerified: true, language: 'en' })
      .where(eq(user.id, donor.id));
    const started = await as(donor).call(api.recurring.start, {
      body: { fundId: fund.id, amountTk: 150, method: 'wallet' },
    });
    expect(started.statusCode).toBe(201);
    const text = standIn.sent.filter((s) => s.msisdn === phone.slice(1)).at(-1)!.sms;
    expect(text).toMatch(
      /^Easy Fund: monthly gift of 150 Tk due\. Give, pause or STOP: http:\/\/localhost:3000\/monthly-gifts\/\S+$/,
    );
    expect(smsSegments(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });
});

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('two workers on PostgreSQL', () => {
  it('charge each day of Ramadan exactly once, and nothing after it', async () => {
    await withTwoWorkers(async ({ a, b, fundId, paymentMethodId }) => {
      const start = new Date(Date.now() - 1000);
      // Three days: today and the two after it.
      const endsAt = endOfDay(dayOf(new Date(start.getTime() + 2 * DAY)));
      await a.db.insert(recurringGifts).values(
        Array.from({ length: 10 }, () => ({
          userId: 'd',
          fundId,
          amountPoisha: 10_000,
          status: 'active',
          frequency: 'daily',
          endsAt,
          provider: 'test',
          paymentMethodId,
          nextChargeAt: start,
        })),
      );
      const worker = (db: Database) => ({
        ...deps(db.db),
        jobs: undefined,
        mailQueue: undefined,
        sms: undefined,
      });
      for (let day = 0; day < 5; day++) {
        const at = new Date(Date.now() + day * DAY);
        await Promise.all([runDueGifts(worker(a), at), runDueGifts(worker(b), at)]);
      }
      const charges = await expectChargedOnce(a.db, 30);
      expect(new Set(charges.map((c) => c.period)).size).toBe(3);
      const gifts = await a.db.select().from(recurringGifts);
      expect(gifts.every((g) => g.status === 'ended' && g.statusReason === 'ramadan_over')).toBe(
        true,
      );
      expect((await checkLedger(a.db)).ok).toBe(true);
    });
  });
});

describe('closing an account that has no password', () => {
  it('is confirmed by a code sent by SMS to its number; a wrong code closes nothing', async () => {
    const donor = await createSignedInUser(ctx);
    const phone = `+88019${String(Date.now()).slice(-8)}`;
    await ctx.db
      .update(user)
      .set({ phoneNumber: phone, phoneNumberVerified: true, language: 'en' })
      .where(eq(user.id, donor.id));
    // A phone-only account: no password to confirm with.
    await ctx.db.execute(sql`delete from account where user_id = ${donor.id}`);
    const noProof = await as(donor).call(api.privacy.close, { body: { code: '000000' } });
    expect(noProof.statusCode).toBe(400);
    const sent = await as(donor).call(api.privacy.closeCode);
    expect(sent.statusCode, sent.body).toBe(200);
    const text = standIn.sent.filter((s) => s.msisdn === phone.slice(1)).at(-1)!.sms;
    const code = /\d{6}/.exec(text)![0];
    const wrong = code === '111111' ? '222222' : '111111';
    expect((await as(donor).call(api.privacy.close, { body: { code: wrong } })).statusCode).toBe(
      400,
    );
    const closed = await as(donor).call(api.privacy.close, { body: { code } });
    expect(closed.statusCode, closed.body).toBe(200);
    const [row] = await ctx.db.select().from(user).where(eq(user.id, donor.id));
    expect([row!.name, row!.phoneNumber]).toEqual(['Former donor', null]);
    // A signed-in account with a password still needs it; a code alone is refused.
    const other = await createSignedInUser(ctx);
    expect((await as(other).call(api.privacy.close, { body: { code } })).statusCode).toBe(400);
  });
});
