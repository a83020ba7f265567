import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@easyfund.test', password: 'admin123', name: 'Ayesha Rahman' },
  raiser: { email: 'raiser@easyfund.test', password: 'raiser123', name: 'Karim Hossain' },
  donor: { email: 'donor@easyfund.test', password: 'donor123', name: 'Nusrat Jahan' },
} as const;

let n = 0;
/** A unique e-mail for a test's own account. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${n++}@example.com`;
}

/** Creates an account through the API (fast); returns its credentials. */
export async function registerViaApi(
  request: APIRequestContext,
  input: { name?: string; email?: string; password?: string } = {},
) {
  const account = {
    name: input.name ?? 'Test Person',
    email: input.email ?? uniqueEmail(),
    password: input.password ?? 'secret123',
  };
  const res = await request.post('/api/auth/sign-up/email', {
    data: { ...account, image: '/images/avatar.svg' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return account;
}

/** Signs in through the login page and waits for the success popup. */
export async function loginViaUi(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Login Successfull' })).toBeVisible();
}

/** Signs the page's browser context in through the API (shares the cookie jar). */
export async function loginViaApi(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}
