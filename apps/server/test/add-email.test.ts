import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account, user } from '../src/db/schema';
import { resources as api } from '@easyfund/shared/api/resources';
import type { BodyInputOf } from '@easyfund/shared/api/contract';
import {
  as,
  createSignedInUser,
  mergeCookies,
  ORIGIN,
  signIn,
  useTestApp,
  postAuth,
} from './helper';
import { useSmsStandIn } from './sslwireless-stand-in';

/** An account made from a mobile number adds an e-mail address and signs in with either. */
const standIn = useSmsStandIn();
const { ctx } = useTestApp({}, { env: () => standIn.env });

let serial = 0;
const freshNumber = () => `0181${String(1_000_000 + ++serial).slice(1)}0`.slice(0, 11);
let net = 0;
const freshNetwork = () => `203.0.113.${++net}`;

/** Signs a new number up by its SMS code; the session cookie. */
async function phoneAccount(): Promise<{ cookie: string; local: string }> {
  const local = freshNumber();
  const sent = await postAuth(
    ctx.app,
    'phone-number/send-otp',
    { phoneNumber: local },
    freshNetwork(),
  );
  expect(sent.statusCode).toBe(200);
  const msg = [...standIn.sent].reverse().find((m) => m.msisdn === `88${local}`);
  const code = /\d{6}/.exec(msg?.sms ?? '')![0];
  const res = await postAuth(
    ctx.app,
    'phone-number/verify',
    { phoneNumber: local, code },
    freshNetwork(),
  );
  expect(res.statusCode).toBe(200);
  return { cookie: mergeCookies('', res.headers['set-cookie']), local };
}

const addEmail = (cookie: string | undefined, body: BodyInputOf<typeof api.session.addEmail>) =>
  as({ app: ctx.app, cookie }).call(api.session.addEmail, { body, headers: ORIGIN });

const me = async (cookie: string) =>
  (await as({ app: ctx.app, cookie }).call(api.session.get)).json().user!;

/** The token of the newest link mailed to `email`. */
function mailedToken(email: string): string | null {
  const mail = ctx.mails.filter((m) => m.to === email).at(-1);
  if (!mail) return null;
  return new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token');
}

const followLink = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
  });

describe('adding an e-mail address to an account made from a mobile number', () => {
  it('mails a link to the address; once opened, the person signs in with the address or the number', async () => {
    const { cookie, local } = await phoneAccount();
    const email = `phone.${local}@example.com`;
    const res = await addEmail(cookie, { email: email.toUpperCase(), password: 'secret12' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    // Nothing changes before the link is opened: no sign-in with the address yet.
    expect((await me(cookie)).hasEmail).toBe(false);
    await expect(signIn(ctx.app, email, 'secret12')).rejects.toThrow();

    const token = mailedToken(email);
    expect(token).toBeTruthy();
    expect((await followLink(token!)).statusCode).toBe(200);
    expect(await me(cookie)).toMatchObject({
      email,
      hasEmail: true,
      emailVerified: true,
      phoneNumber: `+88${local}`,
    });

    // Either way in: the address with its password, and the number with a code.
    const byEmail = await signIn(ctx.app, email, 'secret12');
    expect((await me(byEmail)).phoneNumber).toBe(`+88${local}`);
    const again = await postAuth(
      ctx.app,
      'phone-number/send-otp',
      { phoneNumber: local },
      freshNetwork(),
    );
    expect(again.statusCode).toBe(200);
    const code = /\d{6}/.exec(standIn.sent.at(-1)!.sms)![0];
    const byPhone = await postAuth(
      ctx.app,
      'phone-number/verify',
      { phoneNumber: local, code },
      freshNetwork(),
    );
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json().user.email).toBe(email);

    // An address is added once: after that it is changed with the password.
    const twice = await addEmail(cookie, {
      email: `other.${local}@example.com`,
      password: 'secret12',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('email_already_set');
  });

  it('does not take an address another account has, with the same answer and nothing mailed', async () => {
    const other = await createSignedInUser(ctx, { email: 'taken.address@example.com' });
    const { cookie } = await phoneAccount();
    const before = ctx.mails.length;
    const res = await addEmail(cookie, { email: other.email, password: 'secret12' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    expect(ctx.mails.length).toBe(before);
    const mine = await me(cookie);
    expect(mine.hasEmail).toBe(false);
    // The other account is untouched and still signs in with its own password.
    const [row] = await ctx.db.select().from(user).where(eq(user.email, other.email));
    expect(row!.id).toBe(other.id);
    await expect(signIn(ctx.app, other.email, other.password)).resolves.toMatch(/session_token/);
  });

  it('keeps the password of the latest try when the first link was never opened', async () => {
    const { cookie, local } = await phoneAccount();
    const email = `retry.${local}@example.com`;
    expect((await addEmail(cookie, { email, password: 'first123' })).statusCode).toBe(200);
    expect((await addEmail(cookie, { email, password: 'second12' })).statusCode).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(user)
      .where(eq(user.phoneNumber, `+88${local}`));
    const credentials = await ctx.db.select().from(account).where(eq(account.userId, row!.id));
    expect(credentials.filter((a) => a.providerId === 'credential')).toHaveLength(1);
    expect((await followLink(mailedToken(email)!)).statusCode).toBe(200);
    await expect(signIn(ctx.app, email, 'first123')).rejects.toThrow();
    await expect(signIn(ctx.app, email, 'second12')).resolves.toMatch(/session_token/);
  });

  it('checks the address and the password with the site’s messages', async () => {
    const { cookie } = await phoneAccount();
    const res = await addEmail(cookie, { email: 'not-an-address', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: 'Invalid email address',
      password:
        'Password must be at least 6 characters long and contain at least one letter and one number',
    });
  });

  it('is for a signed-in account made from a number only; the identity route is not open to browsers', async () => {
    expect(
      (await addEmail(undefined, { email: 'x@example.com', password: 'secret12' })).statusCode,
    ).toBe(401);
    const emailUser = await createSignedInUser(ctx);
    const res = await addEmail(emailUser.cookie, {
      email: 'new@example.com',
      password: 'secret12',
    });
    expect(res.statusCode).toBe(409);
    const { cookie } = await phoneAccount();
    const direct = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { ...ORIGIN, cookie },
      payload: { newEmail: 'direct@example.com' },
    });
    expect(direct.statusCode).toBe(404);
    expect(ctx.mails.some((m) => m.to === 'direct@example.com')).toBe(false);
  });
});
