import { useRef, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { MSG } from '@easyfund/shared/texts';
import type { TCreateIntentResponse } from '@easyfund/shared/schemas/payments';
import { useConfirmPayment, useCreateIntent } from '../../api/payments';
import { useSession } from '../../api/session';
import { messageOf } from '../../lib/message-of';
import { paths } from '../../lib/paths';
import { popup } from '../../lib/popups';
import { type Billing, billingOf } from './billing';
import { type Giving, NO_GIVING_OPTIONS } from './components/giving-options';

/** The provider-specific card step: confirm the card for the intent, say why it failed. */
export type CardStep = (
  intent: TCreateIntentResponse,
  billing: Billing,
) => Promise<{ error: string | null }>;

export const PENDING_MESSAGE =
  'Your payment is being processed. It appears in Payment History as soon as the provider confirms it.';
const FAILED_MESSAGE = 'The payment failed. No money was taken.';

/**
 * One payment: intent from our server → card confirmed with the provider → our server
 * re-reads the intent and records the donation. One at a time (a double click cannot
 * pay twice). Card errors end up in `error` (red text) and in a popup.
 */
export function usePaymentFlow(fundId: string, giving: Giving = NO_GIVING_OPTIONS) {
  const { user } = useSession();
  const navigate = useNavigate();
  const createIntent = useCreateIntent();
  const confirmPayment = useConfirmPayment();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const billing = billingOf(user);

  async function pay(amountTk: number, cardStep: CardStep) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const intent = await createIntent.mutateAsync({
        fundId,
        amountTk,
        anonymous: giving.anonymous,
        supportMessage: giving.supportMessage.trim() || null,
        updatesOptIn: giving.updatesOptIn,
        zakat: giving.zakat ?? false,
      });
      const card = await cardStep(intent, billing);
      // Also after a refused card: the server records the failed attempt.
      // A succeeded payment refreshes the fund's totals, the cart and the histories.
      const result = await confirmPayment.mutateAsync(intent.intentId);
      if (result.status === 'succeeded') {
        // The specification's popup first, then the thank-you page with the receipt.
        void popup.success(MSG.paymentSuccess);
        await navigate(paths.thankYou(result.payment.id));
        return;
      }
      if (result.status === 'pending' && !card.error) {
        setError(PENDING_MESSAGE);
        void popup.info(PENDING_MESSAGE);
        return;
      }
      const message = card.error ?? result.payment.failureMessage ?? FAILED_MESSAGE;
      setError(message);
      void popup.error(MSG.oops, message);
    } catch (err) {
      const message = messageOf(err);
      setError(message);
      void popup.failure(message);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return { pay, busy, error, billing };
}
