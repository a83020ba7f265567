import { describe, expect, it } from 'vitest';
import { MSG } from '@easyfund/shared/texts';
import { buildTestApp, createSignedInUser, ORIGIN, useTestApp, urlOf, as } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx } = useTestApp({}, { env: { ADMIN_EMAILS: 'boss@example.com' } });

const signUp = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: ORIGIN, payload });

describe('identity', () => {
  it('answers 401 for /api/me without a session', async () => {
    const res = await as(ctx).call(api.session.me);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'unauthorized', message: expect.any(String) },
    });
  });

  it("refuses a sign-up password without a digit with the spec's message", async () => {
    const res = await signUp({
      name: 'Rahim',
      image: 'https://example.com/a.png',
      email: 'rahim@example.com',
      password: 'abcdefg',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toBe(MSG.password);
  });

  it('refuses sign-up with a bad email, missing name and missing photo, field by field', async () => {
    const res = await signUp({ name: '', image: '', email: 'nope', password: 'abc123' });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(fields).toMatchObject({
      name: MSG.nameRequired,
      image: MSG.photoRequired,
      email: MSG.invalidEmail,
    });
  });

  it('signs up with role user; signing in sets an httpOnly SameSite cookie and /api/me answers the user', async () => {
    const res = await signUp({
      name: 'Rahim',
      image: 'https://example.com/a.png',
      email: 'rahim2@example.com',
      password: 'abc123',
    });
    expect(res.statusCode).toBe(200);
    // Sign-up itself signs nobody in: it answers an existing address the same way.
    expect(res.headers['set-cookie']).toBeUndefined();
    const signInRes = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'rahim2@example.com', password: 'abc123' },
    });
    const setCookie = String(signInRes.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(';')[0]!;
    const me = await as({ app: ctx.app, cookie }).call(api.session.me);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      name: 'Rahim',
      email: 'rahim2@example.com',
      image: 'https://example.com/a.png',
      role: 'user',
      emailVerified: false,
      twoFactorEnabled: false,
    });
  });

  it('makes a verified ADMIN_EMAILS account an admin', async () => {
    const admin = await createSignedInUser(ctx, { email: 'boss@example.com' });
    const me = await as(admin).call(api.session.me);
    expect(me.json().role).toBe('admin');
  });

  it('answers the same for an unknown e-mail and a wrong password', async () => {
    const u = await createSignedInUser(ctx);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: u.email, password: 'wrong123' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'nobody@example.com', password: 'wrong123' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('accepts a bearer token issued at sign-in', async () => {
    const u = await createSignedInUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: u.email, password: u.password },
    });
    const token = res.headers['set-auth-token'];
    expect(token).toBeTruthy();
    const me = await ctx.app.inject({
      method: 'GET',
      url: urlOf(api.session.me),
      headers: { authorization: `Bearer ${String(token)}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(u.email);
  });

  it('signs out: the session no longer works', async () => {
    const u = await createSignedInUser(ctx);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: u.cookie, origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(200);
    const me = await as(u).call(api.session.me);
    expect(me.statusCode).toBe(401);
  });
});

describe('external sign-in providers', () => {
  it('lists none when none is configured, so no button is shown', async () => {
    const res = await as(ctx).call(api.session.providers);
    expect(res.json()).toEqual({ google: false, oidc: null, adminTwoFactorRequired: false });
  });

  it('lists Google and an OpenID Connect provider when configured', async () => {
    const other = await buildTestApp({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      OIDC_ISSUER: 'http://127.0.0.1:9/',
      OIDC_CLIENT_ID: 'client',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_NAME: 'Example ID',
    });
    try {
      const res = await as(other).call(api.session.providers);
      expect(res.json()).toEqual({
        google: true,
        oidc: { name: 'Example ID' },
        adminTwoFactorRequired: false,
      });
    } finally {
      await other.close();
    }
  });
});

describe('errors and health', () => {
  it('answers /api/health with the database up', async () => {
    const res = await as(ctx).call(api.health.check);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('serves the OpenAPI document', async () => {
    const res = await as(ctx).call(api.health.openapi);
    expect(res.statusCode).toBe(200);
    expect(
      res.json<{ paths: Record<string, unknown> }>().paths[api.health.check.path],
    ).toBeDefined();
  });

  it('sends security headers', async () => {
    const res = await as(ctx).call(api.health.check);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
