import { queryOptions } from '@tanstack/react-query';
import { organisers } from '@easyfund/shared/api/organisers';
import { call } from './client';

/** Query keys of organisers; only this file builds them. */
export const organiserKeys = {
  all: ['organisers'] as const,
  ofFund: (fundId: string) => [...organiserKeys.all, fundId] as const,
};

/** The organiser card of a fund page. */
export const organiserQuery = (fundId: string) =>
  queryOptions({
    queryKey: organiserKeys.ofFund(fundId),
    queryFn: () => call(organisers.get, { params: { id: fundId } }),
    staleTime: 60_000,
  });
