import { describe, expect, it } from 'vitest';
import { MSG } from '@easyfund/shared/texts';
import { createSignedInUser, ORIGIN, signIn, as, useTestApp, postAuth } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx } = useTestApp();

/** Asks for a reset link and returns the token from the mail's link, after following it. */
async function requestResetToken(email: string): Promise<string> {
  const before = ctx.mails.length;
  const res = await postAuth(ctx.app, 'request-password-reset', {
    email,
    redirectTo: 'http://localhost:3000/reset-password',
  });
  expect(res.statusCode).toBe(200);
  const mail = ctx.mails[before];
  expect(mail?.to).toBe(email);
  const link = /https?:\/\/\S+/.exec(mail!.text)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  const follow = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(follow.statusCode).toBe(302);
  const location = new URL(String(follow.headers.location));
  expect(location.pathname).toBe('/reset-password');
  return location.searchParams.get('token')!;
}

describe('forgot password', () => {
  it('mails a reset link that sets a new password under the same rule', async () => {
    const u = await createSignedInUser(ctx, { password: 'oldpass1' });
    const token = await requestResetToken(u.email);

    const weak = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'onlyletters' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.newPassword).toBe(MSG.password);

    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'newpass2' },
    });
    expect(ok.statusCode).toBe(200);
    await expect(signIn(ctx.app, u.email, 'newpass2')).resolves.toContain('session_token');
    await expect(signIn(ctx.app, u.email, 'oldpass1')).rejects.toThrow(/401/);
  });

  it('revokes existing sessions when the password is reset', async () => {
    const u = await createSignedInUser(ctx);
    const token = await requestResetToken(u.email);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'another9' },
    });
    const me = await as({ app: ctx.app, cookie: u.cookie }).call(api.session.me);
    expect(me.statusCode).toBe(401);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = ctx.mails.length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: ORIGIN,
      payload: {
        email: 'nobody-here@example.com',
        redirectTo: 'http://localhost:3000/reset-password',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(ctx.mails.length).toBe(before);
  });

  it('refuses a used or made-up token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'not-a-real-token', newPassword: 'valid123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBeTruthy();
  });
});
