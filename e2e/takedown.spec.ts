import { appReady, DEMO, expect, loginViaApi, shownFundVersion, test } from './fixtures';

/** A suspended fund's page on a 360 × 740 phone: the notice, not the pitch. */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const STORY = 'Send your gift by bKash to 01711111111 and we will forward it.';

test("a suspended fund's page shows its notice and reason, without its story or picture", async ({
  page,
  browser,
}) => {
  test.slow();
  // The demo raiser asks for a fund of its own; the demo admin approves it, then suspends it.
  const raiser = await browser.newContext();
  const admin = await browser.newContext();
  const raiserPage = await raiser.newPage();
  await loginViaApi(raiserPage, DEMO.raiser.email, DEMO.raiser.password);
  await loginViaApi(await admin.newPage(), DEMO.admin.email, DEMO.admin.password);
  const name = `Flood kits for Sylhet ${Date.now().toString(36)}`;
  const created = await raiser.request.post('/api/funds', {
    data: {
      name,
      image: '/images/funds/relief-fund.webp',
      description: STORY,
      cause: 'relief-fund',
      goalTk: 50_000,
      suggestedTk: 500,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const approved = await admin.request.patch(`/api/admin/funds/${id}`, {
    data: {
      status: 'approved',
      feedback: null,
      version: await shownFundVersion(admin.request, id, 'pending'),
    },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const reason = 'The phone number in the story is not the organiser’s';
  const held = await admin.request.put(`/api/admin/funds/${id}/hold`, {
    data: {
      action: 'suspend',
      reason,
      version: await shownFundVersion(admin.request, id, 'approved'),
    },
  });
  expect(held.status(), await held.text()).toBe(200);

  const response = await page.goto(`/donatenow/${id}`);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'suspended by our team' });
  await expect(notice).toBeInViewport();
  await expect(notice).toContainText(reason);
  await expect(notice).toContainText('It does not take donations.');
  await expect(page.getByText(STORY)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'About this fund' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: `Illustration for ${name}` })).toHaveCount(0);
  await expect(page.locator('#donate')).toHaveCount(0);
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Its raiser, signed in, still reads the whole page (to appeal).
  await raiserPage.goto(`/donatenow/${id}`);
  await appReady(raiserPage);
  await expect(raiserPage.getByText(STORY)).toBeVisible();
  await expect(raiserPage.getByRole('status').filter({ hasText: reason })).toBeVisible();
  await raiser.close();
  await admin.close();
});
