import { expect, loginViaUi, registerViaApi, test, uniqueEmail } from './fixtures';

const PASSWORD_MSG =
  'Password must be at least 6 characters long and contain at least one letter and one number';

test.describe('register', () => {
  test('shows each validation message for bad input', async ({ page }) => {
    await page.goto('/register');
    await expect(page).toHaveTitle('Register - Easy Fund');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password').fill('abc');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('PhotoURL is required')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText(PASSWORD_MSG).first()).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('abc123');
    await page.getByLabel('Confirm Password').fill('abc124');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Both passord did not matched!')).toBeVisible();
  });

  test('creates an account, shows the success popup and goes home signed in', async ({ page }) => {
    const email = uniqueEmail('reg');
    await page.goto('/register');
    await page.getByLabel('Name').fill('Sadia Akter');
    await page.getByLabel('Photo URL').fill('https://example.com/sadia.png');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('sadia123');
    await page.getByLabel('Confirm Password').fill('sadia123');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Register Successfull' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  });
});

test.describe('login', () => {
  test('a wrong password shows an error popup titled with the message', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request);
    await page.goto('/login');
    await expect(page).toHaveTitle('Login - Easy Fund');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong999');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Invalid email or password' })).toBeVisible();
  });

  test('the show/hide toggle reveals the password', async ({ page }) => {
    await page.goto('/login');
    const input = page.getByLabel('Password', { exact: true });
    await input.fill('abc123');
    await expect(input).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(input).toHaveAttribute('type', 'text');
  });

  test('signs in, the dashboard welcomes with name and email, then signs out', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request, { name: 'Tanvir Ahmed' });
    await page.goto('/login');
    await loginViaUi(page, account.email, account.password);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page).toHaveTitle('Dashboard - Easy Fund');
    await expect(page.getByRole('heading', { name: 'Welcome, Tanvir Ahmed' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await page.getByRole('button', { name: 'Log Out' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(401);
  });

  test('visiting /dashboard signed out goes to /login and back after sign-in', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?from=%2Fdashboard/);
    await loginViaUi(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(account.email)).toBeVisible();
  });
});

test.describe('forgot password', () => {
  test('the link on /login opens the reset-request form', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveTitle('Forgot Password - Easy Fund');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(
      'If an account exists for someone@example.com',
    );
  });
});

test.describe('sign in with an OpenID Connect provider', () => {
  test('the whole redirect flow signs a first-time user in with role user', async ({ page }) => {
    await page.goto('/login?from=%2Fdashboard');
    await page.getByRole('button', { name: /Sign in with Google/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Oidc Person' })).toBeVisible();
    await expect(page.getByText('oidc.user@example.com')).toBeVisible();
    const me = await page.request.get('/api/me');
    expect((await me.json()).role).toBe('user');
  });
});
