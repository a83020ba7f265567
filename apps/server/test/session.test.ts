import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { session } from '../src/db/schema';
import { housekeeping } from '../src/plugins/housekeeping';
import { createSignedInUser, useTestApp } from './helper';

const { ctx } = useTestApp();

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
        hasEmail: true,
        phoneNumber: null,
        twoFactorEnabled: false,
        twoFactorVerified: false,
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

describe('sessions that ended', () => {
  it('are deleted by the hourly housekeeping, with the address and browser they kept; live ones stay', async () => {
    const ended = await createSignedInUser(ctx, { name: 'Ended Session' });
    const live = await createSignedInUser(ctx, { name: 'Live Session' });
    await ctx.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000), ipAddress: '100.64.1.2' })
      .where(eq(session.userId, ended.id));
    await housekeeping(ctx.app);
    const left = await ctx.db
      .select({ userId: session.userId })
      .from(session)
      .where(inArray(session.userId, [ended.id, live.id]));
    expect(left).toEqual([{ userId: live.id }]);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: live.cookie },
    });
    expect(me.json().user).toMatchObject({ id: live.id });
  });
});
