import { type APIRequestContext, type Page } from '@playwright/test';
import { formatTk } from '@easyfund/shared/money';
import { axeViolations, expect, loginViaApi, registerViaApi, test } from './fixtures';

interface Fund {
  id: string;
  name: string;
  raisedPoisha: number;
  donationCount: number;
  suggestedPoisha: number;
}

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/** An approved demo fund; each test uses its own so parallel tests do not meet. */
async function demoFund(request: APIRequestContext, name: string): Promise<Fund> {
  const res = await request.get(`/api/funds?pageSize=100`);
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: Fund[] };
  const fund = items.find((f) => f.name === name);
  if (!fund) throw new Error(`demo fund "${name}" not found`);
  return fund;
}

async function fundNow(request: APIRequestContext, id: string): Promise<Fund> {
  return (await (await request.get(`/api/funds/${id}`)).json()) as Fund;
}

/** Money as the site shows it (lakh grouping: the demo's totals pass 1,00,000 Tk). */
const tk = (poisha: number) => formatTk(poisha);

/** A fresh donor, signed in in this page's browser context. */
async function newDonor(page: Page, request: APIRequestContext) {
  const account = await registerViaApi(request, { name: 'Farhana Donor' });
  await loginViaApi(page, account.email, account.password);
  return account;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${nextYear}`);
  await page.getByLabel('CVC').fill('123');
}

test.describe('donating by card', () => {
  test(
    'from the fund page: 500Tk, card 4242, "Payment successfully", in Payment History, fund total +500',
    { tag: '@smoke' },
    async ({ page, request }) => {
      await newDonor(page, request);
      const fund = await demoFund(page.request, 'Heart Surgery for Little Tanvir');

      await page.goto(`/donatenow/${fund.id}`);
      await page.getByRole('radio', { name: '500Tk' }).check();
      await page.getByRole('link', { name: 'Donate', exact: true }).click();

      await expect(page).toHaveURL(`/dashboard/selecteddonation/pay/${fund.id}?amount=500`);
      await expect(page).toHaveTitle('Payment - Easy Fund');
      await expect(page.getByRole('heading', { name: fund.name })).toBeVisible();
      const cardSection = page.getByRole('region', { name: 'Other Payment Option' });
      await expect(cardSection.getByLabel('Amount (Tk)')).toHaveValue('500');
      await expect(page.getByText('Other Payment Option')).toBeVisible();
      for (const wallet of ['bKash', 'Rocket', 'Nagad']) {
        await expect(page.getByRole('button', { name: `Pay with ${wallet}` })).toBeEnabled();
      }
      await expect(page.getByText('Farhana Donor')).toBeVisible();
      expect(await axeViolations(page, 'main')).toEqual([]);

      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay 500 Tk' }).click();

      await expect(page.getByRole('heading', { name: 'Payment successfully' })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/thank-you\/[0-9a-f-]{36}$/);

      await page.goto('/dashboard/paymenthistory');
      await expect(page).toHaveTitle('Payment History - Easy Fund');
      const rows = page.getByRole('table').getByRole('row');
      await expect(rows).toHaveCount(2);
      const row = rows.nth(1);
      await expect(row).toContainText(fund.name);
      await expect(row).toContainText('500 Tk');
      await expect(row).toContainText(/pi_test_/);

      const after = await fundNow(page.request, fund.id);
      expect(after.raisedPoisha).toBe(fund.raisedPoisha + 50_000);
      expect(after.donationCount).toBe(fund.donationCount + 1);
      await page.goto(`/donatenow/${fund.id}`);
      await expect(page.getByText(tk(after.raisedPoisha)).first()).toBeVisible();

      await page.goto('/dashboard/donated');
      await expect(page.getByRole('heading', { name: fund.name })).toBeVisible();
      await expect(page.getByText('500 Tk')).toBeVisible();
      await page.getByRole('link', { name: `View Details of ${fund.name}` }).click();
      await expect(page).toHaveURL(`/donatenow/${fund.id}`);
    },
  );

  test('a declined card shows a popup and red text below the form, and records nothing', async ({
    page,
    request,
  }) => {
    await newDonor(page, request);
    const fund = await demoFund(page.request, 'Orphanage Trust of Chattogram');

    await page.goto(`/dashboard/selecteddonation/pay/${fund.id}?amount=100`);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay 100 Tk' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Oops...' })).toBeVisible();
    await expect(dialog).toContainText('Your card was declined.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    const red = page
      .locator('form')
      .getByRole('alert')
      .filter({ hasText: 'Your card was declined.' });
    await expect(red).toBeVisible();
    const [r, g, b] = await red.evaluate((el) => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.fillStyle = getComputedStyle(el).color;
      canvas.fillRect(0, 0, 1, 1);
      return Array.from(canvas.getImageData(0, 0, 1, 1).data);
    });
    expect(r).toBeGreaterThan(150);
    expect(Math.max(g!, b!)).toBeLessThan(80);

    const after = await fundNow(page.request, fund.id);
    expect(after.raisedPoisha).toBe(fund.raisedPoisha);
    expect(after.donationCount).toBe(fund.donationCount);
    await page.goto('/dashboard/paymenthistory');
    await expect(page.getByText('You have no payments yet.')).toBeVisible();
  });

  test('a double click on Pay charges once', async ({ page, request }) => {
    await newDonor(page, request);
    const fund = await demoFund(page.request, 'Winter Blankets for the Elderly');
    let intents = 0;
    await page.route('**/api/payments/intents', async (route) => {
      intents++;
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });

    await page.goto(`/dashboard/selecteddonation/pay/${fund.id}?amount=100`);
    await fillCard(page, '4242 4242 4242 4242');
    const pay = page.getByRole('button', { name: 'Pay 100 Tk' });
    await pay.dblclick();
    await expect(page.getByRole('button', { name: 'Paying…' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Payment successfully' })).toBeVisible();
    expect(intents).toBe(1);
    const after = await fundNow(page.request, fund.id);
    expect(after.donationCount).toBe(fund.donationCount + 1);
  });
});

test.describe('selected donations', () => {
  test('add from the fund page, then delete with the confirmation', async ({ page, request }) => {
    await newDonor(page, request);
    const fund = await demoFund(page.request, 'Women Tailoring Startup in Rangpur');

    await page.goto(`/donatenow/${fund.id}`);
    await page.getByRole('button', { name: 'Add to selected donations' }).click();
    await expect(page.getByText('Added to your selected donations.')).toBeVisible();
    await page.getByRole('button', { name: 'Add to selected donations' }).click();
    await expect(page.getByText('This fund is already in your selected donations.')).toBeVisible();

    await page.goto('/dashboard/selecteddonation');
    await expect(page).toHaveTitle('Selected Donation - Easy Fund');
    const table = page.getByRole('table');
    for (const header of ['#', 'Event Name', 'Raised By', 'Delete', 'Pay']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(fund.name);
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.getByRole('button', { name: `Delete ${fund.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
    await expect(dialog).toContainText("You won't be able to revert this!");
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByRole('heading', { name: 'Deleted!' })).toBeVisible();
    await expect(page.getByText('Your file has been deleted.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByText('You have no selected donations.')).toBeVisible();
  });

  test('pay from the cart at the suggested amount; the paid fund leaves the cart', async ({
    page,
    request,
  }) => {
    await newDonor(page, request);
    const fund = await demoFund(page.request, 'Cyclone Shelter Repairs in Barishal');
    const added = await page.request.post('/api/cart', { data: { fundId: fund.id } });
    expect(added.status()).toBe(201);

    await page.goto('/dashboard/selecteddonation');
    await page.getByRole('link', { name: `Pay for ${fund.name}` }).click();
    await expect(page).toHaveURL(`/dashboard/selecteddonation/pay/${fund.id}`);
    const suggested = fund.suggestedPoisha / 100;
    await expect(
      page.getByRole('region', { name: 'Other Payment Option' }).getByLabel('Amount (Tk)'),
    ).toHaveValue(String(suggested));
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: `Pay ${suggested.toLocaleString('en-IN')} Tk` }).click();
    await expect(page.getByRole('heading', { name: 'Payment successfully' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/thank-you\//);
    await page.goto('/dashboard/selecteddonation');
    await expect(page.getByText('You have no selected donations.')).toBeVisible();
  });
});
