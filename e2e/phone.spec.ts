import { type APIRequestContext, type Page } from '@playwright/test';
import {
  appReady,
  DEMO,
  donateViaApi,
  expect,
  loginViaApi,
  registerRaiserViaApi,
  registerViaApi,
  shownFundVersion,
  test,
} from './fixtures';

/** The rough edges a walk through the site on a 360 × 740 phone found, each fixed. */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

async function firstFundId(page: Page): Promise<string> {
  const res = await page.request.get('/api/funds?pageSize=1');
  const id = ((await res.json()) as { items: { id: string }[] }).items[0]?.id;
  if (!id) throw new Error('no approved fund');
  return id;
}

/**
 * A fund of a new raiser of its own (the page's cookie jar), requested through the API
 * and decided by the demo admin (signed in on `admin`, a separate cookie jar).
 */
async function fundOfOwnRaiser(
  page: Page,
  admin: APIRequestContext,
  decision: 'pending' | 'approved' | 'denied',
): Promise<{ id: string; name: string }> {
  await registerRaiserViaApi(page.request, admin, 'Phone Raiser');
  const name = `Water filters for Char ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/funds', {
    data: {
      name,
      image: '/images/funds/relief-fund.webp',
      description: 'Clean water for twenty families after the flood.',
      cause: 'relief-fund',
      goalTk: 50_000,
      suggestedTk: 500,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  if (decision !== 'pending') {
    // A decision carries the version of the request the admin was shown.
    const version = await shownFundVersion(admin, id, 'pending');
    const decided = await admin.patch(`/api/admin/funds/${id}`, {
      data: {
        status: decision,
        feedback: decision === 'denied' ? 'The documents are missing.' : null,
        version,
      },
    });
    expect(decided.status(), await decided.text()).toBe(200);
  }
  return { id, name };
}

test('the card expiry takes 1229 from a numeric keypad and shows 12/29', async ({ page }) => {
  await loginViaApi(page, DEMO.donor.email, DEMO.donor.password);
  await page.goto(`/dashboard/selecteddonation/pay/${await firstFundId(page)}`);
  const expiry = page.getByLabel('Expiry (MM/YY)');
  await expiry.pressSequentially('1229');
  await expect(expiry).toHaveValue('12/29');
  // Deleting goes back over the slash like over any character.
  await expiry.press('Backspace');
  await expiry.press('Backspace');
  await expect(expiry).toHaveValue('12');
});

test('the dashboard menu closes once a link is chosen', async ({ page }) => {
  await loginViaApi(page, DEMO.donor.email, DEMO.donor.password);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu).not.toBeInViewport();
  await page.getByLabel('Open the dashboard menu').click();
  await expect(menu).toBeInViewport();
  await menu.getByRole('link', { name: 'Payment History' }).click();
  await expect(page).toHaveURL(/\/dashboard\/paymenthistory$/);
  await expect(menu).not.toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Payment History' })).toBeInViewport();
});

test('a fund image that fails to load gives way to a drawing', async ({ page }) => {
  // Every picture fails (the demo's funds use several sets of illustrations).
  await page.route('**/*.webp', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/donatenow');
  const first = page.getByRole('article').first().locator('img');
  await expect(first).toHaveAttribute('data-fallback', 'true');
  await expect(first).toHaveAttribute('src', '/images/fund-fallback.svg');
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});

test('the statistics strip keeps its icons round', async ({ page }) => {
  await page.goto('/');
  const icons = page.locator('#what-we-do .bg-amber-300');
  await expect(icons).toHaveCount(4);
  for (const icon of await icons.all()) {
    await icon.scrollIntoViewIfNeeded();
    const box = (await icon.boundingBox())!;
    expect(Math.abs(box.width - box.height)).toBeLessThan(1);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
});

test('footer links and cause links are at least 24 × 24 px', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#what-we-do h3 a')).toHaveCount(6);
  await expect(page.locator('footer nav a')).toHaveCount(10);
  const targets = [
    ...(await page.locator('footer nav a').all()),
    ...(await page.locator('#what-we-do h3 a').all()),
  ];
  expect(targets.length).toBeGreaterThan(10);
  for (const link of targets) {
    const box = (await link.boundingBox())!;
    expect(box.height, await link.innerText()).toBeGreaterThanOrEqual(24);
    expect(box.width, await link.innerText()).toBeGreaterThanOrEqual(24);
  }
});

test('the navbar shows where the keyboard focus is', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/contactus');
  const link = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Home', exact: true });
  await link.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(link).toBeFocused();
  const outline = await link.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});

test('the hidden carousel slide is out of the tab order', async ({ page }) => {
  await page.goto('/');
  const hidden = page.locator('.hero-carousel .hero-slide:not([data-active])');
  await expect(hidden.first()).toHaveAttribute('inert', '');
  // Tabbing from the skip link never lands inside a slide that is not shown.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const inHidden = await page.evaluate(
      () => document.activeElement?.closest('.hero-slide:not([data-active])') !== null,
    );
    expect(inHidden).toBe(false);
  }
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(page.locator('.hero-carousel .hero-slide[data-active]')).not.toHaveAttribute(
    'inert',
  );
});

test('error popups use the site’s colours', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.donor.email);
  await page.getByLabel('Password', { exact: true }).fill('wrongpass123');
  await page.getByRole('button', { name: 'Login' }).click();
  const ok = page.locator('.swal2-confirm');
  await expect(ok).toBeVisible();
  // Wait for the button's colour transition to end before reading it.
  await ok.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const [button, primary] = await ok.evaluate((el) => {
    const probe = document.createElement('span');
    probe.style.backgroundColor = 'var(--color-primary)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return [getComputedStyle(el).backgroundColor, colour];
  });
  expect(button).toBe(primary);
  expect(button).not.toBe('rgb(112, 102, 224)'); // SweetAlert2's purple
});

test.describe('admin tables', () => {
  test.beforeEach(async ({ page }) => {
    await loginViaApi(page, DEMO.admin.email, DEMO.admin.password);
  });

  test('turn into cards on a phone: nothing scrolls sideways, no hint needed', async ({ page }) => {
    await page.goto('/dashboard/admin/managerequestedfund');
    const region = page.getByRole('region', { name: 'Funds', exact: true });
    await expect(region).toBeVisible();
    await expect(page.getByText('Swipe the table sideways to see all columns')).toBeHidden();
    const { scroll, client } = await region.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client + 1);
    // The page itself does not scroll sideways: only the table does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });

  for (const [path, name, last] of [
    ['/dashboard/admin/manageverification', 'Applications', 'Feedback and decision'],
    ['/dashboard/admin/managerequestedfund', 'Funds', 'History'],
  ] as const) {
    test(`${name} fit at 1366 px, nothing clipped`, async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto(path);
      const region = page.getByRole('region', { name, exact: true });
      await expect(region.getByRole('columnheader', { name: last })).toBeVisible();
      const fits = await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
      expect(fits).toBe(true);
      const header = (await region.getByRole('columnheader', { name: last }).boundingBox())!;
      const box = (await region.boundingBox())!;
      expect(header.x + header.width).toBeLessThanOrEqual(box.x + box.width + 1);
      await expect(page.getByText('Swipe the table sideways to see all columns')).toBeHidden();
    });
  }

  test('Make Admin asks first; Cancel changes nothing', async ({ page, request }) => {
    const person = await registerViaApi(request, { name: 'Confirm Person', verified: false });
    await page.goto(`/dashboard/admin/manageUsers?q=${encodeURIComponent(person.email)}`);
    const row = page.getByRole('row', { name: /Confirm Person/ });
    await row.getByRole('button', { name: /^Make Admin/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Make Confirm Person an admin?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toContainText('user');
    await row.getByRole('button', { name: /^Make Admin/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, make admin' }).click();
    await expect(page.getByRole('heading', { name: 'Role updated' })).toBeVisible();
    await expect(row).toContainText('admin');
  });
});

test.describe('small wrong states', () => {
  test('a fund with nothing to withdraw has its Withdraw link disabled', async ({ page }) => {
    await loginViaApi(page, DEMO.raiser.email, DEMO.raiser.password);
    const res = await page.request.get('/api/me/funds');
    const funds = ((await res.json()) as { items: { name: string; availablePoisha: number }[] })
      .items;
    const empty = funds.find((f) => f.availablePoisha === 0);
    const some = funds.find((f) => f.availablePoisha > 0);
    await page.goto('/dashboard/raisedfund');
    if (empty) {
      const row = page.getByRole('row', { name: new RegExp(empty.name) });
      await expect(row.getByRole('link', { name: /nothing to withdraw yet/ })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    }
    if (some) {
      const row = page.getByRole('row', { name: new RegExp(some.name) });
      await expect(row.getByRole('link', { name: `Withdraw from ${some.name}` })).toBeEnabled();
    }
    expect(empty ?? some).toBeTruthy();
  });

  test('adding a fund already in the selection says so', async ({ page, request }) => {
    await registerViaApi(request, { verified: false });
    const cookies = await request.storageState();
    await page.context().addCookies(cookies.cookies);
    await page.goto(`/donatenow/${await firstFundId(page)}`);
    const add = page.getByRole('button', { name: 'Add to selected donations' });
    await add.click();
    await expect(page.getByText('Added to your selected donations.')).toBeVisible();
    await add.click();
    await expect(page.getByText('This fund is already in your selected donations.')).toBeVisible();
  });

  test('a denied fund’s page says so and does not promise an approval', async ({
    page,
    request,
  }) => {
    const { id } = await fundOfOwnRaiser(page, request, 'denied');
    await page.goto(`/donatenow/${id}`);
    const notice = page.getByRole('status').filter({ hasText: 'denied' });
    await expect(notice).toHaveText('This fund was denied and does not take donations.');
    await expect(page.getByText(/approv/i)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Donate/ })).toHaveCount(0);
  });

  test('a fund with one donation says "1 donation", not "1 donations"', async ({
    page,
    request,
  }) => {
    const { id } = await fundOfOwnRaiser(page, request, 'approved');
    await page.goto(`/donatenow/${id}`);
    await expect(page.getByText(/^0 donations · /)).toBeVisible();
    await donateViaApi(page.request, id, 150);
    await page.reload();
    await expect(page.getByText(/^1 donation · /)).toBeVisible();
    await expect(page.getByText(/1 donations/)).toHaveCount(0);
  });

  test('a search finding one fund says "1 fund matches"; the upcoming events are not in the past', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('#upcoming-events time')).toHaveCount(2);
    const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
    const dates = await page
      .locator('#upcoming-events time')
      .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
    expect(dates).toHaveLength(2);
    for (const d of dates) expect(new Date(d).getTime()).toBeGreaterThanOrEqual(today - 86_400_000);
    const res = await page.request.get('/api/funds?pageSize=1');
    const name = ((await res.json()) as { items: { name: string }[] }).items[0]!.name;
    await page.goto(`/donatenow?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('status')).toHaveText('1 fund matches your search');
    await page.goto('/donatenow?q=zzzz-no-such-fund');
    await expect(page.getByRole('status')).toHaveText('0 funds match your search');
  });
});

test('a sideways swipe changes the hero slide', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  const active = page.locator('.hero-slide[data-active]');
  await expect(active).toHaveAttribute('aria-label', '1 of 2');
  // A finger moving 120 px to the left: the next slide.
  await page.locator('.hero-track').evaluate((track) => {
    const at = (type: string, x: number) =>
      track.dispatchEvent(
        new PointerEvent(type, { pointerType: 'touch', clientX: x, clientY: 200, bubbles: true }),
      );
    at('pointerdown', 300);
    at('pointerup', 180);
  });
  await expect(active).toHaveAttribute('aria-label', '2 of 2');
});
