import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { funds } from '@easyfund/shared/api/funds';
import type { BodyInputOf } from '@easyfund/shared/api/contract';
import type { CauseId } from '@easyfund/shared/constants';
import type { FundSort } from '@easyfund/shared/fund-limits';
import type { THoldRequest } from '@easyfund/shared/schemas/funds';
import type { TDecisionRequest } from '@easyfund/shared/schemas/fields';
import { call, PAGE_SIZE } from './client';

/** What /donatenow filters the list by. */
export interface FundFilters {
  q?: string;
  cause?: CauseId;
  sort?: FundSort;
  /** Zakat-eligible funds only. */
  zakat?: boolean;
  page?: number;
  /** Related funds: how many, and the fund to leave out. */
  pageSize?: number;
  exclude?: string;
}

/** Query keys of the funds resource; only this file builds them. */
export const fundKeys = {
  all: ['funds'] as const,
  list: (filters: FundFilters) => [...fundKeys.all, 'list', filters] as const,
  detail: (id: string) => [...fundKeys.all, 'detail', id] as const,
  mine: () => [...fundKeys.all, 'mine'] as const,
  mineOne: (id: string) => [...fundKeys.mine(), id] as const,
  adminList: (page: number) => [...fundKeys.all, 'admin', { page }] as const,
  events: (id: string) => [...fundKeys.all, 'events', id] as const,
};

/* ---------- public reads ---------- */

/** Approved funds for /donatenow (search, cause, page). */
export const fundsQuery = (filters: FundFilters) =>
  queryOptions({
    queryKey: fundKeys.list(filters),
    queryFn: () => call(funds.list, { query: filters }),
  });

/** One fund: its page and the pay page. */
export const fundQuery = (id: string) =>
  queryOptions({
    queryKey: fundKeys.detail(id),
    queryFn: () => call(funds.get, { params: { id } }),
  });

/**
 * One fund as the signed-in person sees it, asked again in the browser for a fund taken
 * down: its raiser and admins see the whole page, while the page the server rendered (or
 * a visitor) shows only the notice.
 */
export const fundAsViewerQuery = (id: string) =>
  queryOptions({
    queryKey: [...fundKeys.detail(id), 'viewer'] as const,
    queryFn: () => call(funds.get, { params: { id } }),
    meta: { perViewer: true },
  });

/** Up to three other open funds of the same cause, closest to their goal first. */
export const relatedFundsQuery = (fundId: string, cause: CauseId) =>
  fundsQuery({ cause, sort: 'nearly-funded', pageSize: 3, exclude: fundId });

/* ---------- a raiser's own funds ---------- */

/** My Raised Fund. */
export const myFundsQuery = queryOptions({
  queryKey: fundKeys.mine(),
  queryFn: () => call(funds.mine),
});

/** One own fund (Update Your Fund, Withdraw Request). */
export const myFundQuery = (id: string) =>
  queryOptions({
    queryKey: fundKeys.mineOne(id),
    queryFn: () => call(funds.getMine, { params: { id } }),
  });

/** A verified raiser requests a fund. */
export function useCreateFund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof funds.create>) => call(funds.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundKeys.mine() }),
  });
}

/** A raiser edits an own fund; its public page and lists change too. */
export function useUpdateFund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: BodyInputOf<typeof funds.update> & { id: string }) =>
      call(funds.update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundKeys.all }),
  });
}

/* ---------- admins' decisions ---------- */

/** Every fund, any status, for admins. */
export const adminFundsQuery = (page: number) =>
  queryOptions({
    queryKey: fundKeys.adminList(page),
    queryFn: () => call(funds.adminList, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** A fund's audit trail. */
export const fundEventsQuery = (id: string) =>
  queryOptions({
    queryKey: fundKeys.events(id),
    queryFn: () => call(funds.events, { params: { id } }),
  });

/** An admin approves or denies a fund request; an approved fund appears on Donate Now. */
export function useDecideFund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TDecisionRequest & { id: string }) =>
      call(funds.decide, { params: { id }, body }),
    // Also after a refusal: a request that changed meanwhile is shown as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: fundKeys.all }),
  });
}

/** An admin approves or denies an approved fund's pending edit. */
export function useDecideFundChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TDecisionRequest & { id: string }) =>
      call(funds.decideChange, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fundKeys.all }),
  });
}

/** An admin suspends, closes or lifts the suspension of a fund. */
export function useHoldFund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: THoldRequest & { id: string }) =>
      call(funds.hold, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fundKeys.all }),
  });
}
