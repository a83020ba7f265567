import { queryOptions } from '@tanstack/react-query';
import { payments } from '@easyfund/shared/api/payments';
import { call } from './client';

/**
 * The payment settings (test or live, which provider), which the layout reads on every
 * page: apart from the rest of the payments client (api/payments.ts), so that the first
 * load of every page does not carry the donation, refund and history calls.
 */
export const paymentConfigKey = ['payments', 'config'] as const;

/** Which provider takes the card (the embedded processor or Stripe). */
export const paymentConfigQuery = queryOptions({
  queryKey: paymentConfigKey,
  queryFn: () => call(payments.config),
  staleTime: Infinity,
});
