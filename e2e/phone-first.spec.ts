import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

/**
 * Phone first (decision 016): a new donor on a 360 px phone opens a shared fund
 * link, signs up with a mobile number and the code from the SMS outbox, pays with the
 * bKash test checkout, and finds the receipt SMS in the outbox — in English and in Bangla.
 * The same donor, signed out, comes back from the link and gives again. The taps on our
 * pages are counted for both (typing and the wallet's own checkout aside).
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
    loginFirst: 'You have to Login first',
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
    loginFirst: 'আগে লগইন করতে হবে',
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

/** Counts the taps on our pages (typing and the wallet's own checkout aside). */
function tapCounter() {
  const counter = {
    taps: 0,
    async tap(locator: ReturnType<Page['getByRole']>) {
      counter.taps += 1;
      await locator.click();
    },
  };
  return counter;
}

/** Pays the pay step's amount with bKash's test checkout (the wallet's own steps). */
async function payWithBkashTestCheckout(page: Page) {
  await expect(page).toHaveURL(/\/test-gateway\/TESTSESS/);
  await page.getByLabel(/bKash/).fill('01700000000');
  await page.getByLabel(/OTP|ওটিপি/).fill('123456');
  await page.getByRole('button', { name: /Confirm payment|পেমেন্ট নিশ্চিত করুন/ }).click();
  await page.getByRole('button', { name: /Return to Easy Fund|Easy Fund-এ ফিরে যান/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/thank-you\/[0-9a-f-]{36}$/);
}

/**
 * From the shared link to the bKash button: the donor picks 750 Tk, taps Donate, and signs
 * in (or up) with the number right in the "You have to Login first" dialog. Returns the taps.
 */
async function donateSignedOut(page: Page, lang: 'en' | 'bn', fund: Fund, local: string) {
  const tx = TEXTS[lang];
  const counter = tapCounter();
  const { tap } = counter;
  await page.goto(`/donatenow/${fund.id}`);
  const box = page.locator('#donate');
  // The amount is the donor's choice, not a step of ours: not counted (a preset is one tap).
  await box.getByRole('radio', { name: tx.other }).click();
  await box.getByLabel(tx.otherAmount).fill('750');
  await tap(box.getByRole('link', { name: tx.donate, exact: true }));

  // The spec's prompt, with the phone sign-in inside it.
  const dialog = page.getByRole('dialog', { name: tx.loginFirst });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: tx.login })).toBeVisible();
  const inOutbox = () =>
    existsSync(smsOutbox())
      ? readdirSync(smsOutbox()).filter((f) => f.includes(`-88${local}-`)).length
      : 0;
  const before = inOutbox();
  await dialog.getByLabel(tx.mobile).fill(local);
  await tap(dialog.getByRole('button', { name: tx.send }));
  // Wait for this code's SMS (a returning donor has an older one in the outbox).
  await expect.poll(inOutbox).toBeGreaterThan(before);
  const codeSms = await smsTo(local, tx.codeSms);
  const code = tx.codeSms.exec(codeSms)![1]!;
  // The demo shows the SMS on the page too (never on a real site).
  await expect(dialog.getByTestId('demo-sms')).toContainText(code);
  await dialog.getByLabel(tx.code).fill(code);
  await tap(dialog.getByRole('button', { name: tx.cont }));
  return counter;
}

async function giveByPhone(page: Page, lang: 'en' | 'bn') {
  const tx = TEXTS[lang];
  const list = (await (await page.request.get('/api/funds?pageSize=100')).json()) as {
    items: Fund[];
  };
  const fund = list.items.find((f) => f.name === 'Women Tailoring Startup in Rangpur');
  if (!fund) throw new Error('demo fund not found');
  const setLanguage = () =>
    lang === 'bn'
      ? page
          .context()
          .addCookies([
            { name: 'lang', value: 'bn', url: `http://127.0.0.1:${process.env.E2E_PORT}` },
          ])
      : Promise.resolve();
  await setLanguage();

  const local = freshNumber();
  const first = await donateSignedOut(page, lang, fund, local);
  // A new number: the name, asked once.
  await page.getByLabel(tx.name).fill(lang === 'bn' ? 'রুমানা আক্তার' : 'Rumana Akter');
  await first.tap(page.getByRole('button', { name: tx.cont }));

  // Back on the pay step with the gift chosen.
  await expect(page).toHaveURL(`/dashboard/selecteddonation/pay/${fund.id}?amount=750`);
  const wallets = page.getByRole('region', { name: tx.wallets });
  await expect(wallets.getByLabel(tx.amount)).toHaveValue('750');
  await first.tap(wallets.getByRole('button', { name: /bKash/ }));
  // Our pages took 5 taps for a new donor (plus typing the number, code and name): Donate,
  // Send code, Continue, the name's Continue, bKash (goal: at most 6).
  expect(first.taps).toBe(5);
  await payWithBkashTestCheckout(page);

  // The receipt SMS, with its short link: the receipt and STOP, without signing in.
  const receiptSms = await smsTo(local, tx.receipt);
  const link = /(\/r\/\S+)$/.exec(receiptSms)![1]!;
  await page.context().clearCookies();
  await page.goto(link);
  const download = page.getByRole('link', { name: /EF-(?:T-)?\d{4}-\d{6}/ });
  await expect(download).toBeVisible();
  const pdf = await page.request.get((await download.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // Signed out, the same donor comes back from the shared link and gives again.
  await setLanguage();
  const again = await donateSignedOut(page, lang, fund, local);
  await expect(page).toHaveURL(`/dashboard/selecteddonation/pay/${fund.id}?amount=750`);
  await expect(wallets.getByLabel(tx.amount)).toHaveValue('750');
  await again.tap(wallets.getByRole('button', { name: /bKash/ }));
  // A returning donor: Donate, Send code, Continue, bKash (goal: at most 4).
  expect(again.taps).toBe(4);
  await payWithBkashTestCheckout(page);
}

test('a new donor gives from a shared fund link with a mobile number and gets the receipt by SMS', async ({
  page,
}) => {
  await giveByPhone(page, 'en');
});

test('the same in Bangla', async ({ page }) => {
  await giveByPhone(page, 'bn');
});
