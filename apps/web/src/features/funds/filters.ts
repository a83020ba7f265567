import { CAUSE_IDS, type CauseId } from '@easyfund/shared/constants';
import { FUND_SEARCH_MAX, FUND_SORTS, type FundSort } from '@easyfund/shared/fund-limits';
import type { FundFilters } from '../../api/funds';

/** Reads /donatenow's query (?q=&cause=&sort=&zakat=1&page=), ignoring values the API would refuse. */
export function filtersFromSearch(search: URLSearchParams): FundFilters {
  const q = search.get('q')?.trim().slice(0, FUND_SEARCH_MAX) || undefined;
  const rawCause = search.get('cause');
  const cause = CAUSE_IDS.includes(rawCause as CauseId) ? (rawCause as CauseId) : undefined;
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const rawSort = search.get('sort');
  const sort =
    FUND_SORTS.includes(rawSort as FundSort) && rawSort !== 'newest'
      ? (rawSort as FundSort)
      : undefined;
  const zakat = search.get('zakat') === '1' ? true : undefined;
  return {
    q,
    cause,
    sort,
    zakat,
    page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : undefined,
  };
}
