import { appReady, expect, test } from './fixtures';

// The router's scroll restoration, as React renders it: a link to a section of another
// page shows that section, Back returns to where the visitor was, and an address with a
// section shows it from the server's page on.

test('a link to a section of another page shows it; Back returns to the place left', async ({
  page,
}) => {
  await page.goto('/donatenow');
  await appReady(page);
  const footer = page.getByRole('contentinfo');
  const link = footer
    .getByRole('navigation', { name: 'Popular Links' })
    .getByRole('link', { name: 'Upcoming Events' });
  // The visitor scrolls down to the footer's link, and taps it there.
  await link.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/#upcoming-events$/);
  await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeInViewport();
  await page.goBack();
  await expect(page).toHaveURL(/\/donatenow$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  // Back to the top of a page the visitor had not scrolled: a link to another page opens
  // it at its top.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact Us' })
    .click();
  await expect(page).toHaveURL(/\/contactus$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("an address with a section shows it, on the server's page and once the app runs", async ({
  page,
}) => {
  await page.goto('/#upcoming-events');
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeInViewport();
});
