import { describe, expect, it } from 'vitest';
import { raisedPercent } from './raised-progress';

describe('raisedPercent', () => {
  it('is 0 with nothing raised or no goal, never NaN', () => {
    expect(raisedPercent(0, 100_000)).toBe(0);
    expect(raisedPercent(500, 0)).toBe(0);
    expect(raisedPercent(-5, 100)).toBe(0);
  });

  it('rounds down, and is not capped past the goal', () => {
    expect(raisedPercent(99_999, 100_000)).toBe(99);
    expect(raisedPercent(100_000, 100_000)).toBe(100);
    expect(raisedPercent(128_500, 100_000)).toBe(128);
  });
});
