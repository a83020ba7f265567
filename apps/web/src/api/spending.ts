import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { spending } from '@easyfund/shared/api/spending';
import type { DecisionStatus } from '@easyfund/shared/constants';
import type {
  TSpendingReportDecision,
  TSpendingReportRequest,
} from '@easyfund/shared/schemas/spending';
import { call, PAGE_SIZE } from './client';
import { fundKeys } from './funds';
import { overviewKeys } from './overview';
import { withdrawalKeys } from './withdrawals';

/** Query keys of the spending reports resource; only this file builds them. */
export const spendingKeys = {
  all: ['spending'] as const,
  review: (status: DecisionStatus, page: number) =>
    [...spendingKeys.all, 'review', status, { page }] as const,
};

/** The admins' list of spending reports waiting for review (or decided). */
export const spendingReportsForReviewQuery = (status: DecisionStatus, page: number) =>
  queryOptions({
    queryKey: spendingKeys.review(status, page),
    queryFn: () => call(spending.adminList, { query: { status, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** The raiser reports how a paid payout was spent; it waits for an admin. */
export function usePostSpendingReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ withdrawalId, ...body }: TSpendingReportRequest & { withdrawalId: string }) =>
      call(spending.create, { params: { id: withdrawalId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.mine() }),
  });
}

/**
 * An admin approves (publishes) or denies a report; the fund's "Where the money went" and
 * the "report due" marks change.
 */
export function useDecideSpendingReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TSpendingReportDecision & { id: string }) =>
      call(spending.decide, { params: { id }, body }),
    // Also after a refusal: a report that changed meanwhile is shown as it is now.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: spendingKeys.all }),
        queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
        queryClient.invalidateQueries({ queryKey: fundKeys.all }),
        queryClient.invalidateQueries({ queryKey: overviewKeys.all }),
      ]),
  });
}
