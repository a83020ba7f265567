import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IDENTITY_ERRORS } from '@easyfund/shared/identity';
import { loadConfig } from '../src/config';
import { user } from '../src/db/schema';
import {
  buildTestApp,
  createSignedInUser,
  enableTwoFactor,
  mergeCookies,
  ORIGIN,
  totpCode,
  useTestApp,
  urlOf,
  as,
} from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx } = useTestApp({}, { env: { ADMIN_REQUIRE_2FA: 'true' } });

const signIn = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: ORIGIN,
    payload: { email, password },
  });

const me = (cookie: string) => as({ app: ctx.app, cookie }).call(api.session.get);

describe('two-factor sign-in', () => {
  it('is offered to every user: turning it on needs the password and a first code from the app', async () => {
    const u = await createSignedInUser(ctx);
    const wrongPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: { cookie: u.cookie, ...ORIGIN },
      payload: { password: 'wrong123' },
    });
    expect(wrongPassword.statusCode).toBe(400);

    const { totpURI, backupCodes, cookie } = await enableTwoFactor(ctx, u);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Easy%20Fund:/);
    expect(backupCodes).toHaveLength(10);
    expect((await me(cookie)).json().user).toMatchObject({ twoFactorEnabled: true });
  });

  it('asks for the code at sign-in, and signs in with a code from the app', async () => {
    const u = await createSignedInUser(ctx);
    const { secret } = await enableTwoFactor(ctx, u);

    const first = await signIn(u.email, u.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = mergeCookies('', first.headers['set-cookie']);
    expect(pending).not.toMatch(/session_token/);
    expect((await me(pending)).json().user).toBeNull();

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { cookie: pending, ...ORIGIN },
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(401);

    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { cookie: pending, ...ORIGIN },
      // The next period's code: the one used to turn it on may not be accepted twice.
      payload: { code: totpCode(secret, Date.now() + 30_000) },
    });
    expect(ok.statusCode).toBe(200);
    const session = mergeCookies(pending, ok.headers['set-cookie']);
    expect((await me(session)).json().user).toMatchObject({ email: u.email });
  });

  it('takes the code typed in Bangla digits (০–৯), as from a Bangla keyboard', async () => {
    const u = await createSignedInUser(ctx);
    const { secret } = await enableTwoFactor(ctx, u);
    const first = await signIn(u.email, u.password);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = mergeCookies('', first.headers['set-cookie']);
    const bangla = totpCode(secret, Date.now() + 30_000).replace(/\d/g, (d) =>
      String.fromCharCode(0x09e6 + Number(d)),
    );
    expect(bangla).toMatch(/^[০-৯]{6}$/);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { cookie: pending, ...ORIGIN },
      payload: { code: ` ${bangla} ` },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const session = mergeCookies(pending, ok.headers['set-cookie']);
    expect((await me(session)).json().user).toMatchObject({ email: u.email });
  });

  it('signs in with a backup code once; the same code does not work twice', async () => {
    const u = await createSignedInUser(ctx);
    const { backupCodes } = await enableTwoFactor(ctx, u);
    const code = backupCodes[0]!;

    const pending = mergeCookies('', (await signIn(u.email, u.password)).headers['set-cookie']);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-backup-code',
      headers: { cookie: pending, ...ORIGIN },
      payload: { code },
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(mergeCookies(pending, ok.headers['set-cookie']))).json().user).toMatchObject({
      email: u.email,
    });

    const again = mergeCookies('', (await signIn(u.email, u.password)).headers['set-cookie']);
    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-backup-code',
      headers: { cookie: again, ...ORIGIN },
      payload: { code },
    });
    expect(reused.statusCode).toBe(401);
  });
});

describe('admins and two-factor sign-in (ADMIN_REQUIRE_2FA=true)', () => {
  it('refuses admin calls to an admin without it, with a code the web app recognises', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const res = await as(admin).call(api.users.list);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: IDENTITY_ERRORS.twoFactorRequired });

    // Everything that is not an admin call still works.
    const cart = await as(admin).call(api.cart.list);
    expect(cart.statusCode).toBe(200);
  });

  it('lets the admin in once two-factor sign-in is on', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const { cookie } = await enableTwoFactor(ctx, admin);
    const res = await as({ app: ctx.app, cookie }).call(api.users.list);
    expect(res.statusCode).toBe(200);
  });

  it('tells the web app that admins need it on this deployment', async () => {
    const res = await as(ctx).call(api.session.providers);
    expect(res.json().adminTwoFactorRequired).toBe(true);
  });
});

describe('two-factor sign-in belongs to the session', () => {
  const changeRole = (cookie: string, id: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: urlOf(api.users.changeRole, { params: { id } }),
      headers: { cookie, ...ORIGIN },
      payload: { role: 'verified' },
    });
  const roleOf = async (id: string) =>
    (await ctx.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;

  /** Signs in with the password, then the app's code of the next period. */
  async function signInWithCode(email: string, password: string, secret: string, trust = false) {
    const pending = mergeCookies('', (await signIn(email, password)).headers['set-cookie']);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { cookie: pending, ...ORIGIN },
      payload: { code: totpCode(secret, Date.now() + 30_000), trustDevice: trust },
    });
    expect(ok.statusCode).toBe(200);
    return mergeCookies(pending, ok.headers['set-cookie']);
  }

  it('ends the sessions of the password alone when it is turned on: they change no role afterwards', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const target = await createSignedInUser(ctx, { role: 'user' });
    // A second sign-in with the password alone, before two-factor sign-in is on.
    const passwordOnly = mergeCookies(
      '',
      (await signIn(admin.email, admin.password)).headers['set-cookie'],
    );
    expect((await me(passwordOnly)).json().user).toMatchObject({ id: admin.id });

    const { cookie } = await enableTwoFactor(ctx, admin);

    const refused = await changeRole(passwordOnly, target.id);
    expect(refused.statusCode).toBe(401);
    expect((await me(passwordOnly)).json().user).toBeNull();
    expect((await me(admin.cookie)).json().user).toBeNull();
    expect(await roleOf(target.id)).toBe('user');

    // The session that turned it on stays, and counts as having passed it.
    expect((await me(cookie)).json().user).toMatchObject({
      twoFactorEnabled: true,
      twoFactorVerified: true,
    });
    expect((await changeRole(cookie, target.id)).statusCode).toBe(200);
    expect(await roleOf(target.id)).toBe('verified');
  });

  it('refuses admin calls and the settings of the second factor to a sign-in that skipped the code (a trusted device); takes them from one with the code', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const target = await createSignedInUser(ctx, { role: 'user' });
    const { secret } = await enableTwoFactor(ctx, admin);
    const trusted = await signInWithCode(admin.email, admin.password, secret, true);
    const device = trusted
      .split('; ')
      .filter((c) => /trust_device/.test(c))
      .join('; ');
    expect(device).not.toBe('');

    // On the trusted device the password alone opens a session: the account has
    // two-factor sign-in on, this session never gave a code.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { cookie: device, ...ORIGIN },
      payload: { email: admin.email, password: admin.password },
    });
    expect(res.json()).not.toHaveProperty('twoFactorRedirect');
    const passwordOnly = mergeCookies(device, res.headers['set-cookie']);
    expect((await me(passwordOnly)).json().user).toMatchObject({
      id: admin.id,
      twoFactorEnabled: true,
      twoFactorVerified: false,
    });
    const refused = await changeRole(passwordOnly, target.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: IDENTITY_ERRORS.secondFactorNotGiven });
    expect(await roleOf(target.id)).toBe('user');
    // Nor, even with the password, does it read the app's secret, make new backup codes
    // or turn two-factor sign-in off.
    for (const path of ['get-totp-uri', 'generate-backup-codes', 'disable']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/auth/two-factor/${path}`,
        headers: { cookie: passwordOnly, ...ORIGIN },
        payload: { password: admin.password },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: IDENTITY_ERRORS.secondFactorNotGiven });
    }
    expect((await me(passwordOnly)).json().user).toMatchObject({ twoFactorEnabled: true });

    // The session that gave the code is an admin's.
    expect((await changeRole(trusted, target.id)).statusCode).toBe(200);
    expect(await roleOf(target.id)).toBe('verified');
  });

  it('keeps it through a password change that signs the other sessions out', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const { cookie } = await enableTwoFactor(ctx, admin);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie, ...ORIGIN },
      payload: {
        currentPassword: admin.password,
        newPassword: 'newpass123',
        revokeOtherSessions: true,
      },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = mergeCookies(cookie, changed.headers['set-cookie']);
    expect(renewed).not.toBe(cookie);
    const res = await as({ app: ctx.app, cookie: renewed }).call(api.users.list);
    expect(res.statusCode).toBe(200);
  });
});

describe('the list of sessions', () => {
  const list = (cookie: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/list-sessions', headers: { cookie } });

  it('shows no token that works as a bearer token or a cookie', async () => {
    const u = await createSignedInUser(ctx);
    await signIn(u.email, u.password);
    const res = await list(u.cookie);
    expect(res.statusCode).toBe(200);
    const sessions = res.json() as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    for (const s of sessions) {
      expect(s).not.toHaveProperty('token');
      expect(s).toMatchObject({ id: expect.any(String), userId: u.id });
    }
    // No value of the answer opens a session, whichever way it is sent.
    const cookieName = /^([^=]+)=/.exec(u.cookie)![1]!;
    const values = sessions.flatMap((s) => Object.values(s)).filter((v) => typeof v === 'string');
    for (const value of values) {
      const bearer = await ctx.app.inject({
        method: 'GET',
        url: urlOf(api.session.get),
        headers: { authorization: `Bearer ${value}` },
      });
      expect(bearer.json().user).toBeNull();
      expect((await me(`${cookieName}=${value}`)).json().user).toBeNull();
    }
  });

  it("revokes one of the caller's sessions by its id, and nobody else's", async () => {
    const u = await createSignedInUser(ctx);
    const other = mergeCookies('', (await signIn(u.email, u.password)).headers['set-cookie']);
    const stranger = await createSignedInUser(ctx);
    const sessionId = async (cookie: string) =>
      (
        (
          await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })
        ).json() as { session: { id: string } }
      ).session.id;
    const revoke = (id: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/revoke-session',
        headers: { cookie: u.cookie, ...ORIGIN },
        payload: { id },
      });

    // Someone else's session stays.
    expect((await revoke(await sessionId(stranger.cookie))).statusCode).toBe(200);
    expect((await me(stranger.cookie)).json().user).toMatchObject({ id: stranger.id });

    // The other of their own ends; the one asking stays.
    const otherId = await sessionId(other);
    expect((await list(u.cookie)).json()).toContainEqual(expect.objectContaining({ id: otherId }));
    expect((await revoke(otherId)).statusCode).toBe(200);
    expect((await me(other)).json().user).toBeNull();
    expect((await me(u.cookie)).json().user).toMatchObject({ id: u.id });
    expect((await list(u.cookie)).json()).toHaveLength(1);
  });
});

describe('the embedded default', () => {
  it('does not require it of admins (the demo prompts instead), unless PUBLIC_URL is https', async () => {
    const base = { AUTH_SECRET: 'x'.repeat(32), DATA_DIR: ctx.config.dataDir };
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://easyfund.example.org' })).toMatchObject({
      adminRequiresTwoFactor: true,
    });
    expect(
      loadConfig({
        ...base,
        PUBLIC_URL: 'https://easyfund.example.org',
        ADMIN_REQUIRE_2FA: 'false',
      }),
    ).toMatchObject({ adminRequiresTwoFactor: false });
    const local = await buildTestApp();
    try {
      expect(local.config.adminRequiresTwoFactor).toBe(false);
      const admin = await createSignedInUser(local, { role: 'admin' });
      const res = await as({ app: local.app, cookie: admin.cookie }).call(api.users.list);
      expect(res.statusCode).toBe(200);
      const row = await local.db
        .select({ on: user.twoFactorEnabled })
        .from(user)
        .where(eq(user.id, admin.id));
      expect(row[0]?.on).toBe(false);
    } finally {
      await local.close();
    }
  });
});
