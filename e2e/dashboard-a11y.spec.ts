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
// (axe reads the page as drawn, however it came).
for (const { role, paths } of PAGES) {
  test(`the ${role}'s dashboard pages have no axe violation`, async ({ page }) => {
    // Every page of the role in one test.
    test.slow();
    await loginViaApi(page, DEMO[role].email, DEMO[role].password);
    const quiet = networkQuiet(page);
    for (const [i, path] of paths.entries()) {
      if (i === 0) await page.goto(path);
      else await openInApp(page, path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await quiet();
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
}
