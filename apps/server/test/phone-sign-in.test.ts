import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PHONE_PLACEHOLDER_NAME } from '@easyfund/shared/phone';
import { user, verification } from '../src/db/schema';
import { smsDay, smsSegments } from '../src/modules/sms/service';
import { resources as api } from '@easyfund/shared/api/resources';
import {
  buildTestApp,
  createSignedInUser,
  enableTwoFactor,
  mergeCookies,
  ORIGIN,
  useTestApp,
  as,
} from './helper';
import { STAND_IN_SMS_ACCOUNT, useSmsStandIn } from './sslwireless-stand-in';

const standIn = useSmsStandIn();
const { ctx } = useTestApp({}, { env: () => standIn.env });

/** Numbers never used by another test of this file (each has its own limits). */
let serial = 0;
const freshNumber = () => `0171${String(1_000_000 + ++serial).slice(1)}0`.slice(0, 11);
const e164 = (local: string) => `+88${local}`;
/** Each test's requests come from a network of their own unless told otherwise. */
let net = 0;
const freshNetwork = () => `198.51.100.${++net}`;

const sendCode = (
  phoneNumber: string,
  opts: { remoteAddress?: string; cookie?: string; lang?: string } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/send-otp',
    remoteAddress: opts.remoteAddress ?? freshNetwork(),
    headers: {
      ...ORIGIN,
      ...(opts.cookie || opts.lang
        ? { cookie: [opts.cookie, opts.lang && `lang=${opts.lang}`].filter(Boolean).join('; ') }
        : {}),
    },
    payload: { phoneNumber },
  });

const verify = (
  phoneNumber: string,
  code: string,
  opts: { cookie?: string; updatePhoneNumber?: boolean } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/verify',
    remoteAddress: freshNetwork(),
    headers: { ...ORIGIN, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    payload: {
      phoneNumber,
      code,
      ...(opts.updatePhoneNumber ? { updatePhoneNumber: true } : {}),
    },
  });

/** The code in the last SMS the stand-in got for a number. */
function lastCode(local: string): string {
  const msg = [...standIn.sent].reverse().find((m) => m.msisdn === `88${local}`);
  const code = /\d{6}/.exec(msg?.sms ?? '')?.[0];
  if (!code) throw new Error(`no code was sent to ${local}`);
  return code;
}

const me = (cookie: string) => as({ app: ctx.app, cookie }).call(api.session.get);

describe('signing in with a mobile number', () => {
  it('sends a 6-digit code by SMS and signs a new number up as a new donor', async () => {
    const local = freshNumber();
    const sent = await sendCode(local);
    expect(sent.statusCode).toBe(200);
    const msg = standIn.sent.at(-1)!;
    expect(msg.msisdn).toBe(`88${local}`);
    expect(msg.csms_id.length).toBeLessThanOrEqual(20);
    expect(msg.sms).toMatch(/^Easy Fund code \d{6}\. Valid 5 min\. Never share it\.$/);

    const res = await verify(local, lastCode(local));
    expect(res.statusCode).toBe(200);
    const cookie = mergeCookies('', res.headers['set-cookie']);
    expect(cookie).toMatch(/session_token/);
    const session = (await me(cookie)).json();
    expect(session.user).toMatchObject({ name: PHONE_PLACEHOLDER_NAME, role: 'user' });
    const [row] = await ctx.db
      .select()
      .from(user)
      .where(eq(user.phoneNumber, e164(local)));
    // The page's language is kept for the SMS that have no page to go by.
    expect(row).toMatchObject({ phoneNumberVerified: true, emailVerified: false, language: 'en' });
  });

  it('accepts a number as people write it and stores it as E.164; refuses other numbers with a message', async () => {
    const local = freshNumber();
    for (const spelling of [`+88${local}`, `88${local.slice(0, 5)}-${local.slice(5)}`]) {
      const res = await sendCode(spelling);
      expect(res.statusCode).toBe(200);
      expect(standIn.sent.at(-1)!.msisdn).toBe(`88${local}`);
    }
    const operator = await sendCode('01212345678');
    expect(operator.statusCode).toBe(400);
    expect(operator.json().error.fields?.phoneNumber).toMatch(/operator/);
    const short = await sendCode('0171234');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields?.phoneNumber).toMatch(/01712345678/);
    const foreign = await sendCode('+447911123456');
    expect(foreign.statusCode).toBe(400);
  });

  it('answers a code request the same whether or not the number has an account', async () => {
    const known = freshNumber();
    await sendCode(known);
    expect((await verify(known, lastCode(known))).statusCode).toBe(200);
    const unknown = freshNumber();
    const [a, b] = [await sendCode(known), await sendCode(unknown)];
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    // A wrong code is answered alike too.
    const [c, d] = [await verify(known, '000000'), await verify(unknown, '000000')];
    expect(c.statusCode).toBe(400);
    expect(c.body).toBe(d.body);
  });

  it('signs a returning number in to the same account', async () => {
    const local = freshNumber();
    await sendCode(local);
    const first = (await verify(local, lastCode(local))).json() as { user: { id: string } };
    await sendCode(local);
    const again = await verify(local, lastCode(local));
    expect(again.statusCode).toBe(200);
    expect((again.json() as { user: { id: string } }).user.id).toBe(first.user.id);
  });

  it('refuses a wrong code, ends a code after 5 wrong tries, and never takes a code twice', async () => {
    const local = freshNumber();
    await sendCode(local);
    const code = lastCode(local);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) expect((await verify(local, wrong)).statusCode).toBe(400);
    const ended = await verify(local, code);
    expect(ended.statusCode).toBe(403);
    expect(ended.json().error.code).toBe('too_many_attempts');

    await sendCode(local);
    const fresh = lastCode(local);
    expect((await verify(local, fresh)).statusCode).toBe(200);
    const reused = await verify(local, fresh);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('otp_not_found');
  });

  it('refuses a code older than 5 minutes', async () => {
    const local = freshNumber();
    await sendCode(local);
    const [stored] = await ctx.db
      .select({ expiresAt: verification.expiresAt })
      .from(verification)
      .where(eq(verification.identifier, `phone-number-otp-${e164(local)}`));
    const minutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4.9);
    expect(minutes).toBeLessThanOrEqual(5);
    await ctx.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `phone-number-otp-${e164(local)}`));
    const res = await verify(local, lastCode(local));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('otp_expired');
  });

  it('sends at most 3 codes to a number in an hour, from any network', async () => {
    const local = freshNumber();
    for (let i = 0; i < 3; i++) expect((await sendCode(local)).statusCode).toBe(200);
    const before = standIn.sent.length;
    const fourth = await sendCode(local);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('rate_limited');
    expect(standIn.sent.length).toBe(before);
  });

  it('writes the code in Bangla for a Bangla reader, in one SMS segment', async () => {
    const local = freshNumber();
    expect((await sendCode(local, { lang: 'bn' })).statusCode).toBe(200);
    const text = standIn.sent.at(-1)!.sms;
    expect(text).toMatch(/^Easy Fund কোড \d{6}।/);
    expect(smsSegments(text)).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(text.length).toBeLessThanOrEqual(70);
  });

  it('asks only for a code request from the site’s own pages', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/send-otp',
      payload: { phoneNumber: freshNumber() },
    });
    expect(res.statusCode).toBe(403);
  });

  it('keeps the plugin’s password routes for numbers closed', async () => {
    for (const url of [
      '/api/auth/sign-in/phone-number',
      '/api/auth/phone-number/request-password-reset',
      '/api/auth/phone-number/reset-password',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: ORIGIN,
        payload: {
          phoneNumber: e164(freshNumber()),
          password: 'secret123',
          otp: '123456',
          newPassword: 'abc12345',
        },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('adds a verified number to an e-mail account, which then signs in with either', async () => {
    const u = await createSignedInUser(ctx);
    const local = freshNumber();
    expect((await sendCode(local, { cookie: u.cookie })).statusCode).toBe(200);
    const added = await verify(local, lastCode(local), {
      cookie: u.cookie,
      updatePhoneNumber: true,
    });
    expect(added.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(user).where(eq(user.id, u.id));
    expect(row).toMatchObject({ phoneNumber: e164(local), phoneNumberVerified: true });

    await sendCode(local);
    const signedIn = await verify(local, lastCode(local));
    expect((signedIn.json() as { user: { id: string } }).user.id).toBe(u.id);
    // A number already on an account is not added to another.
    const other = await createSignedInUser(ctx);
    await sendCode(local, { cookie: other.cookie });
    const taken = await verify(local, lastCode(local), {
      cookie: other.cookie,
      updatePhoneNumber: true,
    });
    expect(taken.statusCode).toBe(400);
    // Refused without saying whose it is, and the number stays where it was.
    expect(taken.body).not.toContain(u.id);
    expect(taken.body).not.toContain(u.email);
    expect(taken.body).not.toContain(u.name);
    const [otherRow] = await ctx.db.select().from(user).where(eq(user.id, other.id));
    expect(otherRow?.phoneNumber).toBeNull();
    const [ownerRow] = await ctx.db.select().from(user).where(eq(user.id, u.id));
    expect(ownerRow?.phoneNumber).toBe(e164(local));
  });

  it('does not let an SMS code stand in for the authenticator app of a two-factor account', async () => {
    const u = await createSignedInUser(ctx);
    const local = freshNumber();
    await sendCode(local, { cookie: u.cookie });
    await verify(local, lastCode(local), { cookie: u.cookie, updatePhoneNumber: true });
    await enableTwoFactor(ctx, u);
    await sendCode(local);
    const res = await verify(local, lastCode(local));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('two_factor_account');
    expect(mergeCookies('', res.headers['set-cookie'])).not.toMatch(/session_token=[^;]/);
  });
});

describe('SMS limits that cost money', () => {
  it('caps a number’s codes a day', async () => {
    const capped = await buildTestApp({
      SSLWIRELESS_API_URL: standIn.url,
      SSLWIRELESS_API_TOKEN: STAND_IN_SMS_ACCOUNT.apiToken,
      SSLWIRELESS_SID: STAND_IN_SMS_ACCOUNT.sid,
      SMS_CODE_DAILY_MAX: '2',
      SMS_NETWORK_DAILY_MAX: '3',
      SMS_DAILY_CEILING_TK: '4',
      SMS_SEGMENT_COST_POISHA: '50',
    });
    try {
      const send = (phoneNumber: string, remoteAddress: string) =>
        capped.app.inject({
          method: 'POST',
          url: '/api/auth/phone-number/send-otp',
          remoteAddress,
          headers: ORIGIN,
          payload: { phoneNumber },
        });
      const local = freshNumber();
      expect((await send(local, '203.0.113.1')).statusCode).toBe(200);
      expect((await send(local, '203.0.113.2')).statusCode).toBe(200);
      const third = await send(local, '203.0.113.3');
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toMatch(/today/);

      // One network past its day's requests must solve the puzzle, never is refused outright.
      for (let i = 0; i < 3; i++) await send(freshNumber(), '203.0.113.50');
      const puzzle = await send(freshNumber(), '203.0.113.50');
      expect(puzzle.statusCode).toBe(403);
      expect(puzzle.json().error.code).toBe('challenge_required');

      // The day's ceiling (4 Tk at 0.50 Tk a segment: 8 messages) stops sending for everyone.
      let refused = 0;
      for (let i = 0; i < 4; i++) {
        const res = await send(freshNumber(), freshNetwork());
        if (res.statusCode === 503) {
          refused += 1;
          expect(res.json().error.code).toBe('sms_unavailable');
        }
      }
      expect(refused).toBeGreaterThan(0);
      const day = await smsDay(capped.db);
      expect(day.costPoisha).toBeLessThanOrEqual(400);
      expect(day.refused).toBe(refused);
    } finally {
      await capped.close();
    }
  });
});

describe('SMS segments', () => {
  it('counts GSM-7 and UCS-2 segments as the network does', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161)).segments).toBe(2);
    expect(smsSegments('€'.repeat(80))).toMatchObject({
      encoding: 'GSM-7',
      units: 160,
      segments: 1,
    });
    expect(smsSegments('অ'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments('অ'.repeat(71)).segments).toBe(2);
  });
});
