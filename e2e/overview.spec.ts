import { DEMO, expect, loginViaApi, test } from './fixtures';

test('an admin sees the overview, its numbers as a table, and downloads payments as CSV', async ({
  page,
}) => {
  await loginViaApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard/admin/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Waiting for a decision' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Bar chart:/ })).toBeVisible();
  // Each queue leads to where it is decided: held payments to Manage Payments' held list.
  const held = page.getByRole('link', { name: /^Payments held for review/ });
  await expect(held).toHaveAttribute('href', '/dashboard/admin/managepayments#held-payments');
  await held.click();
  await expect(page).toHaveURL('/dashboard/admin/managepayments#held-payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Payments' })).toBeVisible();
  await expect(page.locator('#held-payments')).toBeInViewport();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Waiting for a decision' })).toBeVisible();
  await page.getByText('Show the numbers').click();
  await expect(
    page.getByRole('table', { name: 'Donations per day, last 90 days' }).getByRole('row'),
  ).toHaveCount(91);
  const link = page.getByRole('link', { name: 'Download payments (CSV)' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^easyfund-payments-\d{4}-\d{2}-\d{2}-to-/);
  const body = await page.request.get((await link.getAttribute('href'))!);
  const text = await body.text();
  expect(text.startsWith('\uFEFF"Payment id",')).toBe(true);
});
