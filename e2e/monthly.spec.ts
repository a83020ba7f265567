import { expect, test } from '@playwright/test';
import { DEMO, loginViaApi, registerViaApi } from './fixtures';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

test.describe('monthly giving and my own data', () => {
  test('give monthly by test card, see, pause and cancel it, download my data, close the account', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request, { name: 'Monthly Donor' });
    await loginViaApi(page, account.email, account.password);
    const funds = (await (await page.request.get('/api/funds?pageSize=100')).json()) as {
      items: { id: string; name: string }[];
    };
    const fund =
      funds.items.find((f) => f.name === 'Clean Water for Char Villages') ?? funds.items[0]!;

    await page.goto(`/dashboard/selecteddonation/pay/${fund.id}?amount=300`);
    await page.getByRole('radio', { name: 'Give monthly' }).click();
    await page.getByLabel('Amount each month (Tk)').fill('300');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill(`12/${nextYear}`);
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Give monthly' }).click();
    await expect(page.getByRole('heading', { name: 'Your monthly gift is set up' })).toBeVisible();
    await page.keyboard.press('Escape');

    await expect(page).toHaveURL('/dashboard/monthly-gifts');
    await expect(page).toHaveTitle('My Regular Gifts - Easy Fund');
    const gift = page.getByRole('article', { name: `Monthly gift to ${fund.name}` });
    await expect(gift.getByTestId('gift-status')).toHaveText('Active');
    await expect(gift.getByText('Card ending 4242')).toBeVisible();
    await expect(gift.getByRole('cell', { name: 'Paid' })).toBeVisible();

    await gift.getByRole('button', { name: 'Pause' }).click();
    await expect(gift.getByTestId('gift-status')).toHaveText('Paused');
    await gift.getByRole('button', { name: 'Cancel monthly gift' }).click();
    await expect(gift.getByTestId('gift-status')).toHaveText('Cancelled');

    await page.goto('/dashboard/my-data');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download as JSON' }).click();
    const file = await download;
    const data = JSON.parse(
      await (
        await file.createReadStream()
      )
        .toArray()
        .then((c) => Buffer.concat(c).toString('utf8')),
    ) as {
      tables: Record<string, unknown[]>;
    };
    expect(data.tables.recurring_gifts).toHaveLength(1);
    expect(JSON.stringify(data.tables.user)).toContain(account.email);

    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('I understand that my account is closed for good').check();
    await page.getByRole('button', { name: 'Close my account' }).click();
    await expect(page).toHaveURL('/');
    const signIn = await request.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
    });
    // Refused (401, or 403 with a puzzle for a network with failed sign-ins): no session.
    expect([401, 403]).toContain(signIn.status());
    expect(signIn.headers()['set-cookie'] ?? '').not.toContain('session_token');
  });

  test('an admin opens Ramadan daily giving and the pay step offers it', async ({
    page,
    browser,
    request,
  }) => {
    // Dhaka's today and ten days on, as the admin's date fields take them.
    const dhaka = (days: number) =>
      new Date(Date.now() + 6 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await loginViaApi(admin, DEMO.admin.email, DEMO.admin.password);
    await admin.goto('/dashboard/admin/overview');
    await admin.getByLabel('First day of Ramadan').fill(dhaka(0));
    await admin.getByLabel('Last day of Ramadan').fill(dhaka(10));
    await admin.getByRole('button', { name: 'Save dates' }).click();
    await expect(
      admin.getByRole('region', { name: 'Ramadan daily giving' }).getByRole('status'),
    ).toHaveText(/Saved|Daily giving is open today\./);

    try {
      const account = await registerViaApi(request, { name: 'Ramadan Donor' });
      await loginViaApi(page, account.email, account.password);
      const funds = (await (await page.request.get('/api/funds?pageSize=1')).json()) as {
        items: { id: string }[];
      };
      await page.goto(`/dashboard/selecteddonation/pay/${funds.items[0]!.id}?amount=100`);
      const daily = page.getByRole('radio', { name: 'Give every day of Ramadan' });
      await expect(daily).toBeVisible();
      await daily.click();
      await expect(daily).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByLabel('Amount each day (Tk)')).toBeVisible();
    } finally {
      // The dates are the whole site's: other pay steps go back to once and monthly.
      await admin.getByRole('button', { name: 'Clear dates' }).click();
      await expect
        .poll(
          async () =>
            ((await (await request.get('/api/ramadan')).json()) as { open: boolean }).open,
        )
        .toBe(false);
      await adminContext.close();
    }
  });
});
