import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, loginViaApi } from './fixtures';

/** Serious and critical axe violations on the whole page (navbar and footer included). */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
}

async function firstFundId(page: Page): Promise<string> {
  const res = await page.request.get('/api/funds?pageSize=1');
  const id = ((await res.json()) as { items: { id: string }[] }).items[0]?.id;
  if (!id) throw new Error('no approved fund');
  return id;
}

/** Each page, and what shows that it has finished loading. */
const PAGES: {
  name: string;
  path: (page: Page) => Promise<string>;
  ready: (page: Page) => Promise<void>;
}[] = [
  {
    name: 'home',
    path: async () => '/',
    ready: async (page) => {
      await expect(page.locator('#latest-blog article')).toHaveCount(3);
      await expect(page.locator('.swiper-slide-active .typed-text')).toHaveText(/\w/);
    },
  },
  {
    name: 'donate now',
    path: async () => '/donatenow',
    ready: async (page) => {
      await expect(page.getByRole('article').first()).toBeVisible();
    },
  },
  {
    name: 'fund page',
    path: async (page) => `/donatenow/${await firstFundId(page)}`,
    ready: async (page) => {
      await expect(page.getByRole('radio', { name: 'Other' })).toBeVisible();
    },
  },
  {
    name: 'contact us',
    path: async () => '/contactus',
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
    },
  },
  {
    name: 'login',
    path: async () => '/login',
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    },
  },
  {
    name: 'register',
    path: async () => '/register',
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
    },
  },
  {
    name: '404',
    path: async () => '/this/page/does/not/exist',
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    },
  },
];

test.describe('accessibility (axe-core): no serious or critical violation', () => {
  for (const p of PAGES) {
    test(`${p.name}, signed out`, async ({ page }) => {
      await page.goto(await p.path(page));
      await p.ready(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('home at 375 px with the menu open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await PAGES[0]!.ready(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('fund page signed in, with the "Other" amount and a validation error', async ({ page }) => {
    await loginViaApi(page, DEMO.donor.email, DEMO.donor.password);
    await page.goto(`/donatenow/${await firstFundId(page)}`);
    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByLabel('Other amount (Tk)').fill('3');
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the login prompt dialog', async ({ page }) => {
    await page.goto(`/donatenow/${await firstFundId(page)}`);
    await page.getByRole('link', { name: 'Donate', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'You have to Login first' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
