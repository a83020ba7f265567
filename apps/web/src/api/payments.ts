import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { payments } from '@easyfund/shared/api/payments';
import type { TCreateIntentRequest, TTestConfirmRequest } from '@easyfund/shared/schemas/donations';
import { cartKeys } from './cart';
import { call, PAGE_SIZE } from './client';
import { donationKeys } from './donations';
import { fundKeys } from './funds';

/** Query keys of the payments resource; only this file builds them. */
export const paymentKeys = {
  all: ['payments'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  mine: (page: number) => [...paymentKeys.all, 'mine', { page }] as const,
};

/** Which provider takes the card (the embedded processor or Stripe). */
export const paymentConfigQuery = queryOptions({
  queryKey: paymentKeys.config(),
  queryFn: () => call(payments.config),
  staleTime: Infinity,
});

/** Payment History, a page at a time. */
export const myPaymentsQuery = (page: number) =>
  queryOptions({
    queryKey: paymentKeys.mine(page),
    queryFn: () => call(payments.mine, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** Starts a donation: a payment intent for a fund and an amount in whole Tk. */
export function useCreateIntent() {
  return useMutation({
    mutationFn: (body: TCreateIntentRequest) => call(payments.createIntent, { body }),
  });
}

/** The embedded processor's own endpoint: the card goes there, not to the donation endpoints. */
export function useConfirmTestCard() {
  return useMutation({
    mutationFn: ({ intentId, ...body }: TTestConfirmRequest & { intentId: string }) =>
      call(payments.testConfirm, { params: { intentId }, body }),
  });
}

/**
 * Asks the server to re-read the intent from the provider and record the donation. Once
 * it succeeded, the fund's totals, the cart and both histories changed: cached funds are
 * dropped (every page shows the new totals) and the rest is read again.
 */
export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intentId: string) => call(payments.confirm, { body: { intentId } }),
    onSuccess: async (result) => {
      if (result.status !== 'succeeded') return;
      queryClient.removeQueries({ queryKey: fundKeys.all });
      await Promise.all(
        [cartKeys.all, paymentKeys.all, donationKeys.all, fundKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
