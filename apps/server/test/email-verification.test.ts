import { describe, expect, it } from 'vitest';
import { IDENTITY_ERRORS } from '@easyfund/shared/identity';
import { MSG } from '@easyfund/shared/texts';
import { createFund, createDonation } from '../src/seed/factories';
import { rowsOf } from '../src/db/client';
import { configuredAdmins } from '../src/modules/identity/configured-admins';
import {
  createSignedInUser,
  enableTwoFactor,
  jobsDone,
  mergeCookies,
  ORIGIN,
  signIn,
  type SignedInUser,
  payoutAccountOf,
  useTestApp,
  postAuth,
  as,
} from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx } = useTestApp(
  {},
  { env: { ADMIN_EMAILS: 'boss@example.com,unlucky-boss@example.com' } },
);

const signUp = (email: string, password = 'abc123') =>
  postAuth(ctx.app, 'sign-up/email', {
    name: 'Someone',
    image: 'https://example.com/a.png',
    email,
    password,
  });

const session = async (cookie: string) =>
  (await as({ app: ctx.app, cookie }).call(api.session.get)).json().user as {
    role: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
  } | null;

/** The token of the newest verification link mailed to `email`. */
function verificationToken(email: string): string {
  const mail = ctx.mails.filter((m) => m.to === email && /Verify your/.test(m.subject)).at(-1);
  if (!mail) throw new Error(`no verification mail to ${email}`);
  const link = /https?:\/\/\S+/.exec(mail.text)![0];
  const url = new URL(link);
  expect(url.pathname).toBe('/verify-email');
  return url.searchParams.get('token')!;
}

const followLink = (token: string, cookie?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    headers: cookie ? { cookie } : {},
  });

/** The new-password link mailed when a listed address became admin: its reset token. */
async function adminPasswordToken(email: string): Promise<string> {
  await jobsDone(ctx);
  const mail = ctx.mails.filter((m) => m.to === email && /admin account/.test(m.subject)).at(-1);
  if (!mail) throw new Error(`no new-password mail to ${email}`);
  const link = /https?:\/\/\S+/.exec(mail.text)![0];
  // The identity layer's reset link answers with a redirect to our page and its token.
  const res = await ctx.app.inject({ method: 'GET', url: link.replace(/^https?:\/\/[^/]+/, '') });
  expect(res.statusCode).toBe(302);
  const page = new URL(res.headers.location!);
  expect(page.pathname).toBe('/reset-password');
  return page.searchParams.get('token')!;
}

describe('ADMIN_EMAILS needs proof of the address', () => {
  it('gives a squatter who signs up first with a listed address no rights, and ends their hold when the owner proves it', async () => {
    expect((await signUp('boss@example.com', 'squat123')).statusCode).toBe(200);
    const cookie = await signIn(ctx.app, 'boss@example.com', 'squat123');
    expect(await session(cookie)).toMatchObject({ role: 'user', emailVerified: false });
    const squatter = { id: '', email: 'boss@example.com', password: 'squat123', cookie };
    // The squatter even turns on two-factor sign-in with their own authenticator.
    const { cookie: squatterCookie } = await enableTwoFactor(ctx, {
      ...squatter,
      name: 'Someone',
      app: ctx.app,
    } as unknown as SignedInUser);
    const admin = await as({ app: ctx.app, cookie: squatterCookie }).call(api.users.list);
    expect(admin.statusCode).toBe(403);

    // The link goes to the address, which the squatter does not read. The owner who
    // follows it proves the address: the account becomes admin, and every session, the
    // password and the two-factor secret the squatter set are gone.
    expect((await followLink(verificationToken('boss@example.com'))).statusCode).toBe(200);
    expect(await session(squatterCookie)).toBeNull();
    expect(await session(cookie)).toBeNull();
    const stillAdmin = await as({ app: ctx.app, cookie: squatterCookie }).call(api.users.list);
    expect(stillAdmin.statusCode).toBe(401);
    await expect(signIn(ctx.app, 'boss@example.com', 'squat123')).rejects.toThrow(/401/);

    // Only the mailed link lets anyone in: the owner chooses a new password with it.
    const token = await adminPasswordToken('boss@example.com');
    const reset = await postAuth(ctx.app, 'reset-password', { token, newPassword: 'owner123' });
    expect(reset.statusCode).toBe(200);
    await expect(signIn(ctx.app, 'boss@example.com', 'squat123')).rejects.toThrow(/401/);
    const owner = await signIn(ctx.app, 'boss@example.com', 'owner123');
    expect(await session(owner)).toMatchObject({
      role: 'admin',
      emailVerified: true,
      twoFactorEnabled: false,
    });
  });

  it('makes an account that was verified before its address was listed admin at start-up the same way', async () => {
    const listed = 'later-boss@example.com';
    const held = await createSignedInUser(ctx, { email: listed });
    expect(await session(held.cookie)).toMatchObject({ role: 'user' });
    const later = configuredAdmins({
      config: { ...ctx.config, ADMIN_EMAILS: [listed] },
      db: ctx.db,
      jobs: () => ctx.app.jobs,
    });
    expect(await later.promoteAll()).toBe(1);
    expect(await later.promoteAll()).toBe(0);
    expect(await session(held.cookie)).toBeNull();
    await expect(signIn(ctx.app, listed, held.password)).rejects.toThrow(/401/);
    const token = await adminPasswordToken(listed);
    const reset = await postAuth(ctx.app, 'reset-password', { token, newPassword: 'owner123' });
    expect(reset.statusCode).toBe(200);
    expect(await session(await signIn(ctx.app, listed, 'owner123'))).toMatchObject({
      role: 'admin',
    });
  });

  it('gives no session to a sign-in that checked the old password just before the takeover', async () => {
    const listed = 'racing-boss@example.com';
    const held = await createSignedInUser(ctx, { email: listed });
    const takeover = configuredAdmins({
      config: { ...ctx.config, ADMIN_EMAILS: [listed] },
      db: ctx.db,
      jobs: () => ctx.app.jobs,
    });
    // The squatter's password is checked; the owner's takeover commits right after,
    // before the identity layer stores the sign-in's session.
    const identity = await ctx.app.auth.$context;
    const verify = identity.password.verify;
    identity.password.verify = async (input) => {
      const ok = await verify(input);
      identity.password.verify = verify;
      expect(await takeover.promoteAll()).toBe(1);
      return ok;
    };
    let res: Awaited<ReturnType<typeof ctx.app.inject>>;
    try {
      res = await postAuth(ctx.app, 'sign-in/email', { email: listed, password: held.password });
    } finally {
      identity.password.verify = verify;
    }
    expect(res.statusCode).toBe(401);
    const { sql } = await import('drizzle-orm');
    const left = await ctx.db.execute(
      sql`select count(*)::int as n from session where user_id = ${held.id}`,
    );
    expect(rowsOf(left)[0]!.n).toBe(0);
  });

  it('queues the new-password mail with the promotion: a failing mail server neither fails the link nor loses the mail', async () => {
    const listed = 'unlucky-boss@example.com';
    expect((await signUp(listed, 'squat123')).statusCode).toBe(200);
    const send = ctx.app.mailer.send;
    let refused = 0;
    ctx.app.mailer.send = async (mail) => {
      if (mail.to === listed && /admin account/.test(mail.subject)) {
        refused++;
        throw new Error('the mail server is down');
      }
      return send(mail);
    };
    try {
      const res = await followLink(verificationToken(listed));
      expect(res.statusCode).toBe(200);
      const { sql } = await import('drizzle-orm');
      const [row] = rowsOf(
        await ctx.db.execute(sql`select role from "user" where email = ${listed}`),
      );
      expect(row!.role).toBe('admin');
      // The first try fails; the queue tries again.
      const until = Date.now() + 10_000;
      while (refused === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(refused).toBe(1);
    } finally {
      ctx.app.mailer.send = send;
    }
    await jobsDone(ctx, 60_000);
    const token = await adminPasswordToken(listed);
    const reset = await postAuth(ctx.app, 'reset-password', { token, newPassword: 'owner123' });
    expect(reset.statusCode).toBe(200);
  }, 180_000);

  it('refuses a forged or made-up verification token', async () => {
    const res = await followLink('not-a-token');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_token');
  });

  it('keeps an admin with an unverified address out of admin calls until it is verified', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin', emailVerified: false });
    const res = await as(admin).call(api.users.list);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: IDENTITY_ERRORS.emailNotVerified });
  });
});

describe('e-mail verification for everyone', () => {
  it('mails a link on sign-up; the new account may donate at once, unverified', async () => {
    const email = 'new-donor@example.com';
    expect((await signUp(email)).statusCode).toBe(200);
    expect(verificationToken(email)).toBeTruthy();
    const cookie = await signIn(ctx.app, email, 'abc123');
    expect(await session(cookie)).toMatchObject({ role: 'user', emailVerified: false });
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    // A field the intent does not know is sent too (and left aside by the server).
    const intent = await as({ app: ctx.app, cookie }).send(api.payments.createIntent, {
      body: { fundId: fund.id, amountTk: 100, payoutAccountId: await payoutAccountOf(raiser) },
    });
    expect(intent.statusCode).toBe(201);
  });

  it('needs a verified address to apply to be a raiser, with a clear 403, then accepts it', async () => {
    const u = await createSignedInUser(ctx, { emailVerified: false });
    const body = {
      name: 'Applicant',
      image: 'https://example.com/me.png',
      idCardNumber: '1990123456789',
      phoneNumber: '01712345678',
    };
    const refused = await as(u).call(api.verifications.apply, {
      body,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: IDENTITY_ERRORS.emailNotVerified });

    // "Resend verification e-mail", then the link.
    const resend = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { cookie: u.cookie, ...ORIGIN },
      payload: { email: u.email },
    });
    expect(resend.statusCode).toBe(200);
    const verified = await followLink(verificationToken(u.email), u.cookie);
    expect(verified.statusCode).toBe(200);
    const cookie = mergeCookies(u.cookie, verified.headers['set-cookie']);

    const accepted = await as({ app: ctx.app, cookie }).call(api.verifications.apply, { body });
    expect(accepted.statusCode).toBe(201);
  });

  it('needs a verified address to withdraw', async () => {
    const raiser = await createSignedInUser(ctx, { role: 'verified', emailVerified: false });
    const donor = await createSignedInUser(ctx);
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: 1000 });
    const res = await as(raiser).call(api.withdrawals.request, {
      body: { fundId: fund.id, amountTk: 100, payoutAccountId: await payoutAccountOf(raiser) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(IDENTITY_ERRORS.emailNotVerified.code);
    // Reading what they raised still works.
    const mine = await as(raiser).call(api.funds.mine);
    expect(mine.statusCode).toBe(200);
  });
});

describe('sign-up answers the same whether or not the address has an account', () => {
  it('answers an existing address like a fresh one and mails its owner instead', async () => {
    const existing = await createSignedInUser(ctx, { name: 'Owner' });
    const fresh = await signUp('fresh-address@example.com', 'other123');
    const taken = await signUp(existing.email, 'other123');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(200);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      user: Object.keys(body.user).sort(),
    });
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    // Neither answer signs anyone in (the web app signs in with the password right after).
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(fresh.headers['set-cookie']).toBeUndefined();

    const news = ctx.mails.filter((m) => m.to === existing.email);
    expect(news.at(-1)?.subject).toBe('You already have an Easy Fund account');
    // The owner's password is unchanged; the other password does not open the account.
    await expect(signIn(ctx.app, existing.email, existing.password)).resolves.toBeTruthy();
    await expect(signIn(ctx.app, existing.email, 'other123')).rejects.toThrow(/401/);
  });

  it("still checks the spec's rules first", async () => {
    const res = await signUp('bad-password@example.com', 'abcdefg');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toBe(MSG.password);
  });
});
