import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/db/schema';
import { languageOf } from '../src/modules/notifications/mails';
import { createVerificationApplication } from '../src/seed/factories';
import {
  as,
  buildTestApp,
  createSignedInUser,
  jobsDone,
  ORIGIN,
  type TestContext,
  decide,
} from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

describe('the visitor’s language', () => {
  let ctx: TestContext;
  const web = mkdtempSync(path.join(tmpdir(), 'easyfund-lang-web-'));
  beforeAll(async () => {
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html lang="en" data-theme="light"><head><title>Easy Fund</title></head><body><div id="root"></div></body></html>',
    );
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'assets', 'bn-site-Ab12_c.js'), 'export default {};\n');
    for (const face of ['400-normal-Bx9_a1.woff2', '400-normal-Cy8.woff', '700-normal-Dz7.woff2'])
      writeFileSync(path.join(web, 'assets', `noto-sans-bengali-bengali-${face}`), '');
    // The site's subset, one variable face for every weight (apps/web/build/bangla-name-font.ts).
    writeFileSync(path.join(web, 'assets', 'bangla-variable-Qr7_x2.woff2'), '');
    ctx = await buildTestApp({ WEB_DIST: web });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(web, { recursive: true, force: true });
  });

  const page = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/donatenow', headers });

  it('sends pages in English by default, with the spec’s title', async () => {
    const res = await page({});
    expect(res.body).toContain('<html lang="en"');
    expect(res.body).toContain('<title>Donate Now - Easy Fund</title>');
  });

  it('names the payment mode and provider in the page, so the test-mode banner is on its first paint', async () => {
    const res = await page({});
    expect(res.body).toContain(`data-payment-mode="${ctx.app.payments.mode}"`);
    expect(res.body).toContain(`data-payment-provider="${ctx.app.config.paymentProvider}"`);
    expect(ctx.app.payments.mode).toBe('test');
  });

  it('follows Accept-Language, and the cookie over it', async () => {
    const bn = await page({ 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' });
    expect(bn.body).toContain('<html lang="bn"');
    expect(bn.body).toContain('<title>এখনই দান করুন - Easy Fund</title>');
    // A Bangla page asks for its texts and its font (the site's subset, which draws every
    // weight) with the HTML; an English page has no use for them.
    expect(bn.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/bn-site-Ab12_c.js">' +
        '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/bangla-variable-Qr7_x2.woff2"></head>',
    );
    const chosen = await page({ 'accept-language': 'bn-BD', cookie: 'lang=en' });
    expect(chosen.body).toContain('<html lang="en"');
    expect(chosen.body).not.toContain('bn-site');
    expect(chosen.body).not.toContain('noto-sans-bengali');
    expect(chosen.headers.vary).toContain('cookie');
  });

  it('answers API errors in the request’s language', async () => {
    const en = await as(ctx).call(api.session.me);
    expect(en.json().error.message).toBe('You have to Login first');
    const bn = await as({ app: ctx.app, cookie: 'lang=bn' }).call(api.session.me);
    expect(bn.statusCode).toBe(401);
    expect(bn.json().error).toMatchObject({ code: 'unauthorized', message: 'আগে লগইন করতে হবে' });
  });

  it('mails in the language of the request that asked for the mail', async () => {
    const person = await createSignedInUser(ctx);
    const ask = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: person.email, redirectTo: 'http://localhost:3000/reset-password' },
        headers: { ...ORIGIN, ...headers },
      });
    let before = ctx.mails.length;
    expect((await ask({ cookie: 'lang=bn' })).statusCode).toBe(200);
    const bn = ctx.mails[before]!;
    expect(bn.subject).toBe('আপনার Easy Fund পাসওয়ার্ড বদলান');
    expect(bn.text).toContain(`প্রিয় ${person.name},`);
    expect(bn.text).toMatch(/https?:\/\/\S+reset-password/);
    before = ctx.mails.length;
    expect((await ask({ 'accept-language': 'en-GB,en' })).statusCode).toBe(200);
    expect(ctx.mails[before]!.subject).toBe('Reset your Easy Fund password');
  });

  it('keeps a signed-in person’s choice with their profile and in the cookie', async () => {
    const person = await createSignedInUser(ctx);
    const mine = () => as(person).call(api.language.mine);
    expect((await mine()).json()).toEqual({ language: null });
    const set = await as(person).call(api.language.choose, {
      body: { language: 'bn' },
    });
    expect(set.statusCode).toBe(200);
    expect(String(set.headers['set-cookie'])).toMatch(
      /^lang=bn; Path=\/; Max-Age=31536000; SameSite=Lax/,
    );
    expect((await mine()).json()).toEqual({ language: 'bn' });
    const bad = await as(person).send(api.language.choose, {
      body: { language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    const anon = await as(ctx).call(api.language.choose, { body: { language: 'bn' } });
    expect(anon.statusCode).toBe(401);
  });

  it('gives an account made on a Bangla page Bangla mails, though the switch was never pressed', async () => {
    const email = `bangla-${Date.now()}@example.com`;
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {
        name: 'Rahima Khatun',
        image: 'https://example.com/a.png',
        email,
        password: 'secret123',
      },
      // No `lang` cookie: the page was in Bangla by the browser's own language.
      headers: { ...ORIGIN, 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' },
    });
    expect(signUp.statusCode).toBe(200);
    const [made] = await ctx.db.select().from(user).where(eq(user.email, email));
    expect(made!.language).toBe('bn');
    expect(await languageOf(ctx.db, made!.id)).toBe('bn');
    // An admin's denial: in Bangla, with the admin's reason and a link to the item.
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const application = await createVerificationApplication(ctx.db, { userId: made!.id });
    const before = ctx.mails.length;
    const res = await decide(admin, 'verification', application.id, {
      status: 'denied',
      feedback: 'জাতীয় পরিচয়পত্রের ছবি পড়া যাচ্ছে না',
    });
    expect(res.statusCode).toBe(200);
    await jobsDone(ctx);
    const mail = ctx.mails.slice(before).find((m) => m.to === email)!;
    expect(mail.subject).toBe('আপনার তহবিল সংগ্রাহকের আবেদন নাকচ করা হয়েছে');
    expect(mail.text).toContain('জাতীয় পরিচয়পত্রের ছবি পড়া যাচ্ছে না');
    expect(mail.text).toContain(`${ctx.app.config.publicUrl}/dashboard/verification`);
  });

  it('keeps the language an account chose, and reads English for one without any', async () => {
    const person = await createSignedInUser(ctx);
    expect(await languageOf(ctx.db, person.id)).toBe('en');
    await as(person).call(api.language.choose, { body: { language: 'bn' } });
    expect(await languageOf(ctx.db, person.id)).toBe('bn');
    expect(await languageOf(ctx.db, 'nobody')).toBe('en');
  });
});
