import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSignedInUser, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/session', () => {
  it('answers 200 with a null user when signed out (no 401)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('answers the signed-in user with role, and nothing more', async () => {
    const u = await createSignedInUser(ctx, { role: 'verified', name: 'Karim' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: u.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: u.id,
        name: 'Karim',
        email: u.email,
        image: '/images/avatar.svg',
        role: 'verified',
        emailVerified: true,
        twoFactorEnabled: false,
      },
    });
  });

  it('treats an unknown or forged session cookie as signed out', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: 'better-auth.session_token=forged.value' },
    });
    expect(res.json()).toEqual({ user: null });
  });
});
