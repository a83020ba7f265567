import type { Page } from '@playwright/test';
import {
  DEMO,
  donateViaApi,
  expect,
  loginViaApi,
  registerViaApi,
  shownFundVersion,
  test,
} from './fixtures';

const popupHeading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

/** Today in Dhaka (YYYY-MM-DD): the day an admin records a payout sent. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());

test('a raiser is paid to an approved bKash account, and everybody sees where the money went', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const raiserName = `Rina Begum ${stamp}`;
  const fundName = `School books for Kurigram ${stamp}`;

  // Set up through the API: a verified raiser (the admin's role change), an approved fund
  // of theirs and a donation to it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginViaApi(admin, DEMO.admin.email, DEMO.admin.password);
  const raiser = await registerViaApi(page.request, { name: raiserName });
  const found = await admin.request.get(`/api/admin/users?q=${encodeURIComponent(raiser.email)}`);
  const [user] = ((await found.json()) as { items: { id: string }[] }).items;
  const promoted = await admin.request.patch(`/api/admin/users/${user!.id}/role`, {
    data: { role: 'verified' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  const created = await page.request.post('/api/funds', {
    data: {
      name: fundName,
      image: '/images/funds/education.webp',
      description: 'Text books for forty children after the flood.',
      cause: 'education',
      goalTk: 50_000,
      suggestedTk: 500,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: fundId } = (await created.json()) as { id: string };
  const approved = await admin.request.patch(`/api/admin/funds/${fundId}`, {
    data: { status: 'approved', version: await shownFundVersion(admin.request, fundId, 'pending') },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await donateViaApi(admin.request, fundId, 1000);

  // The raiser adds a bKash wallet, confirmed by the password: shown masked, pending.
  await page.goto('/dashboard/raisedfund/payout-accounts');
  await expect(page).toHaveTitle('Payout Accounts - Easy Fund');
  await page.getByLabel('Where the money goes').selectOption('bkash');
  await page.getByLabel('Wallet number').fill('01712-345678');
  await page.getByLabel('Name on the account').fill(raiserName);
  await page.getByLabel('Your password').fill(raiser.password);
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(popupHeading(page, 'Payout account added')).toBeVisible();
  const card = page.getByRole('listitem', { name: 'bKash ••••••••678' });
  await expect(card.getByText('Pending')).toBeVisible();
  await expect(page.getByText('01712345678')).toHaveCount(0);

  // The admin sees the full number on asking, beside the raiser, and approves it.
  await admin.goto('/dashboard/admin/managepayoutaccounts');
  const accountRow = admin.locator('tr', { hasText: raiser.email });
  await accountRow.getByRole('button', { name: /^Show full number/ }).click();
  await expect(accountRow.getByTestId('full-number')).toHaveText('+8801712345678');
  await accountRow.getByRole('button', { name: /^Approved/ }).click();
  await expect(popupHeading(admin, 'Payout account updated')).toBeVisible();
  await expect(accountRow.getByRole('button', { name: /^Approved/ })).toBeDisabled();

  // The raiser asks for a withdrawal to it.
  await page.goto(`/dashboard/raisedfund/withdraw?id=${fundId}`);
  await page.getByLabel('Pay out to').selectOption({ label: `bKash ••••••••678 · ${raiserName}` });
  await page.getByLabel('Amount (Tk)').fill('400');
  await page.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(popupHeading(page, 'Withdraw Request Successful!!')).toBeVisible();

  // The admin approves it and records it paid with the transfer's reference.
  await admin.goto('/dashboard/admin/managewithdrawals');
  const withdrawal = admin.locator('tr', { hasText: fundName });
  await expect(withdrawal).toContainText('••••••••678');
  await withdrawal.getByRole('button', { name: /^Approved/ }).click();
  await expect(popupHeading(admin, 'Withdrawal Updated Successfully')).toBeVisible();
  await withdrawal.getByLabel('Amount paid (Tk)').fill('400');
  await withdrawal.getByLabel('Transfer reference').fill(`BKA${stamp.toUpperCase()}`);
  await withdrawal.getByRole('button', { name: 'Mark paid' }).click();
  await expect(popupHeading(admin, 'Payout recorded')).toBeVisible();
  await expect(withdrawal.getByTestId('payout-recorded')).toContainText(
    `BKA${stamp.toUpperCase()}`,
  );

  // A visitor (signed out) sees where the money went on the fund's page.
  const visitor = await browser.newPage();
  await visitor.goto(`/donatenow/${fundId}`);
  await expect(visitor.getByRole('heading', { name: 'Where the money went' })).toBeVisible();
  await expect(visitor.getByTestId('payouts-paid')).toHaveText('400 Tk');
  await expect(visitor.getByTestId('payouts-remaining')).toHaveText('600 Tk');
  await expect(
    visitor.getByRole('list', { name: 'Payouts to the organiser' }).getByRole('listitem'),
  ).toContainText('by bKash');
  await visitor.close();

  // The accountant's CSV has the payout, the account masked.
  const csv = await admin.request.get(
    `/api/admin/exports/payouts.csv?from=${today()}&to=${today()}`,
  );
  expect(csv.status()).toBe(200);
  const line = (await csv.text()).split('\r\n').find((l) => l.includes(fundName));
  expect(line).toContain('••••••••678');
  expect(line).toContain(`BKA${stamp.toUpperCase()}`);
  expect(line).toContain(raiserName);
  expect(line).not.toContain('345678');
  await adminContext.close();
});
