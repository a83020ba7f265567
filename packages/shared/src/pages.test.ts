import { describe, expect, it } from 'vitest';
import { PAGE_TITLES, sidebarFor, titleForPath } from './pages';

describe('page titles for the first HTML answer', () => {
  it.each([
    ['/', 'Home - Easy Fund'],
    ['/donatenow', 'Donate Now - Easy Fund'],
    ['/donatenow/', 'Donate Now - Easy Fund'],
    ['/donatenow/3f1c', 'Fund Details - Easy Fund'],
    ['/contactus', 'Contact Us - Easy Fund'],
    ['/login', 'Login - Easy Fund'],
    ['/dashboard', 'Dashboard - Easy Fund'],
    ['/dashboard/selecteddonation/pay/abc', 'Payment - Easy Fund'],
    ['/dashboard/raisedfund/updatefund', 'Update Your Fund - Easy Fund'],
    ['/dashboard/admin/manageUsers', 'Manage Users - Easy Fund'],
    ['/info/about', 'About Us - Easy Fund'],
    ['/info/faq', 'FQAs - Easy Fund'],
    ['/info/constructor', 'Page Not Found - Easy Fund'],
    ['/info/about/more', 'Page Not Found - Easy Fund'],
    ['/donatenow/a/b', 'Page Not Found - Easy Fund'],
    ['/nowhere', 'Page Not Found - Easy Fund'],
  ])('%s → %s', (path, title) => {
    expect(titleForPath(path)).toBe(title);
  });

  it('keeps the titles of the pages whose title does not depend on the path', () => {
    expect(PAGE_TITLES.donated).toBe('My Donation History');
    expect(PAGE_TITLES.notFound).toBe('Page Not Found');
    expect('info' in PAGE_TITLES).toBe(false);
  });
});

describe('the dashboard sidebar', () => {
  const labels = (role: 'user' | 'verified' | 'admin') => sidebarFor(role).map((l) => l.label);

  it('offers a user the donor pages and the application', () => {
    expect(labels('user')).toEqual([
      'Selected Donation',
      'Donation History',
      'Payment History',
      'My Regular Gifts',
      'My Data',
      'Be a Fund Raiser',
      'Two-factor Sign-in',
    ]);
  });

  it('offers a verified raiser the raising pages instead of the application', () => {
    expect(labels('verified')).toEqual([
      'Selected Donation',
      'Donation History',
      'Payment History',
      'My Regular Gifts',
      'My Data',
      'Request for Fund',
      'My Raised Fund',
      'Two-factor Sign-in',
    ]);
  });

  it('offers an admin the admin pages', () => {
    expect(sidebarFor('admin').map((l) => l.path)).toEqual([
      '/dashboard/selecteddonation',
      '/dashboard/donated',
      '/dashboard/paymenthistory',
      '/dashboard/monthly-gifts',
      '/dashboard/my-data',
      '/dashboard/two-factor',
      '/dashboard/admin/overview',
      '/dashboard/admin/manageUsers',
      '/dashboard/admin/manageverification',
      '/dashboard/admin/managerequestedfund',
      '/dashboard/admin/managewithdrawals',
      '/dashboard/admin/managepayments',
      '/dashboard/admin/messages',
    ]);
    // An admin who raised funds keeps My Raised Fund.
    expect(sidebarFor('admin', true).map((l) => l.label)).toContain('My Raised Fund');
  });
});
