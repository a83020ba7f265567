import { describe, expect, it } from 'vitest';
import { titleForPath } from './constants';

describe('page titles for the first HTML answer', () => {
  it.each([
    ['/', 'Home - Easy Fund'],
    ['/donatenow', 'Donate Now - Easy Fund'],
    ['/donatenow/3f1c', 'Fund Details - Easy Fund'],
    ['/contactus', 'Contact Us - Easy Fund'],
    ['/login', 'Login - Easy Fund'],
    ['/dashboard/selecteddonation/pay/abc', 'Payment - Easy Fund'],
    ['/dashboard/admin/manageUsers', 'Manage Users - Easy Fund'],
    ['/info/about', 'About Us - Easy Fund'],
    ['/info/faq', 'FQAs - Easy Fund'],
    ['/info/constructor', 'Page Not Found - Easy Fund'],
    ['/nowhere', 'Page Not Found - Easy Fund'],
  ])('%s → %s', (path, title) => {
    expect(titleForPath(path)).toBe(title);
  });
});
