import { type Page } from '@playwright/test';
import { INFO_PAGE_TITLES } from '@easyfund/shared/pages';
import {
  axeViolations,
  DEMO,
  expect,
  loginViaApi,
  networkQuiet,
  openInApp,
  test,
} from './fixtures';

async function firstFundId(page: Page): Promise<string> {
  // A demo fund (the one with most donors), not the newest: the newest may be a fund another
  // test has just approved and is about to close.
  const res = await page.request.get('/api/funds?sort=most-donors&pageSize=1');
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
      await expect(page.locator('.hero-slide[data-active] .typed-text')).toHaveText(/\w/);
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
      // The donor wall, the organiser card and related funds load after the page.
      await expect(
        page
          .getByTestId('supporter')
          .or(page.getByText('No donations yet.', { exact: false }))
          .first(),
      ).toBeVisible();
      await expect(page.getByText('Verified fund raiser')).toBeVisible();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: 'fund page with updates, share buttons and the Zakat note',
    path: async (page) => {
      const res = await page.request.get('/api/funds?q=Sylhet');
      const fund = ((await res.json()) as { items: { id: string }[] }).items[0];
      return `/donatenow/${fund!.id}`;
    },
    ready: async (page) => {
      await expect(
        page
          .getByRole('region', { name: 'Updates from the organiser' })
          .getByRole('listitem')
          .first(),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    },
  },
  {
    name: 'donate now, Zakat-eligible only',
    path: async () => '/donatenow?zakat=1',
    ready: async (page) => {
      await expect(page.getByRole('article').first()).toBeVisible();
    },
  },
  {
    name: 'zakat calculator',
    path: async () => '/zakat',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Zakat Calculator' })).toBeVisible();
    },
  },
  {
    name: 'unsubscribe link that is not valid',
    path: async () => '/unsubscribe/not-a-valid-token-at-all',
    ready: async (page) => {
      await expect(page.getByRole('alert')).toBeVisible();
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
    name: 'forgot password',
    path: async () => '/forgot-password',
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
    },
  },
  {
    name: 'reset password with a link that is not valid',
    path: async () => '/reset-password?token=not-a-real-token',
    ready: async (page) => {
      await expect(page.getByText('New password').first()).toBeVisible();
    },
  },
  {
    name: 'e-mail verification without a valid link',
    path: async () => '/verify-email',
    ready: async (page) => {
      await expect(
        page.getByText('This verification link is invalid or has expired.'),
      ).toBeVisible();
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

test.describe('accessibility (axe-core): no violation', () => {
  // One page load: the other pages are opened inside the app (axe reads the page as
  // drawn, however it came), one test each, in order, on one page.
  test.describe('signed out', () => {
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    let quiet: () => Promise<void>;
    test.beforeAll(async ({ browser }) => {
      // A context of its own: axe asks for one made by browser.newContext().
      page = await (await browser.newContext()).newPage();
      quiet = networkQuiet(page);
    });
    test.afterAll(() => page.context().close());
    for (const [i, p] of PAGES.entries()) {
      test(`${p.name}, signed out`, async () => {
        const path = await p.path(page);
        const url = new URL(page.url());
        if (i === 0) await page.goto(path);
        else if (`${url.pathname}${url.search}` !== path) await openInApp(page, path);
        await p.ready(page);
        await quiet();
        expect(await axeViolations(page), p.name).toEqual([]);
      });
    }
  });

  test('the information pages', async ({ page }) => {
    // Six pages, each read by axe.
    test.slow();
    const quiet = networkQuiet(page);
    for (const [i, [topic, title]] of Object.entries(INFO_PAGE_TITLES).entries()) {
      if (i === 0) await page.goto(`/info/${topic}`);
      else await openInApp(page, `/info/${topic}`);
      await quiet();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(await axeViolations(page), topic).toEqual([]);
    }
  });

  test('home at 375 px with the menu open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await PAGES[0]!.ready(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('fund page signed in, with the "Other" amount and a validation error', async ({ page }) => {
    await loginViaApi(page, DEMO.donor.email, DEMO.donor.password);
    await page.goto(`/donatenow/${await firstFundId(page)}`);
    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByLabel('Other amount (Tk)').fill('3');
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the Zakat calculator with a result, and its one-step donation', async ({ page }) => {
    await page.goto('/zakat');
    await page.getByLabel('Cash at home and in bank accounts').fill('900000');
    await expect(page.getByRole('button', { name: /as Zakat$/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("an organiser's fund page with the update form, and an admin's with the Zakat form", async ({
    page,
  }) => {
    // Two sign-ins and two whole-page scans: 37–47 s on a loaded 2-core machine.
    test.slow();
    await loginViaApi(page, DEMO.raiser.email, DEMO.raiser.password);
    const res = await page.request.get('/api/funds?q=Funds%20for%20New%20School');
    const id = ((await res.json()) as { items: { id: string }[] }).items[0]!.id;
    await page.goto(`/donatenow/${id}`);
    await expect(page.getByRole('button', { name: 'Post update' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().clearCookies();
    await loginViaApi(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/zakat');
    await expect(page.getByRole('button', { name: 'Save prices' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/donatenow/${id}`);
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the pay step with "Tell me how this fund is doing"', async ({ page }) => {
    await loginViaApi(page, DEMO.donor.email, DEMO.donor.password);
    await page.goto(`/dashboard/selecteddonation/pay/${await firstFundId(page)}`);
    await expect(
      page.getByRole('checkbox', { name: 'Tell me how this fund is doing' }),
    ).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the login prompt dialog', async ({ page }) => {
    await page.goto(`/donatenow/${await firstFundId(page)}`);
    await page.getByRole('link', { name: 'Donate', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'You have to Login first' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
