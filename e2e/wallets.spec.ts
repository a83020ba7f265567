import { formatTk } from '@easyfund/shared/money';
import { expect, loginViaApi, registerViaApi, test } from './fixtures';

interface Fund {
  id: string;
  name: string;
  raisedPoisha: number;
  donationCount: number;
}

test.use({ viewport: { width: 360, height: 740 } });

test('a donor pays 500 Tk with bKash through the test checkout on a phone; counted once', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, { name: 'Sumaiya Donor' });
  await loginViaApi(page, account.email, account.password);
  const list = (await (await page.request.get('/api/funds?pageSize=100')).json()) as {
    items: Fund[];
  };
  const fund = list.items.find((f) => f.name === 'Women Tailoring Startup in Rangpur');
  if (!fund) throw new Error('demo fund not found');

  await page.goto(`/donatenow/${fund.id}`);
  await page.getByRole('radio', { name: '500Tk' }).check();
  // The donate box's own link (on a phone a sticky Donate may show beside it).
  await page.locator('#donate').getByRole('link', { name: 'Donate', exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/selecteddonation/pay/${fund.id}?amount=500`);
  await expect(page.getByRole('note')).toContainText('Test mode: no money moves.');
  // One "Tell me how this fund is doing" for every method, ticked, outside the card part.
  await expect(
    page.getByRole('checkbox', { name: 'Tell me how this fund is doing' }),
  ).toBeChecked();
  await expect(
    page
      .getByRole('region', { name: 'Other Payment Option' })
      .getByRole('checkbox', { name: 'Tell me how this fund is doing' }),
  ).toHaveCount(0);
  const wallets = page.getByRole('region', { name: 'Mobile payment' });
  await expect(wallets.getByLabel('Amount (Tk)')).toHaveValue('500');
  await wallets.getByRole('button', { name: 'Pay with bKash' }).click();

  // The test checkout: its own page, plainly in test mode.
  await expect(page).toHaveURL(/\/test-gateway\/TESTSESS/);
  await expect(page.getByRole('note')).toContainText('Test mode: no money moves.');
  await expect(page.getByText('Pay 500 Tk to Easy Fund with bKash')).toBeVisible();
  await page.getByLabel('bKash wallet number').fill('01700000000');
  await page.getByLabel('OTP').fill('123456');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('status')).toContainText('Payment done.');
  await page.getByRole('button', { name: 'Return to Easy Fund' }).click();

  // As after a card: the specification's popup, then the thank-you page.
  await expect(page.getByRole('heading', { name: 'Payment successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/thank-you\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible();
  await expect(page.getByRole('link', { name: fund.name })).toBeVisible();
  await expect(page.getByTestId('thank-you-amount')).toHaveText('500 Tk');
  const receiptNumber = (await page.getByTestId('receipt-number').textContent())!;
  expect(receiptNumber).toMatch(/^EF-T-\d{4}-\d{6}$/);
  const receipt = await page
    .getByRole('link', { name: 'Download the receipt (PDF)' })
    .getAttribute('href');
  const pdf = await page.request.get(receipt!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expect(page.getByRole('link', { name: 'Share on Facebook' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Share on WhatsApp' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Donate again' })).toHaveAttribute(
    'href',
    `/dashboard/selecteddonation/pay/${fund.id}`,
  );

  await page.goto('/dashboard/paymenthistory');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(fund.name);
  await expect(rows.nth(1)).toContainText('bKash');
  await expect(rows.nth(1)).toContainText(/TESTBTR/);

  const after = (await (await page.request.get(`/api/funds/${fund.id}`)).json()) as Fund;
  expect(after.raisedPoisha).toBe(fund.raisedPoisha + 50_000);
  expect(after.donationCount).toBe(fund.donationCount + 1);
  const donations = (await (await page.request.get('/api/me/donations')).json()) as {
    items: { fundId: string }[];
  };
  expect(donations.items.filter((d) => d.fundId === fund.id)).toHaveLength(1);

  // As the donor and the public see it: the fund page's new total and one wall entry,
  // and one card in the donor's Donation History.
  await page.goto(`/donatenow/${fund.id}`);
  await expect(page.getByText(formatTk(after.raisedPoisha)).first()).toBeVisible();
  await expect(page.getByTestId('supporter').filter({ hasText: 'Sumaiya D.' })).toHaveCount(1);
  await page.goto('/dashboard/donated');
  await expect(page.getByRole('heading', { name: fund.name })).toHaveCount(1);
  await expect(page.getByText('500 Tk')).toBeVisible();
});
