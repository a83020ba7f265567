import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { payouts } from '@easyfund/shared/api/payouts';
import type {
  TPayoutAccountDecisionInput,
  TPayoutAccountRequestInput,
} from '@easyfund/shared/schemas/payouts';
import { call, PAGE_SIZE } from './client';

/** Query keys of the payouts resource (payout accounts); only this file builds them. */
export const payoutKeys = {
  all: ['payouts'] as const,
  myAccounts: () => [...payoutKeys.all, 'my-accounts'] as const,
  accounts: (page: number) => [...payoutKeys.all, 'accounts', { page }] as const,
  account: (id: string) => [...payoutKeys.all, 'account', id] as const,
};

/** The raiser's own payout accounts (numbers masked). */
export const myPayoutAccountsQuery = queryOptions({
  queryKey: payoutKeys.myAccounts(),
  queryFn: () => call(payouts.myAccounts),
});

/** Every payout account, for admins (numbers masked). */
export const payoutAccountsQuery = (page: number) =>
  queryOptions({
    queryKey: payoutKeys.accounts(page),
    queryFn: () => call(payouts.listAccounts, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** One account with its full number, fetched when an admin asks to see it (the viewing is recorded). */
export const payoutAccountQuery = (id: string) =>
  queryOptions({
    queryKey: payoutKeys.account(id),
    queryFn: () => call(payouts.getAccount, { params: { id } }),
    staleTime: 0,
  });

/** Sends the SMS code that confirms adding a payout account to an account without a password. */
export function useSendPayoutAccountCode() {
  return useMutation({ mutationFn: () => call(payouts.accountCode) });
}

/** A raiser adds a payout account, confirmed again (password, second factor or SMS code). */
export function useAddPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPayoutAccountRequestInput) => call(payouts.addAccount, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

/** A raiser removes an own payout account. */
export function useRemovePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(payouts.removeAccount, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

/** An admin approves an account, or denies it with a reason. */
export function useDecidePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TPayoutAccountDecisionInput & { id: string }) =>
      call(payouts.decideAccount, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
