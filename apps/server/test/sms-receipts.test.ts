import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsSegments } from '../src/modules/sms/service';
import { user } from '../src/db/schema';
import {
  createSignedInUser,
  jobsDone,
  mergeCookies,
  ORIGIN,
  type SignedInUser,
  as,
  useTestApp,
} from './helper';
import { createRaisedFund, donate } from './payments-helper';
import { useSmsStandIn } from './sslwireless-stand-in';
import { resources as api } from '@easyfund/shared/api/resources';

const standIn = useSmsStandIn();
const { ctx } = useTestApp({}, { env: () => standIn.env });

let serial = 0;
/** A donor made from a mobile number, signed in the way the site does it. */
async function phoneDonor(lang?: 'bn' | 'en'): Promise<SignedInUser & { local: string }> {
  const local = `0181${String(1_000_000 + ++serial).slice(1)}9`.slice(0, 11);
  const headers = { ...ORIGIN, ...(lang ? { cookie: `lang=${lang}` } : {}) };
  await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/send-otp',
    remoteAddress: `192.0.2.${serial}`,
    headers,
    payload: { phoneNumber: local },
  });
  const code = /\d{6}/.exec(standIn.sent.at(-1)!.sms)![0];
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/verify',
    headers,
    payload: { phoneNumber: local, code },
  });
  const cookie = mergeCookies('', res.headers['set-cookie']);
  const body = res.json() as { user: { id: string; email: string; name: string } };
  if (lang) await ctx.db.update(user).set({ language: lang }).where(eq(user.id, body.user.id));
  return Object.assign({ ...body.user, password: '', cookie, local }, { app: ctx.app });
}

const linkOf = (text: string) => /http:\/\/localhost:3000\/r\/(\S+)$/.exec(text)?.[1];

describe('receipts by SMS', () => {
  it('texts a donor without an e-mail address their thank-you, receipt number and a short link', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await phoneDonor('en');
    const before = ctx.mails.length;
    const { confirmed } = await donate(ctx, donor, fund.id, 750);
    expect(confirmed.statusCode).toBe(200);
    await jobsDone(ctx);
    const sms = standIn.sent.at(-1)!;
    expect(sms.msisdn).toBe(`88${donor.local}`);
    expect(sms.sms).toMatch(
      /^Easy Fund: thank you for 750 Tk! Receipt EF-(?:T-)?\d{4}-\d{6} \(or STOP\): http:\/\/localhost:3000\/r\/\S+$/,
    );
    // One segment in English, with the link.
    expect(smsSegments(sms.sms)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    // No mail went to the stand-in address.
    expect(ctx.mails.slice(before).some((m) => m.to.endsWith('.invalid'))).toBe(false);

    // The link opens the receipt without a session, and offers STOP.
    const token = linkOf(sms.sms)!;
    const link = await as(ctx).call(api.sms.link, { params: { token } });
    expect(link.json()).toMatchObject({ amountPoisha: 75_000, stopped: false });
    const pdf = await as(ctx).call(api.sms.receipt, { params: { token } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // A forged or altered link opens nothing.
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await as(ctx).call(api.sms.link, { params: { token: forged } })).statusCode).toBe(404);

    const stop = await as(ctx).call(api.sms.stop, { params: { token }, headers: ORIGIN });
    expect(stop.json()).toMatchObject({ stopped: true });
    const sentBefore = standIn.sent.length;
    await donate(ctx, donor, fund.id, 100);
    await jobsDone(ctx);
    expect(standIn.sent.length).toBe(sentBefore);
  });

  it('writes it in Bangla for a Bangla reader and measures it', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await phoneDonor('bn');
    await donate(ctx, donor, fund.id, 750);
    await jobsDone(ctx);
    const { sms } = standIn.sent.at(-1)!;
    expect(sms).toMatch(/^Easy Fund: ৭৫০ টাকা দানের জন্য ধন্যবাদ! রসিদ EF-/);
    // Bangla goes as UCS-2: with the link it takes two segments (measured, decision 016).
    expect(smsSegments(sms)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });

  it('mails, and does not text, a donor with an e-mail address', async () => {
    const fund = await createRaisedFund(ctx);
    const donor = await createSignedInUser(ctx);
    const sentBefore = standIn.sent.length;
    await donate(ctx, donor, fund.id, 500);
    await jobsDone(ctx);
    expect(standIn.sent.length).toBe(sentBefore);
    expect(ctx.mails.some((m) => m.to === donor.email)).toBe(true);
  });
});
