import { describe, expect, it } from 'vitest';
import { filtersFromSearch } from './filters';

describe('donate-now filters', () => {
  it('reads search, cause and page from the URL', () => {
    expect(filtersFromSearch(new URLSearchParams('q=+flood+&cause=relief-fund&page=3'))).toEqual({
      q: 'flood',
      cause: 'relief-fund',
      page: 3,
    });
  });

  it('drops values the API would refuse instead of failing the page', () => {
    expect(
      filtersFromSearch(new URLSearchParams(`q=${'x'.repeat(300)}&cause=moon&page=-2`)),
    ).toEqual({ q: 'x'.repeat(100), cause: undefined, page: undefined });
    expect(filtersFromSearch(new URLSearchParams('q=&page=abc'))).toEqual({
      q: undefined,
      cause: undefined,
      page: undefined,
    });
  });
});
