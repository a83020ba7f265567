import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { recurring } from '@easyfund/shared/api/recurring';
import type {
  TChangeRecurringRequest,
  TSetRamadanRequest,
  TStartRecurringForm,
} from '@easyfund/shared/schemas/recurring';
import type { TTestConfirmRequest } from '@easyfund/shared/schemas/payments';
import { call } from './client';
import { donationKeys } from './donations';
import { fundKeys } from './funds';
import { paymentKeys } from './payments';

/** Query keys of the monthly gifts; only this file builds them. */
export const recurringKeys = {
  all: ['recurring'] as const,
  mine: () => [...recurringKeys.all, 'mine'] as const,
  byToken: (token: string) => [...recurringKeys.all, 'token', token] as const,
  fundIncome: (fundId: string) => [...recurringKeys.all, 'fund', fundId] as const,
  ramadan: () => [...recurringKeys.all, 'ramadan'] as const,
  ramadanHistory: () => [...recurringKeys.all, 'ramadan', 'history'] as const,
};

/** A fund's recurring income (its raiser and admins). */
export const fundIncomeQuery = (fundId: string) =>
  queryOptions({
    queryKey: recurringKeys.fundIncome(fundId),
    queryFn: () => call(recurring.fundIncome, { params: { fundId } }),
  });

/** The Ramadan dates, and whether daily giving is open today. */
export const ramadanQuery = queryOptions({
  queryKey: recurringKeys.ramadan(),
  queryFn: () => call(recurring.ramadan),
});

export const ramadanHistoryQuery = queryOptions({
  queryKey: recurringKeys.ramadanHistory(),
  queryFn: () => call(recurring.ramadanHistory),
});

export function useSetRamadan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSetRamadanRequest) => call(recurring.setRamadan, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recurringKeys.ramadan() }),
  });
}

export const myGiftsQuery = queryOptions({
  queryKey: recurringKeys.mine(),
  queryFn: () => call(recurring.mine),
});

export const giftByTokenQuery = (token: string) =>
  queryOptions({
    queryKey: recurringKeys.byToken(token),
    queryFn: () => call(recurring.byToken, { params: { token } }),
    retry: false,
  });

/** After a first month was charged: totals, histories and the gifts change. */
async function refreshAfterCharge(queryClient: ReturnType<typeof useQueryClient>) {
  queryClient.removeQueries({ queryKey: fundKeys.all });
  await Promise.all(
    [recurringKeys.all, paymentKeys.all, donationKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function useStartGift() {
  return useMutation({
    mutationFn: (body: TStartRecurringForm) => call(recurring.start, { body }),
  });
}

export function useConfirmTestSetup() {
  return useMutation({
    mutationFn: ({ setupIntentId, ...body }: TTestConfirmRequest & { setupIntentId: string }) =>
      call(recurring.testConfirmSetup, { params: { setupIntentId }, body }),
  });
}

export function useActivateGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (giftId: string) => call(recurring.activate, { params: { giftId } }),
    onSettled: () => refreshAfterCharge(queryClient),
  });
}

export function useChangeCard() {
  return useMutation({
    mutationFn: (giftId: string) => call(recurring.changeCard, { params: { giftId } }),
  });
}

/** Pause, resume, cancel or a new amount: signed in (by id) or by the signed link (token). */
export function useChangeGift(by: { giftId?: string; token?: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangeRecurringRequest & { giftId?: string }) => {
      const { giftId = by.giftId, ...rest } = body as TChangeRecurringRequest & { giftId?: string };
      return by.token
        ? call(recurring.changeByToken, { params: { token: by.token }, body: rest })
        : call(recurring.change, { params: { giftId: giftId! }, body: rest });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recurringKeys.all }),
  });
}
