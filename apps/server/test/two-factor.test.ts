import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  type TestContext,
} from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ ADMIN_REQUIRE_2FA: 'true' });
});
afterAll(() => ctx.close());

const signIn = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: ORIGIN,
    payload: { email, password },
  });

const me = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });

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
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: IDENTITY_ERRORS.twoFactorRequired });

    // Everything that is not an admin call still works.
    const cart = await ctx.app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { cookie: admin.cookie },
    });
    expect(cart.statusCode).toBe(200);
  });

  it('lets the admin in once two-factor sign-in is on', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const { cookie } = await enableTwoFactor(ctx, admin);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
  });

  it('tells the web app that admins need it on this deployment', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth-providers' });
    expect(res.json().adminTwoFactorRequired).toBe(true);
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
      const res = await local.app.inject({
        method: 'GET',
        url: '/api/admin/users',
        headers: { cookie: admin.cookie },
      });
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
