import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { donations } from '@easyfund/shared/api/donations';
import { call, PAGE_SIZE } from './client';

/** Query keys of the donations resource; only this file builds them. */
export const donationKeys = {
  all: ['donations'] as const,
  mine: (page: number) => [...donationKeys.all, 'mine', { page }] as const,
};

/** My Donation History, a page at a time. */
export const myDonationsQuery = (page: number) =>
  queryOptions({
    queryKey: donationKeys.mine(page),
    queryFn: () => call(donations.mine, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
