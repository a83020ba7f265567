import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TFundPublic } from '@easyfund/shared/schemas/funds';
import type {
  TCartList,
  TConfirmPaymentResponse,
  TCreateIntentResponse,
  TDonationList,
  TPaymentConfig,
  TPaymentList,
  TTestConfirmRequest,
  TTestIntent,
} from '@easyfund/shared/schemas/donations';
import { api, qs } from '../../lib/api';

export const HISTORY_PAGE_SIZE = 20;

/** The signed-in user's selected donations. */
export const cartQuery = queryOptions({
  queryKey: ['cart'],
  queryFn: () => api.get<TCartList>('/api/cart'),
});

export const removeCartItem = (id: string) =>
  api.delete<{ deleted: true }>(`/api/cart/${encodeURIComponent(id)}`);

/** One fund (shared cache key with the fund page). */
export const fundQuery = (id: string) =>
  queryOptions({
    queryKey: ['funds', 'detail', id],
    queryFn: () => api.get<TFundPublic>(`/api/funds/${encodeURIComponent(id)}`),
  });

/** Which provider takes the card (the embedded processor or Stripe). */
export const paymentConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: () => api.get<TPaymentConfig>('/api/payments/config'),
  staleTime: Infinity,
});

export const paymentsQuery = (page: number) =>
  queryOptions({
    queryKey: ['payments', 'mine', page],
    queryFn: () =>
      api.get<TPaymentList>(`/api/me/payments${qs({ page, pageSize: HISTORY_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const donationsQuery = (page: number) =>
  queryOptions({
    queryKey: ['donations', 'mine', page],
    queryFn: () =>
      api.get<TDonationList>(`/api/me/donations${qs({ page, pageSize: HISTORY_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const createIntent = (fundId: string, amountTk: number) =>
  api.post<TCreateIntentResponse>('/api/payments/intents', { fundId, amountTk });

/** The embedded processor's own endpoint: the card goes there, not to our API. */
export const confirmAtTestProcessor = (intentId: string, body: TTestConfirmRequest) =>
  api.post<TTestIntent>(
    `/api/test-processor/payment_intents/${encodeURIComponent(intentId)}/confirm`,
    body,
  );

/** Asks our server to re-read the intent from the provider and record the donation. */
export const confirmPayment = (intentId: string) =>
  api.post<TConfirmPaymentResponse>('/api/payments/confirm', { intentId });
