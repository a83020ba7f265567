import { type Browser, type Page, request as requests } from '@playwright/test';
import {
  axeViolations,
  DEMO,
  donateViaApi,
  expect,
  loginViaApi,
  registerViaApi,
  test,
  uniqueEmail,
  verificationLink,
} from './fixtures';

/** A real 1×1 PNG, uploaded as a fund and application image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const uploadImage = (page: Page, name: string) =>
  page.getByLabel('Upload image', { exact: false }).setInputFiles({
    name,
    mimeType: 'image/png',
    buffer: PNG,
  });

/** A page of its own (own cookies) signed in as the given account. */
async function signedInPage(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginViaApi(page, email, password);
  return page;
}

const popupHeading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

/** Pays through the donation API with the embedded test processor's success card. */
test.describe('fund raising lifecycle', () => {
  test.slow();

  test('apply, get approved, request a fund, receive a donation, update it and withdraw', async ({
    page,
    browser,
  }) => {
    const stamp = Date.now().toString(36);
    const email = uniqueEmail('raiser');
    const name = `Shirin Akter ${stamp}`;
    const fundName = `Clean water for Satkhira ${stamp}`;

    // A new user registers and applies to become a fund raiser.
    await page.goto('/register');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Photo URL').fill('https://example.com/shirin.png');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('shirin123');
    await page.getByLabel('Confirm Password').fill('shirin123');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Applying needs a verified e-mail: the form says so until the mailed link is opened.
    await page.goto('/dashboard/verification');
    await expect(page.getByText(/Please verify your e-mail address/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend verification e-mail' })).toBeVisible();
    await page.goto(await verificationLink(email));
    await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();

    await page.goto('/dashboard/verification');
    await expect(page.getByText(/Please verify your e-mail address/)).toHaveCount(0);
    await expect(page).toHaveTitle('Be a Fund Raiser - Easy Fund');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await uploadImage(page, 'id-card.png');
    await expect(page.getByRole('img', { name: 'Chosen image preview' })).toBeVisible();
    await page.getByLabel('ID Card Number').fill('1990123456789');
    await page.getByLabel('Phone Number').fill('01712345678');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(popupHeading(page, 'Successful')).toBeVisible();
    await expect(page.locator('.swal2-footer')).toHaveText('Wait until Admin Approve!!');
    await expect(page.getByText('Pending')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);

    // The admin approves: both buttons are disabled afterwards.
    const admin = await signedInPage(browser, DEMO.admin.email, DEMO.admin.password);
    await admin.goto('/dashboard/admin/manageverification');
    const application = admin.locator('tr', { hasText: email });
    const approve = application.getByRole('button', { name: /^Approved/ });
    const deny = application.getByRole('button', { name: /^Deny/ });
    // A denial needs its reason: without one, the form says so and sends nothing.
    await deny.click();
    await expect(application.getByRole('alert')).toHaveText(
      'Write the reason for the denial in the feedback',
    );
    await expect(application.getByLabel(/^Feedback on/)).toBeFocused();
    await expect(application.getByText('Pending', { exact: true })).toBeVisible();
    await application.getByLabel(/^Feedback on/).fill('Welcome, your documents are in order');
    await expect(application.getByRole('alert')).toHaveCount(0);
    await expect(approve).toBeEnabled();
    await expect(deny).toBeEnabled();
    await approve.click();
    await expect(popupHeading(admin, 'Verification Updated Successfully')).toBeVisible();
    await expect(approve).toBeDisabled();
    await expect(deny).toBeDisabled();
    await expect(application.getByText('Approved', { exact: true })).toBeVisible();

    // Now verified, the user sees the raiser links instead of the application form.
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Request for Fund' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My Raised Fund' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Be a Fund Raiser' })).toHaveCount(0);

    // They request a fund with an uploaded image.
    await nav.getByRole('link', { name: 'Request for Fund' }).click();
    await expect(page).toHaveTitle('Request for Fund - Easy Fund');
    await page.getByRole('button', { name: 'Request Fund' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(6);
    await page.getByLabel('Event Name').fill(fundName);
    await page.getByLabel('Cause').selectOption({ label: 'Relief Fund' });
    await page.getByLabel('Goal (Tk)').fill('50000');
    await page.getByLabel('Suggested Amount (Tk)').fill('500');
    await uploadImage(page, 'water.png');
    await expect(page.getByRole('img', { name: 'Chosen image preview' })).toHaveAttribute(
      'src',
      /^\/uploads\/[0-9a-f-]{36}-1280\.webp$/,
    );
    await page.getByLabel('Description').fill('Tube wells for villages whose water turned salty.');
    await page.getByRole('button', { name: 'Request Fund' }).click();
    await expect(popupHeading(page, 'Fund Request Successful!!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/raisedfund$/);
    const fundRow = page.locator('tr', { hasText: fundName });
    await expect(fundRow.getByText('Pending')).toBeVisible();

    const own = await (await page.request.get('/api/me/funds')).json();
    const fund = own.items.find((f: { name: string }) => f.name === fundName);
    expect(fund).toMatchObject({ suggestedPoisha: 50_000, goalPoisha: 5_000_000 });
    const visitorView = await page.request.get('/api/funds');
    expect(JSON.stringify(await visitorView.json())).not.toContain(fundName);

    // The admin approves the fund; it appears on Donate Now.
    await admin.goto('/dashboard/admin/managerequestedfund');
    const request = admin.locator('tr', { hasText: fundName });
    await request.getByRole('button', { name: /^Approved/ }).click();
    await expect(popupHeading(admin, 'Fund Updated Successfully')).toBeVisible();
    await expect(request.getByRole('button', { name: /^Deny/ })).toBeDisabled();

    await page.goto('/donatenow');
    await expect(page.getByText(fundName).first()).toBeVisible();

    // A donor donates 700 Tk.
    const donor = await signedInPage(browser, DEMO.donor.email, DEMO.donor.password);
    await donateViaApi(donor.request, fund.id, 700);

    // My Raised Fund shows the donation count and total.
    await page.goto('/dashboard/raisedfund');
    await expect(page).toHaveTitle('My Raised Fund - Easy Fund');
    const cells = page.locator('tr', { hasText: fundName }).locator('td');
    await expect(cells.nth(1)).toHaveText('1');
    await expect(cells.nth(2)).toContainText('700 Tk');
    await expect(page.getByTestId('total-raised')).toHaveText('700 Tk');
    await expect(page.getByTestId('total-available')).toHaveText('700 Tk');

    // The raiser edits the approved fund's suggested amount (not a material edit: it takes
    // effect at once, decision 107); the change is in the audit trail.
    const newName = fundName;
    await page.getByRole('link', { name: `Update ${fundName}` }).click();
    await expect(page).toHaveTitle('Update Your Fund - Easy Fund');
    await expect(page.getByLabel('Event Name')).toHaveValue(fundName);
    await page.getByLabel('Suggested Amount (Tk)').fill('250');
    await page.getByRole('button', { name: 'Update Fund' }).click();
    await expect(popupHeading(page, 'Fund Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/raisedfund$/);
    await expect(page.locator('tr', { hasText: newName })).toBeVisible();

    await expect(async () => {
      const events = await (await admin.request.get(`/api/admin/funds/${fund.id}/events`)).json();
      const update = events.items.find((e: { action: string }) => e.action === 'updated');
      expect(update).toMatchObject({ actor: { email, name } });
    }).toPass();

    // Payouts go to an approved account: the raiser adds a bKash wallet, the admin approves it.
    const added = await page.request.post('/api/me/payout-accounts', {
      data: {
        kind: 'bkash',
        walletType: 'personal',
        number: '01812345678',
        accountName: name,
        password: 'shirin123',
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    const account = (await added.json()) as { id: string };
    const accounts = await admin.request.get('/api/admin/payout-accounts?pageSize=100');
    const shown = ((await accounts.json()) as { items: { id: string; version: number }[] }).items;
    const accepted = await admin.request.patch(`/api/admin/payout-accounts/${account.id}`, {
      data: { status: 'approved', version: shown.find((a) => a.id === account.id)!.version },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    // A withdrawal above the balance is refused; one within it is accepted.
    await page.getByRole('link', { name: `Withdraw from ${newName}` }).click();
    await expect(page).toHaveTitle('Withdraw Request - Easy Fund');
    await expect(page.getByTestId('available')).toHaveText('700 Tk');
    await expect(page.getByLabel('Raiser')).toHaveValue(name);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByLabel('Pay out to').selectOption({ label: `bKash ••••••••678 · ${name}` });
    await page.getByLabel('Amount (Tk)').fill('800');
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    await expect(popupHeading(page, 'Oops...')).toBeVisible();
    await expect(page.locator('.swal2-footer')).toHaveText(
      'The amount is more than the available balance of 700 Tk',
    );
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('Amount (Tk)').fill('300');
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    await expect(popupHeading(page, 'Withdraw Request Successful!!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/raisedfund$/);
    const withdrawals = page.getByRole('table', { name: 'Withdrawal requests' });
    await expect(
      withdrawals.locator('tr', { hasText: '300 Tk' }).getByText('Pending'),
    ).toBeVisible();

    // The admin approves; the raiser's available balance has dropped by the amount.
    await admin.goto('/dashboard/admin/managewithdrawals');
    const withdrawal = admin.locator('tr', { hasText: newName });
    await withdrawal.getByLabel(/^Feedback on/).fill('Sent to your bKash account');
    await withdrawal.getByRole('button', { name: /^Approved/ }).click();
    await expect(popupHeading(admin, 'Withdrawal Updated Successfully')).toBeVisible();
    await expect(withdrawal.getByRole('button', { name: /^Approved/ })).toBeDisabled();

    await page.reload();
    const approved = withdrawals.locator('tr', { hasText: '300 Tk' });
    await expect(approved.getByText('Approved')).toBeVisible();
    await expect(approved.getByText('Sent to your bKash account')).toBeVisible();
    await expect(page.getByTestId('total-raised')).toHaveText('700 Tk');
    await expect(page.getByTestId('total-available')).toHaveText('400 Tk');
  });
});

test.describe('be a fund raiser form', () => {
  test('shows each required message and the server-checked number rules', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request);
    await loginViaApi(page, account.email, account.password);
    await page.goto('/dashboard/verification');
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(4);

    await page.getByLabel('Name', { exact: true }).fill('Test Person');
    await page.getByText('Use a web address').click();
    await expect(page.getByRole('radio', { name: 'Use a web address' })).toBeChecked();
    await page.getByLabel('Image URL').fill('https://example.com/me.png');
    await page.getByLabel('ID Card Number').fill('12345');
    await page.getByLabel('Phone Number').fill('01212345678');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Enter a national ID number of 10, 13 or 17 digits')).toBeVisible();
    await expect(
      page.getByText('Enter a Bangladeshi mobile number, like 01712345678'),
    ).toBeVisible();
  });
});

test.describe('manage users', () => {
  test('searches, pages past 20 users and makes a user verified', async ({ page, baseURL }) => {
    // 21 sign-ups first, each a password hashed on the server: past a minute on a loaded
    // 2-core machine.
    test.slow();
    const token = `Pagetest${Date.now().toString(36)}`;
    for (let i = 0; i < 21; i++) {
      // A context of its own each time: a signed-in context may not sign up again.
      const fresh = await requests.newContext({ baseURL });
      await registerViaApi(fresh, { name: `${token} Person ${i}`, email: uniqueEmail(token) });
      await fresh.dispose();
    }
    await loginViaApi(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/dashboard/admin/manageUsers');
    await expect(page).toHaveTitle('Manage Users - Easy Fund');
    await page.getByLabel('Search by name or email').fill(token);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(`21 users matching “${token}”`)).toBeVisible();
    const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
    await expect(rows).toHaveCount(20);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(rows).toHaveCount(1);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();

    const row = rows.first();
    const makeVerified = row.getByRole('button', { name: /^Make Verified/ });
    const makeAdmin = row.getByRole('button', { name: /^Make Admin/ });
    await expect(makeVerified).toBeEnabled();
    await makeVerified.click();
    await expect(page.getByRole('heading', { name: 'Role updated' })).toBeVisible();
    await expect(row.getByText('verified', { exact: true })).toBeVisible();
    await expect(makeVerified).toBeDisabled();
    await expect(makeAdmin).toBeEnabled();
  });
});

test.describe('role guards', () => {
  test('a user opening Request for Fund lands on the home page', async ({ page, request }) => {
    const account = await registerViaApi(request);
    await loginViaApi(page, account.email, account.password);
    await page.goto('/dashboard/requestfund');
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Home - Easy Fund');
  });

  test('a verified raiser opening Manage Users lands on the home page', async ({ page }) => {
    await loginViaApi(page, DEMO.raiser.email, DEMO.raiser.password);
    await page.goto('/dashboard/admin/manageUsers');
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Home - Easy Fund');
  });
});

/** Axe on the page's main content: no violations. */
async function expectAccessible(page: Page) {
  expect(await axeViolations(page, 'main'), page.url()).toEqual([]);
}

test.describe('accessibility of the raiser pages', () => {
  test('the fund raiser pages pass axe', async ({ page, request }) => {
    const account = await registerViaApi(request);
    await loginViaApi(page, account.email, account.password);
    await page.goto('/dashboard/verification');
    await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
    await expectAccessible(page);

    await page.context().clearCookies();
    await loginViaApi(page, DEMO.raiser.email, DEMO.raiser.password);
    // The request and raised-fund pages themselves: dashboard-a11y.spec.ts.
    await page.goto('/dashboard/raisedfund');
    await expect(page.getByTestId('total-raised')).toBeVisible();
    await page
      .getByRole('link', { name: /^Update / })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'Update Fund' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/dashboard/raisedfund');
    await page
      .getByRole('link', { name: /^Withdraw from (?!.*nothing to withdraw)/ })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'Request Withdrawal' })).toBeVisible();
    await expectAccessible(page);
  });
});
