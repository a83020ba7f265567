import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, mailTo, registerViaApi, SITE_ORIGIN, test, uniqueEmail } from './fixtures';

/**
 * The profile at 360 px: an e-mail account adds a mobile number (proved by an SMS code) and
 * chooses SMS; an account made from a number adds an e-mail address and a password.
 */
test.use({ viewport: { width: 360, height: 740 } });

/** A number no other run has used (its own hourly limit of codes). */
const freshNumber = (tail: number) => `019${String((Date.now() + tail) % 1e8).padStart(8, '0')}`;

/** The 6-digit code of the newest SMS the outbox holds for a number. */
async function codeFor(local: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox', 'sms');
  let code = '';
  await expect
    .poll(
      () => {
        if (!existsSync(dir)) return '';
        const file = readdirSync(dir)
          .filter((f) => f.includes(`-88${local}-`))
          .sort()
          .at(-1);
        code = file
          ? (/\b(\d{6})\b/.exec(readFileSync(path.join(dir, file), 'utf8'))?.[1] ?? '')
          : '';
        return code;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return code;
}

/** Signs the context up with a new number, through the identity layer's routes. */
async function phoneSignUp(request: APIRequestContext, local: string) {
  const sent = await request.post('/api/auth/phone-number/send-otp', {
    headers: SITE_ORIGIN,
    data: { phoneNumber: local },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const res = await request.post('/api/auth/phone-number/verify', {
    headers: SITE_ORIGIN,
    data: { phoneNumber: local, code: await codeFor(local) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('an e-mail account adds a mobile number with an SMS code and chooses texts for fund news', async ({
  page,
}) => {
  await registerViaApi(page.request);
  await page.goto('/dashboard');
  const sms = page.getByRole('group', { name: 'Text messages (SMS)' });
  const news = sms.getByRole('checkbox', { name: 'Text me when a fund I gave to posts news' });
  await expect(news).toBeDisabled();

  const local = freshNumber(1);
  await sms.getByLabel('Mobile number').fill('01212345678');
  await sms.getByRole('button', { name: 'Send code by SMS' }).click();
  await expect(sms.getByRole('alert')).toContainText(/operator/);
  await sms.getByLabel('Mobile number').fill(local);
  await sms.getByRole('button', { name: 'Send code by SMS' }).click();
  await sms.getByLabel('Code from the SMS').fill(await codeFor(local));
  await sms.getByRole('button', { name: 'Add number' }).click();
  await expect(sms).toContainText(`Texts go to ${local.slice(0, 5)}-${local.slice(5)}.`);

  await expect(news).toBeEnabled();
  // The box follows the saved choice (checked once the server kept it).
  await news.click();
  await expect(news).toBeChecked();
  await page.reload();
  await expect(news).toBeChecked();
  await expect(
    sms.getByRole('checkbox', {
      name: 'Text me when an admin decides on my requests or pays me out',
    }),
  ).not.toBeChecked();
});

test('an account made from a number adds an e-mail address and then signs in with it', async ({
  page,
}) => {
  const local = freshNumber(2);
  await phoneSignUp(page.request, local);
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'E-mail address' });
  const email = uniqueEmail('phone');
  await section.getByLabel('Email').fill(email);
  await section.getByLabel('Password', { exact: true }).fill('secret123');
  await section.getByLabel('Confirm Password').fill('secret124');
  await section.getByRole('button', { name: 'Add e-mail address' }).click();
  await expect(section.getByRole('alert')).toContainText('Both passord did not matched!');
  await section.getByLabel('Confirm Password').fill('secret123');
  await section.getByRole('button', { name: 'Add e-mail address' }).click();
  await expect(section.getByRole('status')).toContainText(`We sent a link to ${email}.`);

  const link = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(await mailTo(email, 'Verify your'))!;
  await page.goto(link[0]);
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/api/session')).json()) as {
            user: { hasEmail: boolean };
          }
        ).user.hasEmail,
    )
    .toBe(true);
  await page.goto('/dashboard');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail address' })).toHaveCount(0);

  await page.context().clearCookies();
  const byEmail = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'secret123' },
  });
  expect(byEmail.status(), await byEmail.text()).toBe(200);
});
