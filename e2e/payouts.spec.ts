import type { Page } from '@playwright/test';
import {
  DEMO,
  donateViaApi,
  expect,
  loginViaApi,
  registerRaiserViaApi,
  shownFundVersion,
  test,
} from './fixtures';

/** A real 1×1 PNG: the receipt's photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const popupHeading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

/** Today in Dhaka (YYYY-MM-DD): the day an admin records a payout sent. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());

test('a raiser is paid to an approved bKash account, reports how it was spent, and everybody sees where the money went', async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const raiserName = `Rina Begum ${stamp}`;
  const fundName = `School books for Kurigram ${stamp}`;

  // Set up through the API: a verified raiser (the admin's role change), an approved fund
  // of theirs and a donation to it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginViaApi(admin, DEMO.admin.email, DEMO.admin.password);
  const raiser = await registerRaiserViaApi(page.request, admin.request, raiserName);
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

  // The raiser reports how the payout was spent: two lines and a receipt's photo.
  await page.goto('/dashboard/raisedfund');
  const payout = page.getByRole('listitem', { name: `400 Tk from ${fundName}` });
  await expect(payout.getByText('No report yet')).toBeVisible();
  await payout.getByRole('button', { name: /^Write a spending report/ }).click();
  await payout
    .getByLabel('How the money was spent')
    .fill('We bought text books and paid the tutor.');
  const line1 = payout.getByRole('group', { name: 'Line 1' });
  await line1.getByLabel('What it paid for').fill('Text books');
  await line1.getByLabel('Amount (Tk)').fill('250');
  await payout.getByRole('button', { name: 'Add a line' }).click();
  const line2 = payout.getByRole('group', { name: 'Line 2' });
  await line2.getByLabel('What it paid for').fill('Tutor, November');
  await line2.getByLabel('Amount (Tk)').fill('১৫০');
  await expect(payout.getByTestId('report-total')).toHaveText('400 Tk');
  await payout.getByRole('button', { name: 'Add a photo' }).click();
  await payout.getByLabel('Upload image', { exact: false }).setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(payout.getByRole('img', { name: 'Chosen image preview' })).toBeVisible();
  await payout.getByRole('button', { name: 'Send for review' }).click();
  await expect(popupHeading(page, 'Spending report sent')).toBeVisible();
  await expect(payout.getByTestId('report-state')).toHaveText('Waiting for review');

  // The admin reviews it beside the payout and approves it.
  await admin.goto('/dashboard/admin/managewithdrawals');
  const reportRow = admin
    .getByRole('table', { name: 'Spending reports' })
    .locator('tr', { hasText: fundName });
  await expect(reportRow).toContainText('Tutor, November');
  await expect(reportRow).toContainText('400 Tk');
  await expect(reportRow.getByRole('img', { name: 'Receipt or work photo 1' })).toBeVisible();
  await reportRow.getByRole('button', { name: /^Approved/ }).click();
  await expect(popupHeading(admin, 'Spending report published')).toBeVisible();
  await page.reload();
  await expect(payout.getByTestId('report-state')).toHaveText('Published');

  // A visitor (signed out) sees where the money went on the fund's page, with the report.
  const visitor = await browser.newPage();
  await visitor.goto(`/donatenow/${fundId}`);
  await expect(visitor.getByRole('heading', { name: 'Where the money went' })).toBeVisible();
  await expect(visitor.getByTestId('payouts-paid')).toHaveText('400 Tk');
  await expect(visitor.getByTestId('payouts-remaining')).toHaveText('600 Tk');
  const paidOut = visitor
    .getByRole('list', { name: 'Payouts to the organiser' })
    .getByRole('listitem');
  await expect(paidOut).toContainText('by bKash');
  const report = paidOut.getByTestId('spending-report');
  await expect(report).toContainText('We bought text books and paid the tutor.');
  await expect(report.getByRole('row', { name: /Text books/ })).toContainText('250 Tk');
  await expect(report.getByRole('row', { name: /Tutor, November/ })).toContainText('150 Tk');
  await expect(report.getByRole('img', { name: 'Receipt or work photo 1' })).toBeVisible();
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
