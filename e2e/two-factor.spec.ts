import { generateSync } from 'otplib';
import { expect, loginViaApi, loginViaUi, registerViaApi, test } from './fixtures';

const code = (secret: string, offsetSeconds = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

test('turns on two-factor sign-in on the dashboard, then signs in with a code from the app', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await registerViaApi(request, { name: 'Mitu Sultana' });
  await loginViaApi(page, account.email, account.password);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Two-factor Sign-in' }).click();
  await expect(page).toHaveTitle('Two-factor Sign-in - Easy Fund');
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in is off' })).toBeVisible();
  await page.getByLabel('Your password').fill(account.password);
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();

  // The QR code and the key for typing it in; the first code confirms the app has it.
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByLabel('Secret key')).toHaveText(/^\s*[A-Z2-7]+=*\s*$/);
  const secret = (await page.getByLabel('Secret key').textContent())!.trim();
  await page.getByLabel('The 6-digit code the app shows').fill('123');
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Enter the 6-digit code from your authenticator app',
  );
  await page.getByLabel('The 6-digit code the app shows').fill(code(secret));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in is on' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(
    10,
  );

  // Signing in again asks for the code after the password.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeVisible();
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Try again.');
  await codeField.fill(code(secret, 30));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Login Successfull' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByText(account.email).first()).toBeVisible();
});

test('an account without two-factor sign-in signs in with the password alone', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request);
  await page.goto('/login');
  await loginViaUi(page, account.email, account.password);
});
