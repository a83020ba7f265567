import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  test as base,
} from '@playwright/test';

export { expect };

/**
 * What React says when the page it hydrates differs from the server's HTML: its
 * development build's warnings, the production build's error numbers (418 and the like:
 * a mismatch; 419, 421, 422, 423, 425: a part drawn again in the browser), and the app's
 * own `onRecoverableError` ("Hydration error", src/main.tsx).
 */
const HYDRATION_MESSAGE = /hydrat|Minified React error #(418|419|421|422|423|425)\b/i;

/** Collects every console message and page error of `context` about hydration. */
function watchHydration(context: BrowserContext, found: string[]) {
  context.on('console', (message) => {
    if (HYDRATION_MESSAGE.test(message.text()))
      found.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
  context.on('weberror', (error) => {
    const text = String(error.error());
    if (HYDRATION_MESSAGE.test(text)) found.push(`${error.page()?.url() ?? ''}: ${text}`);
  });
}

/**
 * The browser suite's `test`: every test fails on a console message or page error about
 * hydration, in its own page's context and in every context it opens itself (the server
 * renders the busiest pages, React hydrates them: the two must draw the same page).
 */
export const test = base.extend<{ noHydrationWarnings: void }>({
  noHydrationWarnings: [
    async ({ browser, context }, use) => {
      const found: string[] = [];
      watchHydration(context, found);
      const newContext = browser.newContext.bind(browser);
      // `browser.newPage()` opens its context through `newContext` too.
      browser.newContext = async (options) => {
        const opened = await newContext(options);
        watchHydration(opened, found);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(found, 'console messages about hydration').toEqual([]);
    },
    { auto: true },
  ],
});

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

/** The newest mail in the server's outbox to `email` whose subject starts with `subject`. */
export async function mailTo(email: string, subject: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let text = '';
  await expect
    .poll(
      () => {
        const files = readdirSync(outbox, { withFileTypes: true })
          .filter((f) => f.isFile())
          .map((f) => f.name)
          .sort();
        for (const name of files.reverse()) {
          const body = readFileSync(path.join(outbox, name), 'utf8');
          // The identity layer keeps addresses in lower case.
          const to = `to: ${email.toLowerCase()}\n`;
          if (body.toLowerCase().includes(to) && body.includes(`Subject: ${subject}`)) {
            text = body;
            return true;
          }
        }
        return false;
      },
      // Mails leave through the job queue: a busy machine may take a while. The queue is
      // polled every half second; reading the outbox every quarter second (not the
      // default's growing pauses, up to a second) keeps each wait near the mail's arrival.
      { message: `a mail to ${email}: ${subject}`, timeout: 30_000, intervals: [100, 250] },
    )
    .toBe(true);
  return text;
}

/** The verification link mailed to `email` (opens the web app's /verify-email page). */
export async function verificationLink(email: string): Promise<string> {
  const mail = await mailTo(email, 'Verify your');
  return /https?:\/\/\S+\/verify-email\?token=\S+/.exec(mail)![0];
}

/** The site's own origin: identity mails are refused to requests from anywhere else. */
export const SITE_ORIGIN = { origin: `http://127.0.0.1:${process.env.E2E_PORT}` };

/**
 * Creates an account through the API (fast) and signs the request context in, as the
 * register page does; by default its e-mail is verified through the mailed link too.
 */
export async function registerViaApi(
  request: APIRequestContext,
  input: { name?: string; email?: string; password?: string; verified?: boolean } = {},
) {
  const account = {
    name: input.name ?? 'Test Person',
    email: input.email ?? uniqueEmail(),
    password: input.password ?? 'secret123',
  };
  const res = await request.post('/api/auth/sign-up/email', {
    headers: SITE_ORIGIN,
    data: { ...account, image: '/images/avatar.svg' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  if (input.verified ?? true) {
    const token = new URL(await verificationLink(account.email)).searchParams.get('token')!;
    const verified = await request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(verified.status(), await verified.text()).toBe(200);
  }
  return account;
}

/**
 * Creates an account through the API ({@link registerViaApi}); then the demo admin, signed
 * in on `admin` (a cookie jar of its own), makes it a verified fund raiser.
 */
export async function registerRaiserViaApi(
  request: APIRequestContext,
  admin: APIRequestContext,
  name: string,
) {
  const raiser = await registerViaApi(request, { name });
  const signIn = await admin.post('/api/auth/sign-in/email', {
    headers: SITE_ORIGIN,
    data: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const found = await admin.get(`/api/admin/users?q=${encodeURIComponent(raiser.email)}`);
  const [user] = ((await found.json()) as { items: { id: string }[] }).items;
  const verified = await admin.patch(`/api/admin/users/${user!.id}/role`, {
    data: { role: 'verified' },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return raiser;
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
  // The demo accounts are shared by every test: one that chose বাংলা (bangla.spec.ts) must
  // not leave the others reading Bangla. Each sign-in starts in English.
  const lang = await page.request.put('/api/me/language', { data: { language: 'en' } });
  expect(lang.status(), await lang.text()).toBe(200);
}

/**
 * A card donation through the API, as the pay page makes it with the embedded processor:
 * the intent, the card at the processor's own endpoint, the confirmation. Answers the
 * payment's id once it succeeded.
 */
export async function donateViaApi(
  request: APIRequestContext,
  fundId: string,
  amountTk: number,
): Promise<string> {
  const intentRes = await request.post('/api/payments/intents', { data: { fundId, amountTk } });
  expect(intentRes.status(), await intentRes.text()).toBeLessThan(300);
  const intent = (await intentRes.json()) as {
    intentId: string;
    clientSecret: string;
    paymentId: string;
  };
  const card = await request.post(
    `/api/test-processor/payment_intents/${intent.intentId}/confirm`,
    {
      data: {
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
        billing: { name: 'Card Holder', email: 'card.holder@example.com' },
      },
    },
  );
  expect(card.status(), await card.text()).toBeLessThan(300);
  const confirm = await request.post('/api/payments/confirm', {
    data: { intentId: intent.intentId },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  expect(((await confirm.json()) as { status: string }).status).toBe('succeeded');
  return intent.paymentId;
}

/**
 * Every axe-core violation on the page (all impacts, minor ones too), or in one part of it
 * (`main`), as `rule: help — targets` lines: a test expects none.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
}

/**
 * Waits until the app runs on the page (`<html data-app="ready">`). Home, /donatenow and a
 * fund page arrive rendered by the server and their code loads after: a click, a tap or
 * typing before then is done again by the page once the app runs, other events (a swipe,
 * a key handled by the app) are not.
 */
export async function appReady(page: Page): Promise<void> {
  // The page's code is downloaded, parsed and hydrated while every other test runs: on a
  // loaded two-core machine that alone has taken over ten seconds.
  await expect(page.locator('html[data-app="ready"]')).toBeAttached({ timeout: 30_000 });
}

/**
 * Waits until the page has had no request open for half a second (Playwright's
 * `networkidle`, which a navigation inside the app does not wait for).
 */
export function networkQuiet(page: Page): () => Promise<void> {
  let open = 0;
  let last = Date.now();
  page.on('request', () => {
    open += 1;
    last = Date.now();
  });
  const ended = () => {
    open -= 1;
    last = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return () =>
    expect
      .poll(() => open <= 0 && Date.now() - last >= 500, { intervals: [100], timeout: 20_000 })
      .toBe(true);
}

/** Opens `route` as a link in the app would (the History API, no page load), and waits
 *  for its page: another text in `main`. */
export async function openInApp(page: Page, route: string) {
  const main = page.locator('main').first();
  const before = await main.innerText();
  await page.evaluate((to) => {
    history.pushState({ key: Math.random().toString(36).slice(2, 10) }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, route);
  await expect.poll(() => main.innerText()).not.toBe(before);
}

/**
 * The version of a fund as the admin's list of funds in `status` shows it: what a
 * decision on it sends back (a decision on anything else is refused with 409).
 */
export async function shownFundVersion(
  admin: APIRequestContext,
  id: string,
  status: 'pending' | 'approved',
): Promise<number> {
  const list = await admin.get(`/api/admin/funds?status=${status}&pageSize=100`);
  const { items } = (await list.json()) as { items: { id: string; version: number }[] };
  const shown = items.find((f) => f.id === id);
  expect(shown, 'the fund is on the admin list').toBeDefined();
  return shown!.version;
}
