import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recurringGifts, user, withdrawals } from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/check';
import { CLOSE_MESSAGES } from '../src/modules/privacy/close';
import { createFund } from '../src/seed/factories';
import {
  as,
  createSignedInUser,
  enableTwoFactor,
  signIn,
  totpCode,
  useTestApp,
  urlOf,
} from './helper';
import { CARDS, createRaisedFund, donate } from './payments-helper';
import { resources as api } from '@easyfund/shared/api/resources';

const nextYear = new Date().getUTCFullYear() + 1;

const { ctx, admin } = useTestApp(
  { admin: { role: 'admin' } },
  { env: { PAYMENT_PROVIDER: 'test' } },
);

/** A donor with a gift (and a message), a monthly gift, a contact message, a subscription. */
async function busyDonor(name: string) {
  const donor = await createSignedInUser(ctx, {
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@example.com`,
  });
  const fund = await createRaisedFund(ctx);
  const intent = await as(donor).call(api.payments.createIntent, {
    body: {
      fundId: fund.id,
      amountTk: 120,
      supportMessage: `Stay strong, from ${name}`,
    },
  });
  const { intentId, clientSecret } = intent.json<{ intentId: string; clientSecret: string }>();
  await as(ctx).call(api.payments.testConfirm, {
    params: { intentId },
    body: {
      clientSecret,
      card: { number: CARDS.ok, expMonth: 12, expYear: nextYear, cvc: '123' },
      billing: { name, email: donor.email },
    },
  });
  await as(donor).call(api.payments.confirm, { body: { intentId } });
  const started = await as(donor).call(api.recurring.start, {
    body: { fundId: fund.id, amountTk: 100 },
  });
  const { gift, setup } = started.json<{
    gift: { id: string };
    setup: { setupIntentId: string; clientSecret: string };
  }>();
  await as(ctx).call(api.recurring.testConfirmSetup, {
    params: { setupIntentId: setup.setupIntentId },
    body: {
      clientSecret: setup.clientSecret,
      card: { number: CARDS.ok, expMonth: 12, expYear: nextYear, cvc: '123' },
      billing: { name, email: donor.email },
    },
  });
  await as(donor).call(api.recurring.activate, { params: { giftId: gift.id } });
  await ctx.app.inject({
    method: 'POST',
    url: urlOf(api.messages.contact),
    headers: { origin: 'http://localhost:3000' },
    payload: { name, email: donor.email, message: `A question from ${name} about giving.` },
  });
  return { donor, fund, giftId: gift.id };
}

describe('download my data', () => {
  it("holds every row the site keeps about the donor, and nothing of anyone else's", async () => {
    const { donor, fund, giftId } = await busyDonor('Nusrat Jahan');
    const other = await busyDonor('Rafiq Islam');
    const res = await as(donor).call(api.privacy.exportJson);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = res.json<{ tables: Record<string, Record<string, unknown>[]> }>();
    const { tables } = data;
    expect(tables.user!.map((u) => u.email)).toEqual([donor.email]);
    expect(tables.payments!.filter((p) => p.status === 'succeeded')).toHaveLength(2);
    expect(tables.payments!.every((p) => p.user_id === donor.id)).toBe(true);
    expect(tables.payments!.some((p) => typeof p.receipt_number === 'string')).toBe(true);
    expect(tables.recurring_gifts!.map((g) => g.id)).toEqual([giftId]);
    expect(tables.recurring_charges).toHaveLength(1);
    expect(tables.session!.length).toBeGreaterThan(0);
    expect(tables.account).toHaveLength(1);
    expect(tables.fund_subscriptions!.map((s) => s.fund_id)).toEqual([fund.id]);
    expect(tables.contact_messages!.map((m) => m.email)).toEqual([donor.email]);
    const text = res.body;
    // No secret, and no other person's data.
    expect(text).not.toMatch(/"password"|"token"|"secret"/);
    expect(text).not.toContain(other.donor.email);
    expect(text).not.toContain(other.donor.id);
    expect(text).not.toContain('Rafiq');

    const csv = await as(donor).call(api.privacy.exportCsv);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('"recurring_gifts","1","id"');
    expect(csv.body).toContain(donor.email);
    expect(csv.body).not.toContain(other.donor.email);
    expect((await as(ctx).call(api.privacy.exportJson)).statusCode).toBe(401);
  });
});

describe('close my account', () => {
  it('erases the person, keeps the money records as "Former donor", and ends sign-in', async () => {
    const { donor, fund, giftId } = await busyDonor('Salma Akter');
    const wrong = await as(donor).call(api.privacy.close, { body: { password: 'not-it-1' } });
    expect(wrong.statusCode).toBe(400);
    const before = await checkLedger(ctx.db);
    const closed = await as(donor).call(api.privacy.close, { body: { password: donor.password } });
    expect(closed.statusCode, closed.body).toBe(200);

    // No sign-in, no session.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: donor.email, password: donor.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect((await as(donor).call(api.recurring.mine)).statusCode).toBe(401);

    // The account row stays, anonymised.
    const [row] = await ctx.db.select().from(user).where(eq(user.id, donor.id));
    expect(row!.name).toBe('Former donor');
    expect(row!.email).not.toContain('example.com');
    expect(row!.image).toBeNull();
    const [gift] = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId));
    expect([gift!.status, gift!.statusReason]).toEqual(['ended', 'account_closed']);

    // Gone from the wall, the raiser's export and the admins' lists.
    const wall = await as(ctx).call(api.supporters.list, { params: { id: fund.id } });
    expect(wall.body).not.toContain('Salma');
    expect(wall.body).toContain('Former donor');
    expect(wall.body).not.toContain('Stay strong');
    const users = await as(admin).call(api.users.list, { query: { q: 'Salma' } });
    expect(users.body).not.toContain('Salma');
    const payments = await as(admin).call(api.payments.search, { query: { q: 'Salma' } });
    expect(payments.body).not.toContain('Salma');
    expect(payments.body).not.toContain(donor.email);

    // The ledger is as it was.
    const after = await checkLedger(ctx.db);
    expect(after.ok).toBe(true);
    expect(after.succeededPoisha).toBe(before.succeededPoisha);
  });

  it('refuses a raiser whose funds hold money not yet paid out, until it is settled', async () => {
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    const donor = await createSignedInUser(ctx);
    await donate(ctx, donor, fund.id, 300);
    const refused = await as(raiser).call(api.privacy.close, {
      body: { password: raiser.password },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('not_paid_out');
    await ctx.db.insert(withdrawals).values({
      fundId: fund.id,
      raiserId: raiser.id,
      amountPoisha: 30_000,
      status: 'approved',
    });
    const closed = await as(raiser).call(api.privacy.close, {
      body: { password: raiser.password },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('with two-factor sign-in, needs a current code of the app beside the password', async () => {
    const donor = await createSignedInUser(ctx);
    const { secret, cookie } = await enableTwoFactor(ctx, donor);
    const me = { app: ctx.app, cookie };
    const close = (body: object) => as(me).call(api.privacy.close, { body });
    const passwordOnly = await close({ password: donor.password });
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json()).toMatchObject({
      error: { fields: { secondFactor: CLOSE_MESSAGES.wrongSecondFactor } },
    });
    // A code of ten minutes ago, someone else's backup code, a right code with a wrong password.
    const stale = totpCode(secret, Date.now() - 10 * 60_000);
    expect((await close({ password: donor.password, secondFactor: stale })).statusCode).toBe(400);
    expect(
      (await close({ password: donor.password, secondFactor: 'AAAAA-BBBBB' })).statusCode,
    ).toBe(400);
    const wrongPassword = await close({ password: 'not-it-1', secondFactor: totpCode(secret) });
    expect(wrongPassword.json()).toMatchObject({
      error: { fields: { password: CLOSE_MESSAGES.wrongPassword } },
    });
    const [still] = await ctx.db.select().from(user).where(eq(user.id, donor.id));
    expect(still!.email).toBe(donor.email);

    const closed = await close({ password: donor.password, secondFactor: totpCode(secret) });
    expect(closed.statusCode, closed.body).toBe(200);
    await expect(signIn(ctx.app, donor.email, donor.password)).rejects.toThrow();
  });

  it('with two-factor sign-in, takes one of the backup codes instead', async () => {
    const donor = await createSignedInUser(ctx);
    const { backupCodes, cookie } = await enableTwoFactor(ctx, donor);
    const me = { app: ctx.app, cookie };
    const code = backupCodes[3]!;
    const closed = await as(me).call(api.privacy.close, {
      body: { password: donor.password, secondFactor: code },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const [row] = await ctx.db.select().from(user).where(eq(user.id, donor.id));
    expect(row!.name).toBe('Former donor');
  });

  it('needs a signed-in user', async () => {
    expect((await as(ctx).call(api.privacy.close, { body: { password: 'x' } })).statusCode).toBe(
      401,
    );
  });
});
