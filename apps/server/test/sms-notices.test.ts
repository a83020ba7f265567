import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsCeilingChanges, user } from '../src/db/schema';
import { smsSegments } from '../src/modules/sms/service';
import { decisionSmsText, updateSmsText } from '../src/modules/sms/notices';
import { setSubscription } from '../src/modules/updates/subscriptions';
import { createDonation, createFund, createPayoutAccount } from '../src/seed/factories';
import {
  as,
  createSignedInUser,
  jobsDone,
  ORIGIN,
  type SignedInUser,
  useTestApp,
  approveAndPay,
  requestWithdrawal,
  decide,
  urlOf,
} from './helper';
import { useSmsStandIn } from './sslwireless-stand-in';
import { resources as api } from '@easyfund/shared/api/resources';

const standIn = useSmsStandIn();
const { ctx, admin } = useTestApp({ admin: { role: 'admin' } }, { env: () => standIn.env });

let serial = 0;
/** A person whose account has a verified number (as after an SMS code), in a language. */
async function withPhone(u: SignedInUser, language: 'en' | 'bn' = 'en') {
  const local = `0171${String(12_000_000 + ++serial).slice(1)}`;
  await ctx.db
    .update(user)
    .set({ phoneNumber: `+88${local}`, phoneNumberVerified: true, language })
    .where(eq(user.id, u.id));
  return Object.assign(u, { local, msisdn: `88${local}` });
}

const choose = (who: SignedInUser, body: object) => as(who).call(api.sms.setPreferences, { body });
const smsTo = (msisdn: string) => standIn.sent.filter((s) => s.msisdn === msisdn).map((s) => s.sms);
const linkOf = (text: string) => /http:\/\/localhost:3000\/n\/([A-Za-z0-9_-]{11})$/.exec(text)?.[1];

/** An approved fund with a donor who gave and asked for its news. */
async function fundWithDonor(donor: SignedInUser, name = 'Flood relief in Sunamganj') {
  const raiser = await createSignedInUser(ctx, { role: 'verified' });
  const fund = await createFund(ctx.db, { raiserId: raiser.id, name });
  await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: 500 });
  await setSubscription(ctx.db, donor.id, fund.id, true);
  // The first update is reviewed by an admin; the next ones publish at once.
  const first = await as(raiser).call(api.updates.create, {
    params: { id: fund.id },
    body: { body: 'We have started.' },
  });
  await as(admin).call(api.updates.decide, {
    params: { id: first.json().id },
    body: { status: 'approved' },
  });
  await jobsDone(ctx);
  return { raiser, fund };
}

const postUpdate = async (raiser: SignedInUser, fundId: string, body: string) => {
  expect(
    (await as(raiser).call(api.updates.create, { params: { id: fundId }, body: { body } }))
      .statusCode,
  ).toBe(201);
  await jobsDone(ctx);
};

describe('SMS choices', () => {
  it('starts with both off and shows the own number in full', async () => {
    const donor = await withPhone(await createSignedInUser(ctx));
    const res = await as(donor).call(api.sms.preferences);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      phoneNumber: `+88${donor.local}`,
      updates: false,
      decisions: false,
    });
  });

  it('refuses to turn SMS on without a verified number, and changes nothing', async () => {
    const mailOnly = await createSignedInUser(ctx);
    const res = await choose(mailOnly, { updates: true });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('Add and verify a mobile number first');
    expect((await as(mailOnly).call(api.sms.preferences)).json()).toEqual({
      phoneNumber: null,
      updates: false,
      decisions: false,
    });
    // Turning off is always allowed.
    expect((await choose(mailOnly, { updates: false })).statusCode).toBe(200);
  });

  it('answers 400 to a body that is not a choice, 401 to a visitor', async () => {
    const donor = await withPhone(await createSignedInUser(ctx));
    expect((await choose(donor, { updates: 'yes' })).statusCode).toBe(400);
    expect((await choose(donor, { other: true })).statusCode).toBe(400);
    expect(
      (await as(ctx).call(api.sms.setPreferences, { body: { updates: true } })).statusCode,
    ).toBe(401);
    expect((await as(ctx).call(api.sms.preferences)).statusCode).toBe(401);
  });
});

describe('fund updates by SMS', () => {
  it('texts a donor who chose it one short SMS with a link, and STOP from the link ends them', async () => {
    const donor = await withPhone(await createSignedInUser(ctx), 'en');
    const mailOnly = await createSignedInUser(ctx);
    const { raiser, fund } = await fundWithDonor(donor);
    await createDonation(ctx.db, { userId: mailOnly.id, fundId: fund.id, amountTk: 100 });
    await setSubscription(ctx.db, mailOnly.id, fund.id, true);

    // Not chosen yet: the fund's first update sent no SMS.
    expect(smsTo(donor.msisdn)).toEqual([]);

    expect((await choose(donor, { updates: true })).json()).toMatchObject({ updates: true });
    await postUpdate(raiser, fund.id, 'Rice and clean water delivered.');
    const [text] = smsTo(donor.msisdn);
    expect(text).toMatch(
      /^Easy Fund: news from Flood relief in Sunamganj\. Read it or STOP: http:\/\/localhost:3000\/n\/\S{11}$/,
    );
    expect(smsSegments(text!)).toMatchObject({ encoding: 'GSM-7', segments: 1 });

    // The link leads to the fund and offers STOP, without a sign-in.
    const token = linkOf(text!)!;
    const read = await as(ctx).call(api.sms.notice, { params: { token } });
    expect(read.json()).toEqual({ kind: 'update', path: `/donatenow/${fund.id}`, stopped: false });
    const stop = await ctx.app.inject({
      method: 'POST',
      url: urlOf(api.sms.stopNotices, { params: { token } }),
      headers: ORIGIN,
    });
    expect(stop.json()).toMatchObject({ stopped: true });
    expect((await as(donor).call(api.sms.preferences)).json()).toMatchObject({ updates: false });

    await postUpdate(raiser, fund.id, 'Second delivery done.');
    expect(smsTo(donor.msisdn)).toHaveLength(1);
    // An unknown link opens nothing.
    expect(
      (await as(ctx).call(api.sms.notice, { params: { token: 'AAAAAAAAAAA' } })).statusCode,
    ).toBe(404);
  });

  it('writes it in Bangla for a Bangla reader, in two segments at most', async () => {
    const donor = await withPhone(await createSignedInUser(ctx), 'bn');
    const { raiser, fund } = await fundWithDonor(donor, 'সুনামগঞ্জে বন্যার্তদের জন্য ত্রাণ ও বিশুদ্ধ পানি');
    await choose(donor, { updates: true });
    await postUpdate(raiser, fund.id, 'নৌকা গ্রামে পৌঁছেছে।');
    const [text] = smsTo(donor.msisdn);
    expect(text).toMatch(
      /^Easy Fund: সুনামগঞ্জে .*-এর নতুন খবর। পড়ুন বা STOP: http:\/\/localhost:3000\/n\//,
    );
    expect(smsSegments(text!)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });

  it('sends nothing once the day’s ceiling an admin set is reached', async () => {
    const donor = await withPhone(await createSignedInUser(ctx), 'en');
    const { raiser, fund } = await fundWithDonor(donor);
    await choose(donor, { updates: true });
    expect((await as(admin).call(api.sms.setCeiling, { body: { ceilingTk: 0 } })).statusCode).toBe(
      200,
    );
    try {
      const before = (await as(admin).call(api.sms.costs)).json().refused as number;
      await postUpdate(raiser, fund.id, 'Held back by the ceiling.');
      expect(smsTo(donor.msisdn)).toEqual([]);
      expect((await as(admin).call(api.sms.costs)).json().refused).toBe(before + 1);
    } finally {
      await as(admin).call(api.sms.setCeiling, { body: { ceilingTk: 500 } });
    }
  });
});

describe('decisions by SMS', () => {
  it('texts a raiser who chose it the decision on a fund request, in their language', async () => {
    const raiser = await withPhone(await createSignedInUser(ctx, { role: 'verified' }), 'en');
    const quiet = await withPhone(await createSignedInUser(ctx, { role: 'verified' }), 'en');
    await choose(raiser, { decisions: true });
    const fund = await createFund(ctx.db, {
      raiserId: raiser.id,
      name: 'School books',
      status: 'pending',
    });
    const other = await createFund(ctx.db, { raiserId: quiet.id, status: 'pending' });
    for (const id of [fund.id, other.id]) {
      const res = await decide(admin, 'fund', id, { status: 'approved' });
      expect(res.statusCode).toBe(200);
    }
    await jobsDone(ctx);
    const [text] = smsTo(raiser.msisdn);
    expect(text).toMatch(
      /^Easy Fund: your fund request School books was approved\. More or STOP: http:\/\/localhost:3000\/n\/\S{11}$/,
    );
    expect(smsTo(quiet.msisdn)).toEqual([]);
    const read = await as(ctx).call(api.sms.notice, { params: { token: linkOf(text!)! } });
    expect(read.json()).toEqual({
      kind: 'decision',
      path: `/donatenow/${fund.id}`,
      stopped: false,
    });
  });

  it('texts the approval of a withdrawal and its payout in Bangla, once each', async () => {
    const raiser = await withPhone(await createSignedInUser(ctx, { role: 'verified' }), 'bn');
    await choose(raiser, { decisions: true });
    const donor = await createSignedInUser(ctx);
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: 1500 });
    const w = (await requestWithdrawal(raiser, fund.id, 600)).json();
    await approveAndPay(admin, w.id, {
      method: 'bkash',
      amountTk: 600,
      reference: 'BKA7X9QZ21',
      paidOn: '2026-11-20',
    });
    await jobsDone(ctx);
    const texts = smsTo(raiser.msisdn);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/^Easy Fund: আপনার ৬০০ টাকা উত্তোলন অনুমোদিত হয়েছে।/);
    expect(texts[1]).toMatch(/^Easy Fund: আপনার ৬০০ টাকা উত্তোলন পরিশোধ করা হয়েছে।/);
    for (const t of texts) expect(smsSegments(t).segments).toBeLessThanOrEqual(2);

    // STOP from a decision's link ends decision SMS, not update SMS.
    await choose(raiser, { updates: true });
    await ctx.app.inject({
      method: 'POST',
      url: urlOf(api.sms.stopNotices, { params: { token: linkOf(texts[1]!)! } }),
      headers: ORIGIN,
    });
    expect((await as(raiser).call(api.sms.preferences)).json()).toMatchObject({
      updates: true,
      decisions: false,
    });
  });
});

describe('the SMS of a payout account decision', () => {
  it('texts the denial of a payout account in Bangla, naming its last digits, once', async () => {
    const raiser = await withPhone(await createSignedInUser(ctx, { role: 'verified' }), 'bn');
    await choose(raiser, { decisions: true });
    const quiet = await withPhone(await createSignedInUser(ctx, { role: 'verified' }));
    const [mine, theirs] = await Promise.all([
      createPayoutAccount(ctx.db, { userId: raiser.id, status: 'pending' }),
      createPayoutAccount(ctx.db, { userId: quiet.id, status: 'pending' }),
    ]);
    for (const id of [mine.id, theirs.id]) {
      const res = await as(admin).call(api.payouts.decideAccount, {
        params: { id },
        body: { status: 'denied', feedback: 'The name is not yours', version: 1 },
      });
      expect(res.statusCode).toBe(200);
    }
    await jobsDone(ctx);
    const texts = smsTo(raiser.msisdn);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(
      /^Easy Fund: 678-এ শেষ আপনার বিকাশ পেআউট অ্যাকাউন্ট নাকচ। বিস্তারিত বা STOP: http:\/\/localhost:3000\/n\/\S{11}$/,
    );
    expect(smsSegments(texts[0]!).segments).toBeLessThanOrEqual(2);
    expect(smsTo(quiet.msisdn)).toEqual([]);
    const read = await as(ctx).call(api.sms.notice, { params: { token: linkOf(texts[0]!)! } });
    expect(read.json()).toMatchObject({
      kind: 'decision',
      path: '/dashboard/raisedfund/payout-accounts',
    });
  });
});

describe('adding a payout account to an account without a password', () => {
  it('is confirmed by a code sent by SMS to its number; no code or a wrong one adds nothing', async () => {
    const raiser = await withPhone(await createSignedInUser(ctx, { role: 'verified' }));
    // A phone-only account: no password to confirm with.
    await ctx.db.execute(sql`delete from account where user_id = ${raiser.id}`);
    const wallet = {
      kind: 'bkash',
      walletType: 'personal',
      number: '01712-345678',
      accountName: 'Karim Hossain',
    };
    const add = (body: object) =>
      as(raiser).send(api.payouts.addAccount, { body: { ...wallet, ...body } });
    const mine = await as(raiser).call(api.payouts.myAccounts);
    expect(mine.json().confirmBy).toBe('code');
    const none = await add({});
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({
      code: 'Enter the code we sent to your mobile number',
    });
    // A password is no proof for an account that has none.
    expect((await add({ password: 'secret12' })).json().error.fields).toHaveProperty('code');
    const sent = await as(raiser).call(api.payouts.accountCode);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().sentTo).toMatch(/^\+88017…\d\d$/);
    const code = /\d{6}/.exec(smsTo(raiser.msisdn).at(-1)!)![0];
    const wrong = await add({ code: code === '111111' ? '222222' : '111111' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      code: 'The code is not correct or has expired. Ask for a new one.',
    });
    // A code for closing the account does not add a payout account.
    await as(raiser).call(api.privacy.closeCode);
    const closeCode = /\d{6}/.exec(smsTo(raiser.msisdn).at(-1)!)![0];
    if (closeCode !== code)
      expect((await add({ code: closeCode })).json().error.fields).toHaveProperty('code');
    const ok = await add({ code });
    expect(ok.statusCode, ok.body).toBe(201);
    // Spent: it confirms once.
    expect((await add({ code })).statusCode).toBe(400);
    const plain = await withPhone(await createSignedInUser(ctx));
    expect((await as(plain).call(api.payouts.accountCode)).statusCode).toBe(403);
    expect((await as(ctx).call(api.payouts.accountCode)).statusCode).toBe(401);
  });
});

describe('the lengths of notice SMS', () => {
  const link = 'https://easyfund.com.bd/n/AbCdEfGhIjK';
  const longName =
    'Emergency medical help for the children of the Rohingya camps in Cox’s Bazar, winter 2026';
  /** Every decision notice in `lang` at its longest: about `fund`, the largest amount, a bank account. */
  const longestDecisions = (lang: 'en' | 'bn', fund: string) =>
    (['application', 'fund', 'change', 'withdrawal', 'payoutAccount'] as const).flatMap((kind) =>
      (['approved', 'denied'] as const).map((status) =>
        decisionSmsText(
          lang,
          kind,
          status,
          {
            fund,
            amountPoisha: 1_250_000_00,
            account: { kind: 'bank', number: '01234567890123456789' },
          },
          link,
        ),
      ),
    );

  it('keeps every English notice in one GSM-7 segment, a long fund name shortened', () => {
    expect(smsSegments(updateSmsText('en', 'School books', link))).toMatchObject({
      encoding: 'GSM-7',
      segments: 1,
    });
    const update = updateSmsText('en', longName.replace('’', "'"), link);
    expect(update).toContain('...');
    expect(smsSegments(update).segments).toBe(1);
    for (const text of longestDecisions('en', longName.replace('’', "'"))) {
      expect(smsSegments(text), text).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    }
  });

  it('keeps every Bangla notice within two UCS-2 segments (the link alone takes half of one)', () => {
    for (const text of longestDecisions('bn', longName)) {
      expect(smsSegments(text), text).toMatchObject({ encoding: 'UCS-2' });
      expect(smsSegments(text).segments, text).toBeLessThanOrEqual(2);
    }
    const paid = decisionSmsText(
      'bn',
      'withdrawal',
      'paid',
      { fund: '', amountPoisha: 60_000 },
      link,
    );
    expect(smsSegments(paid).units).toBeLessThanOrEqual(134);
    expect(smsSegments(updateSmsText('bn', longName, link)).segments).toBe(2);
  });
});

describe('the SMS cost ceiling', () => {
  it('shows admins today’s count and cost against the ceiling', async () => {
    const res = await as(admin).call(api.sms.costs);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ceilingTk: expect.any(Number),
      defaultCeilingTk: 500,
      segmentCostPoisha: 50,
      messages: expect.any(Number),
      costPoisha: expect.any(Number),
    });
  });

  it('lets an admin set the ceiling, kept with who changed it from what', async () => {
    const res = await as(admin).call(api.sms.setCeiling, { body: { ceilingTk: '750' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ceilingTk: 750, defaultCeilingTk: 500 });
    expect(res.json().changes[0]).toMatchObject({ ceilingTk: 750, by: admin.name });
    const again = await as(admin).call(api.sms.setCeiling, { body: { ceilingTk: 500 } });
    expect(again.json().changes[0]).toMatchObject({ ceilingTk: 500, previousTk: 750 });
  });

  it('answers 400 with the field’s message to a ceiling that is not whole Tk, and keeps the ceiling', async () => {
    const before = await ctx.db.select().from(smsCeilingChanges);
    for (const ceilingTk of [-1, 1.5, 'lots', 2_000_000, null]) {
      const res = await as(admin).send(api.sms.setCeiling, { body: { ceilingTk } });
      expect(res.statusCode, String(ceilingTk)).toBe(400);
      expect(res.body).toContain('Enter the daily ceiling in whole Tk, from 0 to 1,000,000');
    }
    expect(await ctx.db.select().from(smsCeilingChanges)).toHaveLength(before.length);
  });

  it('is for admins only: 401 for a visitor, 403 for a donor and a raiser', async () => {
    const donor = await createSignedInUser(ctx);
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    const before = await ctx.db.select().from(smsCeilingChanges);
    expect((await as(ctx).call(api.sms.costs)).statusCode).toBe(401);
    expect((await as(ctx).call(api.sms.setCeiling, { body: { ceilingTk: 1 } })).statusCode).toBe(
      401,
    );
    for (const who of [donor, raiser]) {
      expect((await as(who).call(api.sms.costs)).statusCode).toBe(403);
      expect((await as(who).call(api.sms.setCeiling, { body: { ceilingTk: 1 } })).statusCode).toBe(
        403,
      );
    }
    expect(await ctx.db.select().from(smsCeilingChanges)).toHaveLength(before.length);
  });
});
