import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccounts, withdrawals } from '../src/db/schema';
import {
  createDonation,
  createFund,
  createPayoutAccount,
  createVerificationApplication,
} from '../src/seed/factories';
import {
  as,
  buildTestApp,
  createSignedInUser,
  enableTwoFactor,
  jobsDone,
  totpCode,
  type SignedInUser,
  type TestContext,
  shownVersion,
} from './helper';
import { usePayoutDesk } from './support/payout-desk';
import { resources as api } from '@easyfund/shared/api/resources';

/**
 * Payout accounts: a raiser adds where the money goes (confirmed by the password, mailed,
 * held 24 hours), an admin approves or denies it with the verified name beside it, and a
 * withdrawal goes only to an approved account out of its hold — checked at the request,
 * the approval and the payout. Every refusal changes nothing.
 */
const { ctx, admin, otherAdmin, donor } = usePayoutDesk();

const BKASH = {
  kind: 'bkash',
  walletType: 'personal',
  number: '01712-345678',
  accountName: 'Karim Hossain',
} as const;
const BANK = {
  kind: 'bank',
  bankName: 'Sonali Bank',
  branch: 'Motijheel',
  routingNumber: '200 274 349',
  accountName: 'Karim Hossain',
  accountNumber: '0123-4567-8901',
} as const;

async function raiser(name = 'Karim Hossain') {
  const r = await createSignedInUser(ctx, { role: 'verified', name });
  await createVerificationApplication(ctx.db, { userId: r.id, name, status: 'approved' });
  return r;
}

const add = (who: SignedInUser, body: object, password = who.password) =>
  as(who).send(api.payouts.addAccount, { body: { ...body, password } });

const accountsOf = (userId: string) =>
  ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));

const decide = async (id: string, body: object, by = admin) =>
  as(by).send(api.payouts.decideAccount, {
    params: { id },
    body: {
      version: await accountVersion(id, by),
      ...body,
    },
  });

async function accountVersion(id: string, by = admin): Promise<number> {
  const list = (await as(by).call(api.payouts.listAccounts, { query: { pageSize: 100 } })).json();
  return list.items.find((a) => a.id === id)!.version;
}

describe('adding a payout account', () => {
  it('adds a bKash wallet confirmed by the password: pending, masked, held 24 hours, mailed, in the audit trail', async () => {
    const r = await raiser();
    ctx.mails.length = 0;
    const res = await add(r, BKASH);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'bkash',
      walletType: 'personal',
      accountName: 'Karim Hossain',
      maskedNumber: '••••••••678',
      status: 'pending',
      usable: false,
    });
    expect(JSON.stringify(body)).not.toContain('345678');
    const hold = new Date(body.heldUntil).getTime() - Date.now();
    expect(hold).toBeGreaterThan(23.9 * 3_600_000);
    expect(hold).toBeLessThanOrEqual(24 * 3_600_000);
    // Stored in E.164, whole.
    expect((await accountsOf(r.id))[0]!.number).toBe('+8801712345678');
    const mine = (await as(r).call(api.payouts.myAccounts)).json();
    expect(mine).toMatchObject({ holdHours: 24, confirmBy: 'password' });
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]!.maskedNumber).toBe('••••••••678');
    await jobsDone(ctx);
    const mails = ctx.mails.filter((m) => m.to === r.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A payout account was added to your Easy Fund account');
    expect(mails[0]!.text).toContain('no payout goes to it for 24 hours');
    const detail = (
      await as(admin).call(api.payouts.getAccount, { params: { id: body.id } })
    ).json();
    expect(detail.events.map((e) => e.action)).toEqual(['added', 'viewed']);
    expect(JSON.stringify(detail.events)).not.toContain('345678');
  });

  it('adds a bank account (routing number of 9 digits) and a merchant Nagad wallet', async () => {
    const r = await raiser();
    const bank = await add(r, BANK);
    expect(bank.statusCode).toBe(201);
    expect(bank.json()).toMatchObject({
      kind: 'bank',
      bankName: 'Sonali Bank',
      routingNumber: '200274349',
      maskedNumber: '•••••••••901',
    });
    const nagad = await add(r, { ...BKASH, kind: 'nagad', walletType: 'merchant' });
    expect(nagad.statusCode).toBe(201);
    expect(nagad.json()).toMatchObject({ kind: 'nagad', walletType: 'merchant' });
  });

  it('refuses a wrong password and bad fields with field messages, storing nothing', async () => {
    const r = await raiser();
    const wrong = await add(r, BKASH, 'not-the-password1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'The password is not correct.' });
    const cases: Array<[object, string, string]> = [
      [
        { ...BKASH, number: '0171234567' },
        'number',
        'Enter a Bangladeshi mobile number like 01712345678',
      ],
      [
        { ...BKASH, number: '01212345678' },
        'number',
        'This is not a Bangladeshi mobile operator’s number (013–019)',
      ],
      [{ ...BKASH, walletType: 'shop' }, 'walletType', 'Choose personal or merchant'],
      [{ ...BKASH, accountName: '' }, 'accountName', 'This field is required'],
      [{ ...BANK, routingNumber: '12345678' }, 'routingNumber', 'A routing number has 9 digits'],
      [{ ...BANK, accountNumber: '12ab' }, 'accountNumber', 'An account number has 6 to 20 digits'],
      [{ ...BANK, branch: ' ' }, 'branch', 'This field is required'],
      [{ ...BKASH, kind: 'rocket' }, 'kind', 'Choose bKash, Nagad or bank transfer'],
    ];
    for (const [body, field, message] of cases) {
      const res = await add(r, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields[field], field).toBe(message);
    }
    const noPassword = await as(r).call(api.payouts.addAccount, { body: BKASH });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.fields.password).toBe('Enter your password to confirm');
    expect(await accountsOf(r.id)).toHaveLength(0);
  });

  it('with two-factor sign-in on, asks a current code of the authenticator app as well', async () => {
    const r = await raiser();
    const { secret, cookie } = await enableTwoFactor(ctx, r);
    Object.assign(r, { cookie });
    const bare = await add(r, BKASH);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields).toEqual({
      secondFactor:
        'Enter a current code from your authenticator app, or one of your backup codes.',
    });
    const right = totpCode(secret);
    const wrong = await add(r, {
      ...BKASH,
      secondFactor: right === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().error.fields)).toEqual(['secondFactor']);
    // The code does not stand in for the password.
    const noPassword = await add(r, { ...BKASH, secondFactor: right }, '');
    expect(noPassword.json().error.fields).toEqual({ password: 'Enter your password to confirm' });
    expect(await accountsOf(r.id)).toHaveLength(0);
    const ok = await add(r, { ...BKASH, secondFactor: right });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('is for verified raisers: 403 for a user, 401 for a visitor; each sees only their own', async () => {
    const a = await raiser();
    const b = await raiser();
    await add(a, BKASH);
    expect((await add(donor, BKASH)).statusCode).toBe(403);
    expect(
      (await as(ctx).call(api.payouts.addAccount, { body: { ...BKASH, password: 'secret1' } }))
        .statusCode,
    ).toBe(401);
    expect((await as(donor).call(api.payouts.myAccounts)).statusCode).toBe(403);
    expect((await as(b).call(api.payouts.myAccounts)).json().items).toEqual([]);
  });

  it('removes an own account once; another raiser’s is unknown', async () => {
    const a = await raiser();
    const b = await raiser();
    const id = (await add(a, BKASH)).json().id as string;
    expect((await as(b).call(api.payouts.removeAccount, { params: { id } })).statusCode).toBe(404);
    const removed = await as(a).call(api.payouts.removeAccount, { params: { id } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().status).toBe('removed');
    const again = await as(a).call(api.payouts.removeAccount, { params: { id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_removed');
  });
});

describe('an admin deciding on an account', () => {
  it('lists accounts masked with the verified name beside the name on the account; shows the full number when asked', async () => {
    const r = await raiser('Karim Hossain');
    const id = (await add(r, { ...BKASH, accountName: 'Rahim Traders' })).json().id as string;
    const list = (
      await as(admin).call(api.payouts.listAccounts, {
        query: { status: 'pending', pageSize: 100 },
      })
    ).json();
    const item = list.items.find((a) => a.id === id);
    expect(item).toMatchObject({
      accountName: 'Rahim Traders',
      verifiedName: 'Karim Hossain',
      owner: { id: r.id },
      maskedNumber: '••••••••678',
    });
    expect(JSON.stringify(list)).not.toContain('345678');
    const detail = await as(admin).call(api.payouts.getAccount, { params: { id } });
    expect(detail.json()).toMatchObject({
      number: '+8801712345678',
      verifiedName: 'Karim Hossain',
    });
    for (const who of [r, donor]) {
      expect((await as(who).call(api.payouts.listAccounts)).statusCode).toBe(403);
      expect((await as(who).call(api.payouts.getAccount, { params: { id } })).statusCode).toBe(403);
      expect(
        (
          await as(who).call(api.payouts.decideAccount, {
            params: { id },
            body: { status: 'approved', version: 1 },
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await as(ctx).call(api.payouts.listAccounts)).statusCode).toBe(401);
  });

  it('approves once; a second decision and a stale version are refused', async () => {
    const r = await raiser();
    const id = (await add(r, BKASH)).json().id as string;
    const stale = await as(admin).call(api.payouts.decideAccount, {
      params: { id },
      body: { status: 'approved', version: 7 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('changed_since_viewed');
    // The mail saying the account was added goes first: only the decision's is counted.
    await jobsDone(ctx);
    ctx.mails.length = 0;
    const ok = await decide(id, { status: 'approved' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', decidedBy: { id: admin.id } });
    await jobsDone(ctx);
    const mails = ctx.mails.filter((m) => m.to === r.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your bKash payout account ending 678 was approved',
    ]);
    expect(mails[0]!.text).toContain(
      'Once its hold ends, choose it when you request a withdrawal.',
    );
    expect(mails[0]!.text).toContain('http://localhost:3000/dashboard/raisedfund/payout-accounts');
    const again = await decide(id, { status: 'denied', feedback: 'Late' }, otherAdmin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_decided');
    const detail = (await as(admin).call(api.payouts.getAccount, { params: { id } })).json();
    expect(detail.events.map((e) => e.action)).toContain('approved');
  });

  it('denies only with a reason, which the raiser sees', async () => {
    const r = await raiser();
    const id = (await add(r, BKASH)).json().id as string;
    const bare = await decide(id, { status: 'denied' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields.feedback).toBe('Say why the account is denied');
    // The mail saying the account was added goes first: only the decision's is counted.
    await jobsDone(ctx);
    ctx.mails.length = 0;
    const denied = await decide(id, { status: 'denied', feedback: 'The name is not yours' });
    expect(denied.statusCode).toBe(200);
    await jobsDone(ctx);
    const mails = ctx.mails.filter((m) => m.to === r.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your bKash payout account ending 678 was denied',
    ]);
    expect(mails[0]!.text).toContain('Feedback from the admin:\nThe name is not yours');
    const mine = (await as(r).call(api.payouts.myAccounts)).json().items[0];
    expect(mine).toMatchObject({ status: 'denied', feedback: 'The name is not yours' });
  });

  it('mails the decision in the raiser’s language; a refused decision mails nothing', async () => {
    const r = await raiser();
    await as(r).call(api.language.choose, { body: { language: 'bn' } });
    const id = (await add(r, BANK)).json().id as string;
    await jobsDone(ctx);
    ctx.mails.length = 0;
    expect((await decide(id, { status: 'denied' })).statusCode).toBe(400);
    expect(
      (
        await as(r).call(api.payouts.decideAccount, {
          params: { id },
          body: { status: 'approved', version: 1 },
        })
      ).statusCode,
    ).toBe(403);
    await jobsDone(ctx);
    expect(ctx.mails.filter((m) => m.to === r.email)).toEqual([]);
    expect((await decide(id, { status: 'denied', feedback: 'নামটি মেলে না' })).statusCode).toBe(
      200,
    );
    await jobsDone(ctx);
    const mails = ctx.mails.filter((m) => m.to === r.email);
    expect(mails.map((m) => m.subject)).toEqual([
      '901-এ শেষ হওয়া আপনার ব্যাংক পেআউট অ্যাকাউন্ট নাকচ করা হয়েছে',
    ]);
    expect(mails[0]!.text).toContain('নামটি মেলে না');
    expect(mails[0]!.text).toMatch(/^প্রিয় /);
  });

  it("refuses an admin's decision on their own account (403 own_request)", async () => {
    const raisingAdmin = await createSignedInUser(ctx, { role: 'admin' });
    const id = (await add(raisingAdmin, BKASH)).json().id as string;
    const res = await decide(id, { status: 'approved' }, raisingAdmin);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('own_request');
    expect((await accountsOf(raisingAdmin.id))[0]!.status).toBe('pending');
  });

  it('answers 404 for an unknown account', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await as(admin).call(api.payouts.getAccount, { params: { id: unknown } })).statusCode,
    ).toBe(404);
    expect(
      (
        await as(admin).call(api.payouts.decideAccount, {
          params: { id: unknown },
          body: { status: 'approved', version: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });
});

async function fundOf(r: SignedInUser, raisedTk = 2000) {
  const fund = await createFund(ctx.db, { raiserId: r.id, status: 'approved' });
  await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: raisedTk });
  return fund;
}

const requestTo = (r: SignedInUser, fundId: string, payoutAccountId: string, amountTk = 500) =>
  as(r).call(api.withdrawals.request, { body: { fundId, amountTk, payoutAccountId } });

const withdrawalVersion = (id: string) => shownVersion(admin, api.withdrawals.list, id);

describe('a withdrawal to a payout account', () => {
  it('goes to an approved account out of its hold, shown masked to the raiser and the admin', async () => {
    const r = await raiser();
    const fund = await fundOf(r);
    const acc = await createPayoutAccount(ctx.db, { userId: r.id });
    const res = await requestTo(r, fund.id, acc.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().account).toEqual({
      id: acc.id,
      kind: 'bkash',
      accountName: 'Karim Hossain',
      maskedNumber: '••••••••678',
    });
    const list = (await as(admin).call(api.withdrawals.list, { query: { pageSize: 100 } })).json();
    const item = list.items.find((w) => w.id === res.json().id);
    expect(item?.account?.maskedNumber).toBe('••••••••678');
  });

  it('refuses no account, or a pending, denied, removed, held or someone else’s account, with a field message, storing nothing', async () => {
    const r = await raiser();
    const other = await raiser();
    const fund = await fundOf(r);
    const pending = await createPayoutAccount(ctx.db, { userId: r.id, status: 'pending' });
    const denied = await createPayoutAccount(ctx.db, { userId: r.id, status: 'denied' });
    const held = await createPayoutAccount(ctx.db, {
      userId: r.id,
      heldUntil: new Date(Date.now() + 3_600_000),
    });
    const removed = await createPayoutAccount(ctx.db, { userId: r.id });
    await as(r).call(api.payouts.removeAccount, { params: { id: removed.id } });
    const others = await createPayoutAccount(ctx.db, { userId: other.id });
    const cases: Array<[string, RegExp]> = [
      [pending.id, /^This payout account is not approved$/],
      [denied.id, /^This payout account is not approved$/],
      // Held an hour after it was added (as the factory made it).
      [held.id, /^Payouts to this account wait until .+ \(1 hour after it was added\)$/],
      [removed.id, /^This payout account has already been removed$/],
      [others.id, /^Choose one of your approved payout accounts$/],
      ['not-a-uuid', /^Choose one of your approved payout accounts$/],
      ['', /^Choose one of your approved payout accounts$/],
    ];
    for (const [id, message] of cases) {
      const res = await requestTo(r, fund.id, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error.fields.payoutAccountId, id).toMatch(message);
    }
    const none = await as(r).send(api.withdrawals.request, {
      body: { fundId: fund.id, amountTk: 500 },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({
      payoutAccountId: 'Choose one of your approved payout accounts',
    });
    expect(await ctx.db.select().from(withdrawals).where(eq(withdrawals.fundId, fund.id))).toEqual(
      [],
    );
  });

  it('an account added through the site is usable only after approval and its hold', async () => {
    const r = await raiser();
    const fund = await fundOf(r);
    const id = (await add(r, BKASH)).json().id as string;
    expect((await decide(id, { status: 'approved' })).statusCode).toBe(200);
    const res = await requestTo(r, fund.id, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.payoutAccountId).toMatch(/^Payouts to this account wait until/);
    expect((await as(r).call(api.payouts.myAccounts)).json().items[0]).toMatchObject({
      status: 'approved',
      usable: false,
    });
  });

  it('approval re-checks the account: removed since the request → 409, still pending', async () => {
    const r = await raiser();
    const fund = await fundOf(r);
    const acc = await createPayoutAccount(ctx.db, { userId: r.id });
    const w = (await requestTo(r, fund.id, acc.id)).json();
    await as(r).call(api.payouts.removeAccount, { params: { id: acc.id } });
    const res = await as(admin).call(api.withdrawals.decide, {
      params: { id: w.id },
      body: {
        status: 'approved',
        version: await withdrawalVersion(w.id),
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('account_not_usable');
    // Denying it stays possible.
    const denied = await as(admin).call(api.withdrawals.decide, {
      params: { id: w.id },
      body: {
        status: 'denied',
        feedback: 'The account was removed',
        version: await withdrawalVersion(w.id),
      },
    });
    expect(denied.statusCode).toBe(200);
  });

  it('"paid" re-checks the account and its method; then it is recorded to it', async () => {
    const r = await raiser();
    const fund = await fundOf(r);
    const acc = await createPayoutAccount(ctx.db, { userId: r.id });
    const gone = await createPayoutAccount(ctx.db, { userId: r.id, number: '+8801812345670' });
    const approve = async (accountId: string) => {
      const w = (await requestTo(r, fund.id, accountId, 300)).json();
      await as(admin).call(api.withdrawals.decide, {
        params: { id: w.id },
        body: {
          status: 'approved',
          version: await withdrawalVersion(w.id),
        },
      });
      return w.id;
    };
    const paid = async (id: string, method: string) =>
      as(admin).send(api.withdrawals.payout, {
        params: { id },
        body: {
          status: 'paid',
          version: await withdrawalVersion(id),
          method,
          amountTk: 300,
          reference: 'BKA7X9QZ21',
          paidOn: '2026-11-20',
        },
      });
    const toGone = await approve(gone.id);
    await as(r).call(api.payouts.removeAccount, { params: { id: gone.id } });
    const refused = await paid(toGone, 'bkash');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('account_not_usable');
    const w = await approve(acc.id);
    const wrongMethod = await paid(w, 'nagad');
    expect(wrongMethod.statusCode).toBe(400);
    expect(wrongMethod.json().error.fields.method).toBe(
      'The payout goes to a bkash account: record it with that method',
    );
    const ok = await paid(w, 'bkash');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'paid', account: { id: acc.id } });
  });
});

/** The database's own message of a refused write. */
async function refusal(write: PromiseLike<unknown>): Promise<string> {
  try {
    await write;
  } catch (e) {
    return String((e as { cause?: unknown }).cause ?? e);
  }
  return 'accepted';
}

describe('what the database refuses', () => {
  it('never edits an account’s number, nor sends a withdrawal to another raiser’s account', async () => {
    const r = await raiser();
    const other = await raiser();
    const acc = await createPayoutAccount(ctx.db, { userId: r.id });
    expect(
      await refusal(
        ctx.db
          .update(payoutAccounts)
          .set({ number: '+8801912345678' })
          .where(eq(payoutAccounts.id, acc.id)),
      ),
    ).toMatch(/never edited/);
    expect(
      await refusal(
        ctx.db
          .update(payoutAccounts)
          .set({ status: 'pending' })
          .where(eq(payoutAccounts.id, acc.id)),
      ),
    ).toMatch(/cannot become/);
    const fund = await fundOf(r);
    const others = await createPayoutAccount(ctx.db, { userId: other.id });
    expect(
      await refusal(
        ctx.db
          .execute(sql`insert into withdrawals (fund_id, raiser_id, amount_poisha, payout_account_id)
        values (${fund.id}, ${r.id}, 100, ${others.id})`),
      ),
    ).toMatch(/account of its raiser/);
  });
});

describe('automated disbursement', () => {
  it('is refused on a site whose payouts are manual (the default)', async () => {
    const r = await raiser();
    const fund = await fundOf(r);
    const acc = await createPayoutAccount(ctx.db, { userId: r.id });
    const w = (await requestTo(r, fund.id, acc.id)).json();
    await as(admin).call(api.withdrawals.decide, {
      params: { id: w.id },
      body: {
        status: 'approved',
        version: await withdrawalVersion(w.id),
      },
    });
    const res = await as(admin).call(api.withdrawals.disburse, {
      params: { id: w.id },
      body: {
        version: await withdrawalVersion(w.id),
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('not_automated');
    expect(
      (await as(r).call(api.withdrawals.disburse, { params: { id: w.id }, body: { version: 1 } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('automated disbursement through the stand-in provider', () => {
  let auto: TestContext;
  beforeAll(async () => {
    auto = await buildTestApp({ PAYOUT_PROVIDER: 'stand-in' });
  });
  afterAll(() => auto.close());

  async function approvedTo(number: string | null) {
    const [a, r] = await Promise.all([
      createSignedInUser(auto, { role: 'admin' }),
      createSignedInUser(auto, { role: 'verified' }),
    ]);
    const d = await createSignedInUser(auto);
    const fund = await createFund(auto.db, { raiserId: r.id, status: 'approved' });
    await createDonation(auto.db, { userId: d.id, fundId: fund.id, amountTk: 1000 });
    // Without a number: a request kept from before a withdrawal had to name an account.
    const w = number
      ? ((
          await as(r).call(api.withdrawals.request, {
            body: {
              fundId: fund.id,
              amountTk: 400,
              payoutAccountId: (await createPayoutAccount(auto.db, { userId: r.id, number })).id,
            },
          })
        ).json() as { id: string })
      : (
          await auto.db
            .insert(withdrawals)
            .values({ fundId: fund.id, raiserId: r.id, amountPoisha: 40_000 })
            .returning({ id: withdrawals.id })
        )[0]!;
    await as(a).call(api.withdrawals.decide, {
      params: { id: w.id },
      body: {
        status: 'approved',
        version: await shownVersion(a, api.withdrawals.list, w.id),
      },
    });
    const disburse = async () =>
      as(a).call(api.withdrawals.disburse, {
        params: { id: w.id },
        body: {
          version: await shownVersion(a, api.withdrawals.list, w.id),
        },
      });
    return { w, disburse };
  }

  it('sends the money and records it paid with the provider’s reference, once', async () => {
    const { disburse } = await approvedTo('+8801712345678');
    const res = await disburse();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'paid',
      payout: { method: 'bkash', reference: expect.stringMatching(/^SIM[0-9A-F]{10}$/) },
    });
    const again = await disburse();
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('wrong_status');
  });

  it('records a refused transfer as failed: the money returns to the fund', async () => {
    const { disburse } = await approvedTo('+8801712345000');
    const res = await disburse();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'failed',
      outcomeReason: 'The receiving account refused the transfer (closed account)',
    });
  });

  it('refuses a withdrawal that names no account (409 no_account)', async () => {
    const { disburse } = await approvedTo(null);
    const res = await disburse();
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('no_account');
  });
});

describe('a hold set to other than 24 hours', () => {
  let held: TestContext;
  beforeAll(async () => {
    held = await buildTestApp({ PAYOUT_ACCOUNT_HOLD_HOURS: '36' });
  });
  afterAll(() => held.close());

  it('is the hold every text names: the list, the mail and the refusal, in both languages', async () => {
    const [a, r, d] = await Promise.all([
      createSignedInUser(held, { role: 'admin' }),
      createSignedInUser(held, { role: 'verified' }),
      createSignedInUser(held),
    ]);
    await as(r).call(api.language.choose, { body: { language: 'bn' } });
    const res = await as(r).call(api.payouts.addAccount, {
      body: {
        ...BKASH,
        password: r.password,
      },
    });
    expect(res.statusCode).toBe(201);
    const hold = new Date(res.json().heldUntil).getTime() - Date.now();
    expect(hold).toBeGreaterThan(35.9 * 3_600_000);
    expect((await as(r).call(api.payouts.myAccounts)).json().holdHours).toBe(36);
    await jobsDone(held);
    const [mail] = held.mails.filter((m) => m.to === r.email);
    expect(mail!.text).toContain('এবং ৩৬ ঘণ্টা এতে কোনো পেআউট যাবে না।');
    expect(
      (
        await as(a).call(api.payouts.decideAccount, {
          params: { id: res.json().id },
          body: { status: 'approved', version: 1 },
        })
      ).statusCode,
    ).toBe(200);
    const fund = await createFund(held.db, { raiserId: r.id, status: 'approved' });
    await createDonation(held.db, { userId: d.id, fundId: fund.id, amountTk: 1000 });
    const body = { fundId: fund.id, amountTk: 100, payoutAccountId: res.json().id };
    const en = await as(r).call(api.withdrawals.request, {
      body,
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().error.fields.payoutAccountId).toMatch(/\(36 hours after it was added\)$/);
    const bn = await as(r).call(api.withdrawals.request, {
      body,
      headers: { 'accept-language': 'bn' },
    });
    expect(bn.json().error.fields.payoutAccountId).toMatch(/\(যোগ করার ৩৬ ঘণ্টা পর\)$/);
  });
});
