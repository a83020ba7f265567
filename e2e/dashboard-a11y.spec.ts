import { type Page } from '@playwright/test';
import {
  axeViolations,
  DEMO,
  expect,
  loginViaApi,
  networkQuiet,
  openInApp,
  test,
} from './fixtures';

const PAGES: { role: keyof typeof DEMO; paths: string[] }[] = [
  {
    role: 'donor',
    paths: [
      '/dashboard',
      '/dashboard/selecteddonation',
      '/dashboard/donated',
      '/dashboard/paymenthistory',
      '/dashboard/verification',
    ],
  },
  { role: 'raiser', paths: ['/dashboard/requestfund', '/dashboard/raisedfund'] },
  {
    role: 'admin',
    paths: [
      '/dashboard/admin/overview',
      '/dashboard/admin/manageUsers',
      '/dashboard/admin/manageverification',
      '/dashboard/admin/managerequestedfund',
      '/dashboard/admin/managewithdrawals',
      '/dashboard/admin/messages',
    ],
  },
];

// One sign-in and one page load for each role: its other pages are opened inside the app
// (axe reads the page as drawn, however it came), one test each, in order, on one page.
for (const { role, paths } of PAGES) {
  test.describe(`dashboard accessibility as ${role}`, () => {
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    let quiet: () => Promise<void>;
    test.beforeAll(async ({ browser }) => {
      // A context of its own: axe asks for one made by browser.newContext().
      page = await (await browser.newContext()).newPage();
      await loginViaApi(page, DEMO[role].email, DEMO[role].password);
      quiet = networkQuiet(page);
    });
    test.afterAll(() => page.context().close());
    for (const [i, path] of paths.entries()) {
      test(`${path} has no axe violation`, async () => {
        if (i === 0) await page.goto(path);
        else await openInApp(page, path);
        await expect(page.locator('main h1').first()).toBeVisible();
        await quiet();
        expect(await axeViolations(page), path).toEqual([]);
      });
    }
  });
}
