import { describe, expect, it } from 'vitest';
import { initialAmountTk } from './amount';

describe('the amount the pay page starts with', () => {
  it('takes a valid whole-Tk ?amount=', () => {
    expect(initialAmountTk('500', 100_000)).toBe(500);
    expect(initialAmountTk('10', 100_000)).toBe(10);
    expect(initialAmountTk('1000000', 100_000)).toBe(1_000_000);
  });

  it("falls back to the fund's suggested amount for a missing or bad ?amount=", () => {
    for (const q of [null, '', 'abc', '9', '1000001', '12.5', '-50', '1e3']) {
      expect(initialAmountTk(q, 75_000)).toBe(750);
    }
  });

  it('keeps a suggested amount within the donation bounds', () => {
    expect(initialAmountTk(null, 500)).toBe(10);
    expect(initialAmountTk(null, 500_000_000)).toBe(1_000_000);
  });
});
