import { axeViolations, DEMO, expect, loginViaApi, test } from './fixtures';

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

for (const { role, paths } of PAGES) {
  test.describe(`dashboard accessibility as ${role}`, () => {
    for (const path of paths) {
      test(`${path} has no axe violation`, async ({ page }) => {
        await loginViaApi(page, DEMO[role].email, DEMO[role].password);
        await page.goto(path);
        await expect(page.locator('main h1').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}
