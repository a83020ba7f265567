import { type Browser, type Page } from '@playwright/test';
import {
  appReady,
  axeViolations,
  DEMO,
  expect,
  loginViaApi,
  registerViaApi,
  test,
} from './fixtures';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/** A demo fund of the demo raiser that no other browser test donates to. */
const FUND_NAME = 'Cyclone Shelter Repairs in Barishal';

async function signedInPage(browser: Browser, email?: string, password?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (email && password) await loginViaApi(page, email, password);
  return page;
}

/**
 * Holds back the app's entry script until the returned function is called: the page stays
 * as the server rendered it, without its code, meanwhile.
 */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.unrouteAll();
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The donor wall's row of this donation, found by its message of support. */
function wallRow(page: Page, message: string) {
  return page.getByTestId('supporter').filter({ hasText: message });
}

test('an anonymous donation shows "Anonymous" on the wall and to the raiser, the name to the admin', async ({
  page,
  browser,
  request,
}) => {
  // Four people's sessions, a card payment and two accessibility scans: about 50 s on a
  // busy two-core machine.
  test.slow();
  const donor = await registerViaApi(request, { name: 'Farida Begum' });
  await loginViaApi(page, donor.email, donor.password);
  const list = await page.request.get(`/api/funds?q=${encodeURIComponent(FUND_NAME)}`);
  const fund = ((await list.json()) as { items: { id: string; name: string }[] }).items.find(
    (f) => f.name === FUND_NAME,
  )!;
  const message = `Stay strong, sisters ${Date.now().toString(36)}`;

  // The pay step: give anonymously, with a message of support.
  await page.goto(`/dashboard/selecteddonation/pay/${fund.id}?amount=777`);
  await page.getByLabel('Give anonymously').check();
  await page.getByLabel('Message of support (optional)').fill(message);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${nextYear}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay 777 Tk' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successfully' })).toBeVisible();

  // A visitor sees "Anonymous" with the amount and the message, never the name.
  const visitor = await signedInPage(browser);
  await visitor.goto(`/donatenow/${fund.id}`);
  const publicRow = wallRow(visitor, message);
  await expect(publicRow).toContainText('Anonymous');
  await expect(publicRow).toContainText('777 Tk');
  await expect(publicRow).not.toContainText('Farida');
  await expect(visitor.getByText('Farida', { exact: false })).toHaveCount(0);

  // The raiser sees "Anonymous" too, and may hide the message.
  const raiser = await signedInPage(browser, DEMO.raiser.email, DEMO.raiser.password);
  await raiser.goto(`/donatenow/${fund.id}`);
  const raiserRow = wallRow(raiser, message);
  await expect(raiserRow).toContainText('Anonymous');
  await expect(raiserRow).not.toContainText('Farida');
  await expect(raiserRow.getByRole('button', { name: 'Hide message' })).toBeVisible();
  expect(await axeViolations(raiser, 'main')).toEqual([]);

  // An admin sees the donor's name, marked as shown to others as Anonymous.
  const admin = await signedInPage(browser, DEMO.admin.email, DEMO.admin.password);
  await admin.goto(`/donatenow/${fund.id}`);
  const adminRow = wallRow(admin, message);
  await expect(adminRow).toContainText('Farida Begum');
  await expect(adminRow).toContainText('shown to others as Anonymous');
  expect(await axeViolations(admin, 'main')).toEqual([]);

  // The donor sees their own donation as theirs.
  await page.goto(`/donatenow/${fund.id}`);
  await expect(wallRow(page, message)).toContainText('(you)');

  for (const p of [visitor, raiser, admin]) await p.context().close();
});

test('on a 360 px phone the Donate button stays on screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const list = await page.request.get(`/api/funds?q=${encodeURIComponent(FUND_NAME)}`);
  const fund = ((await list.json()) as { items: { id: string }[] }).items[0]!;
  await page.goto(`/donatenow/${fund.id}`);
  await expect(page.getByRole('radio', { name: 'Other' })).toBeVisible();
  await page.getByRole('heading', { name: 'About this fund' }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  const sticky = page.getByRole('link', { name: 'Donate', exact: true }).last();
  await expect(sticky).toBeInViewport();
  await sticky.click();
  await expect(page.getByRole('radio', { name: 'Other' })).toBeInViewport();
  await context.close();
});

test('the server sends the fund, the fund list and home readable without JavaScript; the app then draws over the same elements from the same data', async ({
  browser,
}) => {
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
  });
  const page = await noScript.newPage();
  const list = await page.request.get(`/api/funds?q=${encodeURIComponent(FUND_NAME)}`);
  const fund = ((await list.json()) as { items: { id: string; name: string }[] }).items[0]!;
  await page.goto(`/donatenow/${fund.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(FUND_NAME);
  await expect(page.getByRole('heading', { name: 'About this fund' })).toBeVisible();
  // The whole page: the donor wall and the organiser too.
  await expect(page.getByTestId('supporter').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Organiser', exact: true })).toBeVisible();
  await expect(page.getByText('Verified fund raiser')).toBeVisible();
  await page.goto(`/donatenow?q=${encodeURIComponent('Cyclone Shelter')}`);
  await expect(page.getByRole('link', { name: FUND_NAME }).first()).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to our Easy Fund');
  await noScript.close();

  // With JavaScript: the server's heading is still the one on the page once the app ran.
  const context = await browser.newContext();
  const app = await context.newPage();
  const asked: string[] = [];
  app.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  const release = await holdAppCode(app);
  await app.goto(`/donatenow/${fund.id}`, { waitUntil: 'domcontentloaded' });
  // A mark on the element itself (an attribute the app does not render would be removed).
  for (const drawn of [
    app.getByRole('heading', { level: 1 }),
    app.getByTestId('supporter').first(),
  ])
    await drawn.evaluate((el) => Object.assign(el, { fromServer: true }));
  // The visitor reads on while the code loads: the app keeps their place.
  await app.evaluate(() => window.scrollTo(0, 400));
  release();
  await appReady(app);
  // Signed out, the navigation offers Login once the session is known.
  await expect(app.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  for (const drawn of [
    app.getByRole('heading', { level: 1 }),
    app.getByTestId('supporter').first(),
  ])
    expect(await drawn.evaluate((el) => 'fromServer' in el)).toBe(true);
  // The app started from the server's data: it did not ask for the fund, its organiser
  // or related funds again (the wall and the updates, whose answers depend on who asks,
  // are asked for again).
  expect(asked).not.toContain(`/api/funds/${fund.id}`);
  expect(asked).not.toContain(`/api/funds/${fund.id}/organiser`);
  expect(asked).not.toContain('/api/funds');
  expect(asked).toContain(`/api/funds/${fund.id}/supporters`);
  await expect(app.getByRole('radio', { name: 'Other' })).toBeAttached();
  expect(await app.evaluate(() => window.scrollY)).toBe(400);
  // The app's first render is measured for browser tools and `npm run bench:pages`.
  const measured = await app.evaluate(() =>
    performance.getEntriesByName('app-first-render', 'measure').map((m) => m.duration),
  );
  expect(measured).toHaveLength(1);
  expect(measured[0]).toBeGreaterThan(0);
  await context.close();
});

test("what a visitor does on the server's page before the app has loaded is done once it has", async ({
  page,
}) => {
  let release = await holdAppCode(page);
  await page.goto('/donatenow', { waitUntil: 'domcontentloaded' });
  const search = page.getByRole('search', { name: 'Find a fund' });
  await search.getByLabel('Search funds').fill('sylhet');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/donatenow$/);
  release();
  await expect(page).toHaveURL(/\/donatenow\?q=sylhet$/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText('Flood Relief for Sylhet Families');

  // A cause chosen in the list box before the app runs filters the list once it does.
  release = await holdAppCode(page);
  await page.goto('/donatenow', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Cause').selectOption({ label: 'Health Care' });
  release();
  await expect(page).toHaveURL(/cause=health-care/);
  await expect(page.getByRole('article').filter({ hasNotText: 'Health Care' })).toHaveCount(0);

  // A check box ticked before the app runs stays ticked and filters once it does.
  release = await holdAppCode(page);
  await page.goto('/donatenow', { waitUntil: 'domcontentloaded' });
  await page.getByRole('checkbox', { name: 'Zakat-eligible only' }).check();
  release();
  await expect(page).toHaveURL(/\/donatenow\?zakat=1$/);
  await expect(page.getByRole('checkbox', { name: 'Zakat-eligible only' })).toBeChecked();

  // An amount chosen and Donate tapped before the app runs: the pay page gets that amount
  // (the tap is done again once the app has taken the choice, not with its default).
  await loginViaApi(page, DEMO.donor.email, DEMO.donor.password);
  const list = await page.request.get(`/api/funds?q=${encodeURIComponent(FUND_NAME)}`);
  const fundId = ((await list.json()) as { items: { id: string }[] }).items[0]!.id;
  release = await holdAppCode(page);
  await page.goto(`/donatenow/${fundId}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('radio', { name: '500Tk' }).check();
  await page.getByRole('link', { name: 'Donate', exact: true }).click();
  await expect(page).toHaveURL(`/donatenow/${fundId}`);
  release();
  await expect(page).toHaveURL(`/dashboard/selecteddonation/pay/${fundId}?amount=500`);
});
