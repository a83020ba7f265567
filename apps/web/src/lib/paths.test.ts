import { describe, expect, it } from 'vitest';
import { HELD_PAYMENTS_ID, paths } from './paths';

describe('internal links', () => {
  it('build /donatenow back from its filters, leaving out defaults', () => {
    expect(paths.donateNow()).toBe('/donatenow');
    expect(paths.donateNow({ q: 'school fees', cause: 'education', page: 1 })).toBe(
      '/donatenow?q=school+fees&cause=education',
    );
    expect(paths.donateNow({ page: 2 })).toBe('/donatenow?page=2');
  });

  it('link to the pay page, with the amount when given', () => {
    expect(paths.payFor('f1', 500)).toBe('/dashboard/selecteddonation/pay/f1?amount=500');
    expect(paths.payFor('f1')).toBe('/dashboard/selecteddonation/pay/f1');
    expect(paths.payFor('a/b')).toBe('/dashboard/selecteddonation/pay/a%2Fb');
  });

  it('name the own fund of the raising pages by ?id=', () => {
    expect(paths.updateFund('abc')).toBe('/dashboard/raisedfund/updatefund?id=abc');
    expect(paths.withdraw('abc')).toBe('/dashboard/raisedfund/withdraw?id=abc');
  });

  it('send to the login page and back', () => {
    expect(paths.login()).toBe('/login');
    expect(paths.login('/donatenow/f1')).toBe('/login?from=/donatenow/f1');
  });

  it("lead the overview's held-payments queue to Manage Payments' held list", () => {
    expect(paths.heldPayments).toBe(`/dashboard/admin/managepayments#${HELD_PAYMENTS_ID}`);
  });
});
