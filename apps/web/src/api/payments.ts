import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { payments } from '@easyfund/shared/api/payments';
import type {
  TAdminPaymentList,
  TCheckoutForm,
  TCreateIntentForm,
  TPanelRefundRequest,
  TRefundRequest,
  TTestConfirmRequest,
} from '@easyfund/shared/schemas/payments';
import { cartKeys } from './cart';
import { call, PAGE_SIZE } from './client';
import { donationKeys } from './donations';
import { fundKeys } from './funds';
import { paymentConfigKey } from './payment-config';

/** Query keys of the payments resource; only this file builds them. */
export const paymentKeys = {
  all: ['payments'] as const,
  config: () => paymentConfigKey,
  mine: (page: number) => [...paymentKeys.all, 'mine', { page }] as const,
  one: (paymentId: string) => [...paymentKeys.all, 'one', paymentId] as const,
  held: (page: number) => [...paymentKeys.all, 'held', { page }] as const,
  search: (q: string, page: number) => [...paymentKeys.all, 'search', { q, page }] as const,
  detail: (paymentId: string) => [...paymentKeys.all, 'detail', paymentId] as const,
  unsettled: (fundId: string) => [...paymentKeys.all, 'unsettled', fundId] as const,
};

/**
 * Manage Payments' search over every payment, a page at a time; `after` (the page before's
 * last payment) reads the same page on from it, as deep pages cost no more than the first.
 */
export const searchPaymentsQuery = (q: string, page: number, after?: string) =>
  queryOptions({
    queryKey: paymentKeys.search(q, page),
    queryFn: () =>
      call(payments.search, {
        query: { page, pageSize: PAGE_SIZE, ...(q ? { q } : {}), ...(after ? { after } : {}) },
      }),
    placeholderData: keepPreviousData,
  });

/**
 * Manage Payments' list: without a search, a page whose page before is at hand (the next
 * page, clicked from it) is read on from that page's last payment.
 */
export function useSearchPayments(q: string, page: number) {
  const queryClient = useQueryClient();
  const before =
    q || page === 1
      ? undefined
      : queryClient.getQueryData(searchPaymentsQuery(q, page - 1).queryKey);
  return useQuery(searchPaymentsQuery(q, page, readOnFrom(before, page)));
}

/** The payment page `page` is read on from: the last of a full page `page - 1`, if given. */
export function readOnFrom(
  before: Pick<TAdminPaymentList, 'items' | 'page' | 'pageSize'> | undefined,
  page: number,
): string | undefined {
  return before && before.page === page - 1 && before.items.length === before.pageSize
    ? before.items.at(-1)?.id
    : undefined;
}

/** A payment's detail for an admin: its refunds and what may still be refunded. */
export const paymentDetailQuery = (paymentId: string) =>
  queryOptions({
    queryKey: paymentKeys.detail(paymentId),
    queryFn: () => call(payments.detail, { params: { paymentId } }),
  });

/**
 * An admin refunds all or part of a payment. The fund's totals and both histories change:
 * cached funds are dropped and payments and donations read again.
 */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, ...body }: TRefundRequest & { paymentId: string }) =>
      call(payments.refund, { params: { paymentId }, body }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: fundKeys.all });
      await Promise.all(
        [paymentKeys.all, donationKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

/**
 * An admin records a refund made in the gateway's merchant panel by its refund_ref_id; the
 * same caches change as for a refund made here.
 */
export function useRecordPanelRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, ...body }: TPanelRefundRequest & { paymentId: string }) =>
      call(payments.panelRefund, { params: { paymentId }, body }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: fundKeys.all });
      await Promise.all(
        [paymentKeys.all, donationKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

/** Manage Payments: payments the gateway flagged as risky, a page at a time. */
export const heldPaymentsQuery = (page: number) =>
  queryOptions({
    queryKey: paymentKeys.held(page),
    queryFn: () => call(payments.held, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** An admin records a held payment at what the provider took, or refunds it; with a reason. */
export function useReviewPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      paymentId,
      decision,
      reason,
    }: {
      paymentId: string;
      decision: 'approve' | 'refund';
      reason: string;
    }) => call(payments.review, { params: { paymentId }, body: { decision, reason } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: fundKeys.all });
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
}

/** One of my payments: what the pay page shows after the gateway sent the donor back. */
export const myPaymentQuery = (paymentId: string) =>
  queryOptions({
    queryKey: paymentKeys.one(paymentId),
    queryFn: () => call(payments.one, { params: { paymentId } }),
    // Still pending: the gateway's notification may be a moment behind the browser.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3000 : false),
  });

/** Starts a hosted checkout (a wallet, or a card through SSLCommerz); the browser then leaves. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (body: TCheckoutForm) => call(payments.checkout, { body }),
  });
}

/** After a payment was recorded elsewhere (the gateway): totals, cart and histories changed. */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ queryKey: fundKeys.all });
    await Promise.all(
      [cartKeys.all, paymentKeys.all, donationKeys.all, fundKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}

/** My payments to a fund still being checked: the pay step warns before a second one. */
export const myUnsettledQuery = (fundId: string) =>
  queryOptions({
    queryKey: paymentKeys.unsettled(fundId),
    queryFn: () => call(payments.unsettled, { query: { fundId } }),
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
    mutationFn: (body: TCreateIntentForm) => call(payments.createIntent, { body }),
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
