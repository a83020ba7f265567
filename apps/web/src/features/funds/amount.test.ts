import { describe, expect, it } from 'vitest';
import { chosenAmount, initialChoice } from './amount';

describe('donation amount choice', () => {
  it('uses a preset as is', () => {
    expect(chosenAmount(500, 'ignored')).toBe(500);
  });

  it('accepts a whole "Other" amount from 10 to 1,000,000 Tk', () => {
    expect(chosenAmount('other', ' 250 ')).toBe(250);
    expect(chosenAmount('other', '10')).toBe(10);
    expect(chosenAmount('other', '1000000')).toBe(1_000_000);
  });

  it('refuses an empty, fractional, negative, too small or too large "Other" amount', () => {
    for (const v of ['', '9', '10.5', '-20', '1e3', '1000001', 'abc']) {
      expect(chosenAmount('other', v), v).toBeNull();
    }
  });

  it("starts from the fund's suggested amount", () => {
    expect(initialChoice(100_000)).toEqual({ choice: 1000, other: '' });
    expect(initialChoice(25_000)).toEqual({ choice: 'other', other: '250' });
    expect(initialChoice(25_050)).toEqual({ choice: 100, other: '' });
  });
});
