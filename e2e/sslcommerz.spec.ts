import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SslCommerzStandIn } from '../apps/server/test/sslcommerz-stand-in';
import {
  compiledServerDir,
  repoRoot,
  SHARED_AUTH_SECRET,
  startServer,
  type ServerProcess,
} from '../apps/server/test/support/server-process';
import { DEMO, expect, loginViaApi, test as base } from './fixtures';
import { freePort } from './ports';

interface Fund {
  id: string;
  name: string;
  raisedPoisha: number;
  donationCount: number;
}

/**
 * A server of its own with SSLCommerz as its provider, pointed at the local stand-in
 * for SSLCommerz's APIs and gateway page; the browser talks to both as it would to the
 * site and the real gateway.
 */
const test = base.extend<object, { gateway: { standIn: SslCommerzStandIn; site: ServerProcess } }>({
  gateway: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const standIn = await new SslCommerzStandIn().start();
      const port = await freePort();
      // A sandbox start seeds nothing by itself (decision 449): the demo is asked for by
      // name, as a charity trying SSLCommerz's sandbox does with `npm run seed`.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'easyfund-sslcommerz-'));
      execFileSync(process.execPath, [path.join(compiledServerDir(), 'seed-demo.js')], {
        cwd: repoRoot,
        stdio: 'pipe',
        env: {
          PATH: process.env.PATH ?? '',
          ...standIn.env(),
          PAYMENT_PROVIDER: 'sslcommerz',
          DATA_DIR: dataDir,
          AUTH_SECRET: SHARED_AUTH_SECRET,
          LOG_LEVEL: 'warn',
        },
      });
      const site = await startServer({
        name: 'sslcommerz-site',
        compiled: true,
        port,
        timeoutMs: 120_000,
        env: {
          ...standIn.env(),
          PAYMENT_PROVIDER: 'sslcommerz',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          WEB_DIST: process.env.E2E_WEB_DIST ?? '',
          DATA_DIR: dataDir,
        },
      });
      await use({ standIn, site });
      await site.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await standIn.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ gateway }, use) => use(gateway.site.url),
});

// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' });
test.use({ viewport: { width: 360, height: 740 } });

async function demoFund(request: { get(url: string): Promise<{ json(): Promise<unknown> }> }) {
  const list = (await (await request.get('/api/funds?pageSize=100')).json()) as { items: Fund[] };
  const fund = list.items.find((f) => f.name === 'Women Tailoring Startup in Rangpur');
  if (!fund) throw new Error('demo fund not found');
  return fund;
}

test('fund page → Donate → bKash → the gateway page → back: counted once, history shows bKash', async ({
  page,
  gateway,
}) => {
  await loginViaApi(page, DEMO.donor.email, DEMO.donor.password);
  const fund = await demoFund(page.request);

  await page.goto(`/donatenow/${fund.id}`);
  await page.getByRole('radio', { name: '500Tk' }).check();
  await page.locator('#donate').getByRole('link', { name: 'Donate', exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/selecteddonation/pay/${fund.id}?amount=500`);
  // SSLCommerz's sandbox: no embedded test checkout and no 4242 test card offered.
  await expect(page.getByRole('heading', { name: 'Mobile payment' })).toBeVisible();
  await expect(page.getByTestId('test-mode-banner')).toHaveText(
    "Test mode: no real money is taken. Payments go to SSLCommerz's sandbox: pay with its test cards and wallet numbers.",
  );
  await expect(page.getByText(/Test mode: no money moves|4242/)).toHaveCount(0);
  await page
    .getByRole('region', { name: 'Mobile payment' })
    .getByRole('button', { name: 'Pay with bKash' })
    .click();

  // The gateway's own bKash page, on the gateway's address.
  await expect(page).toHaveURL(
    new RegExp(`^http://127\\.0\\.0\\.1:${gateway.standIn.port}/gwprocess/v4/bankgw/`),
  );
  await expect(page.getByText('Pay 500.00 BDT')).toBeVisible();
  await page.getByRole('button', { name: 'Pay with bKash' }).click();

  // Back on the site: the specification's popup, then the thank-you page.
  await expect(page.getByRole('heading', { name: 'Payment successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/thank-you\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('thank-you-amount')).toHaveText('500 Tk');

  const paymentId = page.url().split('/').pop()!;
  const paid = gateway.standIn.byTranId(paymentId);
  expect(paid.form.multi_card_name).toBe('bkash');
  expect(paid.form.total_amount).toBe('500.00');
  // The server asked the Validation API about the posted val_id before counting it.
  const validations = gateway.standIn.calls.filter(
    (c) => c.path === '/validator/api/validationserverAPI.php' && c.query.val_id === paid.val_id,
  );
  expect(validations.length).toBeGreaterThanOrEqual(1);

  await page.goto('/dashboard/paymenthistory');
  const newest = page.getByRole('table').getByRole('row').nth(1);
  await expect(newest).toContainText(fund.name);
  await expect(newest).toContainText('bKash');
  await expect(newest).toContainText(paid.bank_tran_id!);

  const after = (await (await page.request.get(`/api/funds/${fund.id}`)).json()) as Fund;
  expect(after.raisedPoisha).toBe(fund.raisedPoisha + 50_000);
  expect(after.donationCount).toBe(fund.donationCount + 1);
});

test('cancelling at the gateway page brings the donor back to the pay page with nothing recorded', async ({
  page,
}) => {
  await loginViaApi(page, DEMO.donor.email, DEMO.donor.password);
  const fund = await demoFund(page.request);

  await page.goto(`/dashboard/selecteddonation/pay/${fund.id}?amount=300`);
  await page
    .getByRole('region', { name: 'Mobile payment' })
    .getByRole('button', { name: 'Pay with Nagad' })
    .click();
  await expect(page.getByText('Pay 300.00 BDT')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/selecteddonation/pay/${fund.id}`));
  await expect(page.getByRole('heading', { name: 'Oops...' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  // Once, under the wallets it was paid with.
  await expect(page.getByRole('region', { name: 'Mobile payment' }).getByRole('alert')).toHaveText(
    'You cancelled the payment. No money was taken.',
  );
  await expect(page.getByText('You cancelled the payment. No money was taken.')).toHaveCount(1);
  const after = (await (await page.request.get(`/api/funds/${fund.id}`)).json()) as Fund;
  expect(after.raisedPoisha).toBe(fund.raisedPoisha);
});
