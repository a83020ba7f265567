import { createHmac } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { session } from '../src/db/schema';
import { firstCookie, sessionReader } from '../src/modules/identity/session-reader';
import { housekeeping } from '../src/plugins/housekeeping';
import { resources as api } from '@easyfund/shared/api/resources';
import { as, createSignedInUser, useTestApp } from './helper';

const { ctx } = useTestApp();

describe('GET /api/session', () => {
  it('answers 200 with a null user when signed out (no 401)', async () => {
    const res = await as(ctx).call(api.session.get);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('answers the signed-in user with role, and nothing more', async () => {
    const u = await createSignedInUser(ctx, { role: 'verified', name: 'Karim' });
    const res = await as(u).call(api.session.get);
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
    const res = await as({ app: ctx.app, cookie: 'better-auth.session_token=forged.value' }).call(
      api.session.get,
    );
    expect(res.json()).toEqual({ user: null });
  });
});

/** The session cookie's pair (`name=value`) of a signed-in test user's Cookie header. */
function sessionPair(cookie: string): { name: string; token: string; signature: string } {
  const name = 'better-auth.session_token';
  const value = firstCookie(cookie, name)!;
  const at = value.lastIndexOf('.');
  return { name, token: value.slice(0, at), signature: value.slice(at + 1) };
}

const me = (cookie: string) => as({ app: ctx.app, cookie }).call(api.session.get);

describe('the session cookie, read without the identity layer', () => {
  it('answers what the identity layer answers for the same cookie', async () => {
    const u = await createSignedInUser(ctx, { role: 'admin', name: 'Same Answer' });
    const read = await sessionReader(ctx.app.auth, ctx.db)(u.cookie);
    const asked = await ctx.app.auth.api.getSession({ headers: new Headers({ cookie: u.cookie }) });
    expect(read).toBeTruthy();
    expect(read!.user).toEqual({
      id: asked!.user.id,
      name: asked!.user.name,
      email: asked!.user.email,
      image: asked!.user.image ?? null,
      role: asked!.user.role,
      emailVerified: asked!.user.emailVerified,
      twoFactorEnabled: asked!.user.twoFactorEnabled,
      phoneNumber: asked!.user.phoneNumber ?? null,
      phoneNumberVerified: asked!.user.phoneNumberVerified,
    });
    expect(read!.session).toEqual({
      expiresAt: asked!.session.expiresAt,
      twoFactorVerifiedAt: asked!.session.twoFactorVerifiedAt ?? null,
    });
  });

  it('refuses a real token with another signature, or signed with another secret', async () => {
    const u = await createSignedInUser(ctx, { name: 'Signed Once' });
    const { name, token, signature } = sessionPair(u.cookie);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const otherSecret = createHmac('sha256', 'another-secret-of-thirty-two-characters!')
      .update(token)
      .digest('base64');
    for (const value of [`${token}.${flipped}`, `${token}.${otherSecret}`, token, `${token}.`]) {
      const res = await me(`${name}=${encodeURIComponent(value)}`);
      expect(res.json(), value).toEqual({ user: null });
    }
    // The same token, correctly signed, still works (the refusals changed nothing).
    expect((await me(u.cookie)).json().user).toMatchObject({ id: u.id });
  });

  it('reads the first session cookie of the header, as the identity layer does', async () => {
    const first = await createSignedInUser(ctx, { name: 'First Cookie' });
    const second = await createSignedInUser(ctx, { name: 'Second Cookie' });
    const res = await me(`${first.cookie}; ${second.cookie}`);
    expect(res.json().user).toMatchObject({ id: first.id });
  });

  it('leaves an expired session to the identity layer, which ends it', async () => {
    const u = await createSignedInUser(ctx, { name: 'Expired Session' });
    await ctx.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, u.id));
    expect((await me(u.cookie)).json()).toEqual({ user: null });
    const left = await ctx.db.select().from(session).where(eq(session.userId, u.id));
    expect(left).toEqual([]);
  });

  it('leaves a session due for its daily extension to the identity layer, which extends it', async () => {
    const u = await createSignedInUser(ctx, { name: 'Extended Session' });
    // Signed in two days ago: 5 days left of 7, past the one-day update age.
    const inFiveDays = new Date(Date.now() + 5 * 24 * 3600_000);
    await ctx.db.update(session).set({ expiresAt: inFiveDays }).where(eq(session.userId, u.id));
    expect((await me(u.cookie)).json().user).toMatchObject({ id: u.id });
    const [row] = await ctx.db.select().from(session).where(eq(session.userId, u.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
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
    const me = await as(live).call(api.session.get);
    expect(me.json().user).toMatchObject({ id: live.id });
  });
});
