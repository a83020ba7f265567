import { describe, expect, it } from 'vitest';
import { filtersFromSearch } from './filters';

describe('donate-now filters', () => {
  it('reads search, cause and page from the URL', () => {
    expect(filtersFromSearch(new URLSearchParams('q=+flood+&cause=relief-fund&page=3'))).toEqual({
      q: 'flood',
      cause: 'relief-fund',
      sort: undefined,
      page: 3,
    });
  });

  it('reads the sort, leaving out the default and unknown ones', () => {
    expect(filtersFromSearch(new URLSearchParams('sort=nearly-funded')).sort).toBe('nearly-funded');
    expect(filtersFromSearch(new URLSearchParams('sort=most-donors')).sort).toBe('most-donors');
    expect(filtersFromSearch(new URLSearchParams('sort=newest')).sort).toBeUndefined();
    expect(filtersFromSearch(new URLSearchParams('sort=random')).sort).toBeUndefined();
  });

  it('reads the Zakat filter as zakat=1 only', () => {
    expect(filtersFromSearch(new URLSearchParams('zakat=1')).zakat).toBe(true);
    expect(filtersFromSearch(new URLSearchParams('zakat=yes')).zakat).toBeUndefined();
  });

  it('drops values the API would refuse instead of failing the page', () => {
    expect(
      filtersFromSearch(new URLSearchParams(`q=${'x'.repeat(300)}&cause=moon&page=-2`)),
    ).toEqual({
      q: 'x'.repeat(100),
      cause: undefined,
      sort: undefined,
      zakat: undefined,
      page: undefined,
    });
    expect(filtersFromSearch(new URLSearchParams('q=&page=abc'))).toEqual({
      q: undefined,
      cause: undefined,
      sort: undefined,
      zakat: undefined,
      page: undefined,
    });
  });
});
