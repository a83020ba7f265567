import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

/**
 * Phone first (decision 016): a new donor on a 360 px phone opens a shared fund
 * link, signs up with a mobile number and the code from the SMS outbox, pays with the
 * bKash test checkout, and finds the receipt SMS in the outbox — in English and in Bangla.
 * The taps on our pages are counted (typing and the wallet's own checkout aside).
 */
test.use({ viewport: { width: 360, height: 740 } });

interface Fund {
  id: string;
  name: string;
}

const smsOutbox = () => path.join(process.env.E2E_DATA_DIR ?? '', 'outbox', 'sms');

/** The newest SMS in the outbox to a number whose text matches, waiting for it. */
async function smsTo(local: string, match: RegExp): Promise<string> {
  const digits = `88${local}`;
  let found = '';
  await expect
    .poll(
      () => {
        const dir = smsOutbox();
        if (!existsSync(dir)) return '';
        const texts = readdirSync(dir)
          .filter((f) => f.includes(`-${digits}-`))
          .sort()
          .reverse()
          .map((f) => {
            const body = readFileSync(path.join(dir, f), 'utf8');
            return body.slice(body.indexOf('\n\n') + 2).trim();
          });
        found = texts.find((t) => match.test(t)) ?? '';
        return found;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return found;
}

/** A number no other run has used (its own hourly limit of codes). */
const freshNumber = () => `017${String(Date.now() % 1e8).padStart(8, '0')}`;

const TEXTS = {
  en: {
    donate: 'Donate',
    login: 'Login',
    other: 'Other',
    otherAmount: 'Other amount (Tk)',
    mobile: 'Mobile number',
    send: 'Send code by SMS',
    code: 'Code from the SMS',
    cont: 'Continue',
    name: 'Your name',
    amount: 'Amount (Tk)',
    wallets: 'Mobile payment',
    receipt:
      /^Easy Fund: thank you for 750 Tk! Receipt EF-(?:T-)?\d{4}-\d{6} \(or STOP\): http\S+\/r\/\S+$/,
    codeSms: /^Easy Fund code (\d{6})\./,
  },
  bn: {
    donate: 'দান করুন',
    login: 'লগইন',
    other: 'অন্য',
    otherAmount: 'অন্য পরিমাণ (টাকা)',
    mobile: 'মোবাইল নম্বর',
    send: 'এসএমএসে কোড পাঠান',
    code: 'এসএমএসের কোড',
    cont: 'চালিয়ে যান',
    name: 'আপনার নাম',
    amount: 'পরিমাণ (টাকা)',
    wallets: 'মোবাইল পেমেন্ট',
    receipt:
      /^Easy Fund: ৭৫০ টাকা দানের জন্য ধন্যবাদ! রসিদ EF-(?:T-)?\d{4}-\d{6}, বন্ধে STOP: http\S+\/r\/\S+$/,
    codeSms: /^Easy Fund কোড (\d{6})।/,
  },
} as const;

async function giveByPhone(page: Page, lang: 'en' | 'bn') {
  const tx = TEXTS[lang];
  let taps = 0;
  const tap = async (locator: ReturnType<Page['getByRole']>) => {
    taps += 1;
    await locator.click();
  };
  const list = (await (await page.request.get('/api/funds?pageSize=100')).json()) as {
    items: Fund[];
  };
  const fund = list.items.find((f) => f.name === 'Women Tailoring Startup in Rangpur');
  if (!fund) throw new Error('demo fund not found');
  if (lang === 'bn')
    await page
      .context()
      .addCookies([{ name: 'lang', value: 'bn', url: `http://127.0.0.1:${process.env.E2E_PORT}` }]);

  // The shared link; the donor picks 750 Tk ("Other" and typing it).
  await page.goto(`/donatenow/${fund.id}`);
  const box = page.locator('#donate');
  // The amount is the donor's choice, not a step of ours: not counted (a preset is one tap).
  await box.getByRole('radio', { name: tx.other }).click();
  await box.getByLabel(tx.otherAmount).fill('750');
  await tap(box.getByRole('link', { name: tx.donate, exact: true }));
  await tap(page.getByRole('dialog').getByRole('link', { name: tx.login }));

  // Phone first on the sign-in page.
  const local = freshNumber();
  await page.getByLabel(tx.mobile).fill(local);
  await tap(page.getByRole('button', { name: tx.send }));
  const codeSms = await smsTo(local, tx.codeSms);
  const code = tx.codeSms.exec(codeSms)![1]!;
  // The demo shows the SMS on the page too (never on a real site).
  await expect(page.getByTestId('demo-sms')).toContainText(code);
  await page.getByLabel(tx.code).fill(code);
  await tap(page.getByRole('button', { name: tx.cont }));
  // A new number: the name, asked once.
  await page.getByLabel(tx.name).fill(lang === 'bn' ? 'রুমানা আক্তার' : 'Rumana Akter');
  await tap(page.getByRole('button', { name: tx.cont }));

  // Back on the pay step with the gift chosen.
  await expect(page).toHaveURL(`/dashboard/selecteddonation/pay/${fund.id}?amount=750`);
  const wallets = page.getByRole('region', { name: tx.wallets });
  await expect(wallets.getByLabel(tx.amount)).toHaveValue('750');
  await tap(wallets.getByRole('button', { name: /bKash/ }));
  // Our pages took at most 6 taps for a new donor (plus typing the number, code and name).
  expect(taps).toBeLessThanOrEqual(6);

  // bKash's test checkout (the wallet's own steps).
  await expect(page).toHaveURL(/\/test-gateway\/TESTSESS/);
  await page.getByLabel(/bKash/).fill('01700000000');
  await page.getByLabel(/OTP|ওটিপি/).fill('123456');
  await page.getByRole('button', { name: /Confirm payment|পেমেন্ট নিশ্চিত করুন/ }).click();
  await page.getByRole('button', { name: /Return to Easy Fund|Easy Fund-এ ফিরে যান/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/thank-you\/[0-9a-f-]{36}$/);

  // The receipt SMS, with its short link: the receipt and STOP, without signing in.
  const receiptSms = await smsTo(local, tx.receipt);
  const link = /(\/r\/\S+)$/.exec(receiptSms)![1]!;
  await page.context().clearCookies();
  await page.goto(link);
  const download = page.getByRole('link', { name: /EF-(?:T-)?\d{4}-\d{6}/ });
  await expect(download).toBeVisible();
  const pdf = await page.request.get((await download.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
}

test('a new donor gives from a shared fund link with a mobile number and gets the receipt by SMS', async ({
  page,
}) => {
  await giveByPhone(page, 'en');
});

test('the same in Bangla', async ({ page }) => {
  await giveByPhone(page, 'bn');
});
