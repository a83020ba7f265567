import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../lib/router';
import type { PaymentMethod } from '@easyfund/shared/constants';
import { MSG } from '@easyfund/shared/texts';
import { myPaymentQuery, useRefreshAfterPayment, useStartCheckout } from '../../api/payments';
import { t } from '../../lib/i18n';
import { messageOf } from '../../lib/message-of';
import { paths } from '../../lib/paths';
import { popup } from '../../lib/popups';
import { type Giving, NO_GIVING_OPTIONS } from './components/giving-options';
import { PENDING_MESSAGE } from './use-payment-flow';

export const HELD_MESSAGE =
  'The gateway flagged this payment for review. It counts once an admin approves it; otherwise it is refunded.';
const FAILED_MESSAGE = 'The payment failed. No money was taken.';

/**
 * The hosted checkout: our server starts it, the browser leaves for the gateway's page,
 * and comes back to the pay page with `?payment=<id>`; the page then asks our server
 * what became of that payment (never the address bar). A success goes on to the
 * thank-you page, as the card flow does.
 */
export function useCheckoutFlow(
  fundId: string,
  returnedPaymentId: string | null,
  giving: Giving = NO_GIVING_OPTIONS,
) {
  const navigate = useNavigate();
  const start = useStartCheckout();
  const refresh = useRefreshAfterPayment();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ method: PaymentMethod; message: string } | null>(null);
  const returned = useQuery({
    ...myPaymentQuery(returnedPaymentId ?? ''),
    enabled: Boolean(returnedPaymentId),
  });
  const announced = useRef<string | null>(null);

  const status = returned.data?.status;
  useEffect(() => {
    const payment = returned.data;
    if (!payment || announced.current === `${payment.id}:${payment.status}`) return;
    announced.current = `${payment.id}:${payment.status}`;
    if (payment.status === 'succeeded') {
      void refresh();
      // As after a card: the specification's popup, then the thank-you page with the
      // receipt. It replaces the pay page's return address, so Back does not land here.
      void popup.success(MSG.paymentSuccess);
      void navigate(paths.thankYou(payment.id), { replace: true });
    } else if (payment.status === 'needs_review') {
      void popup.info(HELD_MESSAGE);
    } else if (payment.status === 'failed') {
      void popup.error(MSG.oops, payment.failureMessage ?? FAILED_MESSAGE);
    }
  }, [returned.data, status, navigate, refresh]);

  // What became of the payment the donor came back with, in the red line under the
  // wallets or under the card form: once, beside the method it was.
  const payment = returned.data;
  const returnMessage =
    payment?.status === 'needs_review'
      ? t(HELD_MESSAGE)
      : payment?.status === 'failed'
        ? t(payment.failureMessage ?? FAILED_MESSAGE)
        : payment?.status === 'pending'
          ? t(PENDING_MESSAGE)
          : null;

  async function pay(method: PaymentMethod, amountTk: number) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { redirectUrl } = await start.mutateAsync({
        fundId,
        amountTk,
        method,
        anonymous: giving.anonymous,
        supportMessage: giving.supportMessage.trim() || null,
        updatesOptIn: giving.updatesOptIn,
        zakat: giving.zakat ?? false,
      });
      window.location.assign(redirectUrl);
    } catch (err) {
      const message = messageOf(err);
      setError({ method, message });
      void popup.failure(message);
      setBusy(false);
    }
  }

  const shown =
    error ?? (payment && returnMessage ? { method: payment.method, message: returnMessage } : null);
  const errorFor = (part: 'wallets' | 'card') =>
    shown && (shown.method === 'card') === (part === 'card') ? shown.message : null;
  return { pay, busy, errorFor };
}
