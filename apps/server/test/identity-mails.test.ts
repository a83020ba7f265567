import { describe, expect, it } from 'vitest';
import { createSignedInUser, ORIGIN, useTestApp } from './helper';

const { ctx } = useTestApp();

// Each request from a network of its own: the per-network limits are not what is tested.
let network = 0;
const post = (url: string, payload: object, headers: Record<string, string> = ORIGIN) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/auth${url}`,
    headers,
    payload,
    remoteAddress: `198.51.100.${++network}`,
  });

const signUp = (email: string, headers?: Record<string, string>) =>
  post(
    '/sign-up/email',
    { name: 'Mina', image: 'https://example.com/m.png', email, password: 'abc123' },
    headers,
  );

const mailsTo = (email: string) => ctx.mails.filter((m) => m.to === email);

describe('one mail an hour per address, whoever asks', () => {
  it('mails the owner of a registered address once for five sign-ups, answering each alike', async () => {
    const owner = await createSignedInUser(ctx);
    const fresh = await signUp('someone-new@example.com');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await signUp(owner.email));
    for (const res of answers) {
      expect(res.statusCode).toBe(fresh.statusCode);
      expect(Object.keys(res.json() as object)).toEqual(Object.keys(fresh.json() as object));
    }
    const mails = mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You already have an Easy Fund account');
  });

  it('sends one verification mail for five resends', async () => {
    const u = await createSignedInUser(ctx, { emailVerified: false });
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/send-verification-email',
        { email: u.email },
        { ...ORIGIN, cookie: u.cookie },
      );
      expect(res.statusCode).toBe(200);
    }
    const mails = mailsTo(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Verify your Easy Fund e-mail address');
  });

  it('counts the sign-up verification mail: a resend within the hour sends none', async () => {
    const email = 'counted@example.com';
    expect((await signUp(email)).statusCode).toBe(200);
    const res = await post('/send-verification-email', { email });
    expect(res.statusCode).toBe(200);
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe('identity mails only from the site itself', () => {
  const OTHER_SITE = { origin: 'https://attacker.example' };

  it('refuses a sign-up, a resend and a reset from another site, mailing nobody', async () => {
    const owner = await createSignedInUser(ctx, { emailVerified: false });
    const before = ctx.mails.length;
    const tries = [
      await signUp(owner.email, OTHER_SITE),
      await signUp('stranger@example.com', OTHER_SITE),
      await post('/send-verification-email', { email: owner.email }, OTHER_SITE),
      await post(
        '/request-password-reset',
        { email: owner.email, redirectTo: '/reset-password' },
        OTHER_SITE,
      ),
    ];
    for (const res of tries) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('invalid_origin');
    }
    expect(ctx.mails.length).toBe(before);
    // Nothing was stored either: the stranger's address can still sign up from the site.
    expect((await signUp('stranger@example.com')).statusCode).toBe(200);
    expect(mailsTo('stranger@example.com')[0]?.subject).toBe(
      'Verify your Easy Fund e-mail address',
    );
  });

  it('refuses requests without an Origin, and those the browser marks cross-site', async () => {
    const owner = await createSignedInUser(ctx, { emailVerified: false });
    const before = ctx.mails.length;
    const reset = { email: owner.email, redirectTo: '/reset-password' };
    expect((await post('/request-password-reset', reset, {})).statusCode).toBe(403);
    expect((await post('/send-verification-email', { email: owner.email }, {})).statusCode).toBe(
      403,
    );
    const crossSite = await post('/request-password-reset', reset, {
      ...ORIGIN,
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(ctx.mails.length).toBe(before);
    const own = await post('/request-password-reset', reset, {
      ...ORIGIN,
      'sec-fetch-site': 'same-origin',
    });
    expect(own.statusCode).toBe(200);
    expect(ctx.mails.length).toBe(before + 1);
  });
});
