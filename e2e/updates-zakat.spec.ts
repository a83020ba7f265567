import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, expect, loginViaApi, mailTo, registerViaApi, test } from './fixtures';

interface Fund {
  id: string;
  name: string;
  zakatEligible: boolean;
}

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function demoFund(request: APIRequestContext, name: string): Promise<Fund> {
  const { items } = (await (await request.get('/api/funds?pageSize=100')).json()) as {
    items: Fund[];
  };
  const fund = items.find((f) => f.name === name);
  if (!fund) throw new Error(`demo fund "${name}" not found`);
  return fund;
}

/** Mails in the server's outbox to `email` whose subject starts with `subject`. */
function mailsTo(email: string, subject: string): string[] {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  return readdirSync(outbox, { withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => readFileSync(path.join(outbox, f.name), 'utf8'))
    .filter(
      (body) =>
        body.toLowerCase().includes(`to: ${email.toLowerCase()}\n`) &&
        body.includes(`Subject: ${subject}`),
    );
}

/**
 * A new donor (signed in through the page's own context) gives 100 Tk on the pay page,
 * with "Tell me how this fund is doing" as chosen.
 */
async function donate(page: Page, fundId: string, optIn: boolean) {
  const account = await registerViaApi(page.context().request, {
    name: optIn ? 'Sadia Opted' : 'Imran Quiet',
  });
  await page.goto(`/dashboard/selecteddonation/pay/${fundId}?amount=100`);
  const box = page.getByRole('checkbox', { name: 'Tell me how this fund is doing' });
  await expect(box).toBeChecked();
  if (!optIn) await box.uncheck();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${nextYear}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay 100 Tk' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successfully' })).toBeVisible();
  return account;
}

test.describe('updates from the organiser', () => {
  test('a posted update reaches the outbox of a donor who opted in, not of one who opted out; the link unsubscribes', async ({
    browser,
    page,
    request,
  }) => {
    // Two donors' card payments, the raiser's post and the outbox: about 50 s on a busy
    // two-core machine.
    test.slow();
    const fund = await demoFund(request, 'Funds for New School Building');
    const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
    const yesContext = await browser.newContext({ baseURL });
    const noContext = await browser.newContext({ baseURL });
    // The two donors are strangers to each other: their sign-ups and payments run at once.
    const [yes, no] = await Promise.all([
      yesContext.newPage().then((donor) => donate(donor, fund.id, true)),
      noContext.newPage().then((donor) => donate(donor, fund.id, false)),
    ]);

    await loginViaApi(page, DEMO.raiser.email, DEMO.raiser.password);
    await page.goto(`/donatenow/${fund.id}`);
    const text = `The roof beams are up ${Date.now()}`;
    await page.getByLabel('Your update').fill(text);
    await page.getByRole('button', { name: 'Post update' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your update is posted.' }),
    ).toBeVisible();
    // Newest first on the fund page.
    await expect(
      page
        .getByRole('region', { name: 'Updates from the organiser' })
        .getByRole('listitem')
        .first(),
    ).toContainText(text);

    const mail = await mailTo(yes.email, `News from "${fund.name}"`);
    expect(mail).toContain(text);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mailsTo(no.email, 'News from')).toEqual([]);

    // The link needs no sign-in; opening it changes nothing until the button is pressed.
    // The page link of the mail's text (the List-Unsubscribe header holds the one-click API address).
    const link = [...mail.matchAll(/https?:\/\/[^\s<>]+\/unsubscribe\/[^\s<>]+/g)]
      .map((m) => m[0])
      .find((url) => !url.includes('/api/'))!;
    const visitor = await browser.newPage({ baseURL });
    await visitor.goto(new URL(link).pathname);
    await expect(
      visitor.getByText(`Stop e-mails with the updates of "${fund.name}"?`),
    ).toBeVisible();
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(
      visitor.getByText(`You will get no more e-mails with the updates of "${fund.name}".`),
    ).toBeVisible();
    await Promise.all([yesContext.close(), noContext.close(), visitor.close()]);
  });
});

test.describe('sharing', () => {
  test('the fund page HTML (no JavaScript) carries its own Open Graph tags; the buttons share it', async ({
    page,
    request,
  }) => {
    const fund = await demoFund(request, 'Heart Surgery for Little Tanvir');
    const html = await (await request.get(`/donatenow/${fund.id}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${fund.name}" />`);
    // Its picture as a JPEG of the size the page names, which every preview shows.
    const image = /<meta property="og:image" content="(https?:\/\/[^"]+)" \/>/.exec(html)?.[1];
    expect(image).toMatch(new RegExp(`/api/funds/${fund.id}/share-image\\.jpg\\?v=`));
    expect(html).toContain('<meta property="og:image:type" content="image/jpeg" />');
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="630" />');
    const jpeg = await request.get(new URL(image!).pathname + new URL(image!).search);
    expect(jpeg.status()).toBe(200);
    expect(jpeg.headers()['content-type']).toBe('image/jpeg');
    expect([...(await jpeg.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(html).toMatch(/<meta property="og:description" content="Tanvir is six\./);

    await page.goto(`/donatenow/${fund.id}`);
    const facebook = page.getByRole('link', { name: 'Facebook (opens in a new tab)' });
    await expect(facebook).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(page.url())}`,
    );
    await expect(page.getByRole('link', { name: 'WhatsApp (opens in a new tab)' })).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(fund.id)}`),
    );
  });
});

test.describe('Zakat', () => {
  test('the filter on /donatenow lists only Zakat-eligible funds', async ({ page, request }) => {
    const { items } = (await (await request.get('/api/funds?pageSize=100')).json()) as {
      items: Fund[];
    };
    const eligible = items.filter((f) => f.zakatEligible).map((f) => f.name);
    expect(eligible.length).toBeGreaterThan(0);
    await page.goto('/donatenow');
    await page.getByRole('checkbox', { name: 'Zakat-eligible only' }).check();
    await expect(page).toHaveURL(/\/donatenow\?zakat=1$/);
    await expect(page.getByRole('article')).toHaveCount(eligible.length);
    await expect
      .poll(async () =>
        (await page.getByRole('article').getByRole('heading').allTextContents()).sort(),
      )
      .toEqual([...eligible].sort());
    for (const card of await page.getByRole('article').all()) {
      await expect(card.getByText('Zakat-eligible', { exact: true })).toBeVisible();
    }
  });

  test('the calculator takes assets minus debts against the nisab and gives 2.5% to an eligible fund in one step', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request, { name: 'Zakat Giver' });
    await loginViaApi(page, account.email, account.password);
    await page.goto('/zakat');
    await page.getByLabel('Cash at home and in bank accounts').fill('500000');
    await page.getByLabel('Debts and bills due now').fill('100000');
    await expect(page.getByText('10,000 Tk', { exact: true })).toBeVisible();
    const fund = page.getByLabel('Give your Zakat to');
    const fundId = await fund.inputValue();
    await page.getByRole('button', { name: 'Donate 10,000 Tk as Zakat' }).click();
    // The gift comes marked as Zakat (the donor may untick it on the pay step).
    await expect(page).toHaveURL(`/dashboard/selecteddonation/pay/${fundId}?amount=10000&zakat=1`);
    await expect(
      page.getByRole('region', { name: 'Other Payment Option' }).getByLabel('Amount (Tk)'),
    ).toHaveValue('10000');
  });
});
