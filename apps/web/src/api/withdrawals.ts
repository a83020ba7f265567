import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawals } from '@easyfund/shared/api/withdrawals';
import type { TDecisionRequest } from '@easyfund/shared/schemas/fields';
import type { TPayoutRecordInput, TWithdrawalRequest } from '@easyfund/shared/schemas/withdrawals';
import { call, PAGE_SIZE } from './client';
import { fundKeys } from './funds';

/** Query keys of the withdrawals resource; only this file builds them. */
export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  mine: () => [...withdrawalKeys.all, 'mine'] as const,
  list: (page: number) => [...withdrawalKeys.all, 'list', { page }] as const,
  fund: (fundId: string) => [...withdrawalKeys.all, 'fund', fundId] as const,
};

/** "Where the money went" on a fund's page: raised, each payout, remaining. */
export const fundPayoutsQuery = (fundId: string) =>
  queryOptions({
    queryKey: withdrawalKeys.fund(fundId),
    queryFn: () => call(withdrawals.fundPayouts, { params: { id: fundId } }),
  });

/** The raiser's own withdrawal requests. */
export const myWithdrawalsQuery = queryOptions({
  queryKey: withdrawalKeys.mine(),
  queryFn: () => call(withdrawals.mine),
});

/** Every withdrawal request, for admins. */
export const withdrawalsQuery = (page: number) =>
  queryOptions({
    queryKey: withdrawalKeys.list(page),
    queryFn: () => call(withdrawals.list, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** A raiser asks to withdraw from an own fund; its available balance changes. */
export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TWithdrawalRequest) => call(withdrawals.request, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
        queryClient.invalidateQueries({ queryKey: fundKeys.mine() }),
      ]),
  });
}

/** An admin approves or denies a withdrawal request; the fund's balance changes. */
export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TDecisionRequest & { id: string }) =>
      call(withdrawals.decide, { params: { id }, body }),
    // Also after a refusal: a request that changed meanwhile is shown as it is now.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
        queryClient.invalidateQueries({ queryKey: fundKeys.mine() }),
      ]),
  });
}

/** An admin records a payout as paid or failed, or reverses a paid one. */
export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TPayoutRecordInput & { id: string }) =>
      call(withdrawals.payout, { params: { id }, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
        queryClient.invalidateQueries({ queryKey: fundKeys.mine() }),
      ]),
  });
}
