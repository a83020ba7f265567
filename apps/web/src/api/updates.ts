import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { updates } from '@easyfund/shared/api/updates';
import type { DecisionStatus } from '@easyfund/shared/constants';
import type { TUpdateDecisionRequest } from '@easyfund/shared/schemas/fields';
import type { TCreateFundUpdateRequest } from '@easyfund/shared/schemas/updates';
import { call, PAGE_SIZE } from './client';

/** Query keys of the updates resource; only this file builds them. */
export const updateKeys = {
  all: ['updates'] as const,
  list: (fundId: string, page: number) => [...updateKeys.all, fundId, { page }] as const,
  fund: (fundId: string) => [...updateKeys.all, fundId] as const,
  subscription: (token: string) => [...updateKeys.all, 'subscription', token] as const,
  review: (status: DecisionStatus, page: number) =>
    [...updateKeys.all, 'review', status, { page }] as const,
};

export const UPDATES_PAGE_SIZE = 5;

/** A fund's updates, newest first (and whether the viewer may post). */
export const fundUpdatesQuery = (fundId: string, page = 1) =>
  queryOptions({
    queryKey: updateKeys.list(fundId, page),
    queryFn: () =>
      call(updates.list, { params: { id: fundId }, query: { page, pageSize: UPDATES_PAGE_SIZE } }),
    // `canPost` is the viewer's.
    meta: { perViewer: true },
  });

/** The organiser posts an update; the fund's list shows it at once. */
export function usePostFundUpdate(fundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateFundUpdateRequest) =>
      call(updates.create, { params: { id: fundId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: updateKeys.fund(fundId) }),
  });
}

/** What an unsubscribe link stops (reading changes nothing). */
export const subscriptionQuery = (token: string) =>
  queryOptions({
    queryKey: updateKeys.subscription(token),
    queryFn: () => call(updates.unsubscribeInfo, { params: { token } }),
    retry: false,
  });

/** Stops a fund's update e-mails from a signed link. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(updates.unsubscribe, { params: { token } }),
    onSuccess: (info) => queryClient.setQueryData(updateKeys.subscription(token), info),
  });
}

/** The admins' list of funds' first updates, waiting for review (or decided). */
export const updatesForReviewQuery = (status: DecisionStatus, page: number) =>
  queryOptions({
    queryKey: updateKeys.review(status, page),
    queryFn: () => call(updates.adminList, { query: { status, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** An admin approves (publishes and e-mails) or denies a fund's first update. */
export function useDecideFundUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TUpdateDecisionRequest & { id: string }) =>
      call(updates.decide, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: updateKeys.all }),
  });
}
