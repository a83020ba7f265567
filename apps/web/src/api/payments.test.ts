import { describe, expect, it } from 'vitest';
import { readOnFrom } from './payments';

const page = (n: number, ids: string[], pageSize = 3) => ({
  page: n,
  pageSize,
  items: ids.map((id) => ({ id }) as never),
});

describe('readOnFrom', () => {
  it('reads a page on from the last payment of the full page before it', () => {
    expect(readOnFrom(page(1, ['a', 'b', 'c']), 2)).toBe('c');
    expect(readOnFrom(page(4, ['j', 'k', 'l']), 5)).toBe('l');
  });

  it('counts from the first payment without the page just before, or after a short one', () => {
    expect(readOnFrom(undefined, 2)).toBeUndefined();
    // Page 3 asked while page 1 is the one at hand (a jump): by number.
    expect(readOnFrom(page(1, ['a', 'b', 'c']), 3)).toBeUndefined();
    // The last page is short: nothing comes after it to read on to.
    expect(readOnFrom(page(1, ['a', 'b']), 2)).toBeUndefined();
  });
});
