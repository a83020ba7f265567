import { queryOptions } from '@tanstack/react-query';
import { overview } from '@easyfund/shared/api/overview';
import { call } from './client';

/** Query keys of the overview resource; only this file builds them. */
export const overviewKeys = {
  all: ['overview'] as const,
};

/** The admin overview: totals, charts' data and the queues. */
export const adminOverviewQuery = queryOptions({
  queryKey: overviewKeys.all,
  queryFn: () => call(overview.get),
});
