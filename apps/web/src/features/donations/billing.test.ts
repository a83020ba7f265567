import { describe, expect, it } from 'vitest';
import { billingOf } from './billing';

describe('billing details', () => {
  it("are the user's name and e-mail", () => {
    expect(billingOf({ name: 'Nusrat Jahan', email: 'donor@easyfund.test' })).toEqual({
      name: 'Nusrat Jahan',
      email: 'donor@easyfund.test',
    });
  });

  it("fall back to 'anonymous' and 'unknown'", () => {
    expect(billingOf(null)).toEqual({ name: 'anonymous', email: 'unknown' });
    expect(billingOf({ name: ' ', email: null })).toEqual({ name: 'anonymous', email: 'unknown' });
  });
});
