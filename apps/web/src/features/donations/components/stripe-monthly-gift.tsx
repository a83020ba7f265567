import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { type CardSaver, MonthlyGiftForm } from './monthly-gift-form';
import { StripeCardField, stripeFor } from './stripe-card-form';

type Props = Omit<Parameters<typeof MonthlyGiftForm>[0], 'saver'> & { publishableKey: string };

/**
 * A monthly (or Ramadan daily) gift by card with Stripe: the card lives in Stripe's field
 * and Stripe.js saves it on the gift's SetupIntent (confirmCardSetup); the server then
 * re-reads the SetupIntent and charges off-session (decision 250).
 */
export default function StripeMonthlyGift({ publishableKey, ...props }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <WithStripe {...props} />
    </Elements>
  );
}

function WithStripe(props: Omit<Props, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const saver: CardSaver = {
    ready: Boolean(stripe && elements),
    field: <StripeCardField labelClassName="pb-1 text-sm" />,
    async save(clientSecret, billing) {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) return 'The card field is not ready yet.';
      const result = await stripe.confirmCardSetup(clientSecret, {
        payment_method: { card, billing_details: billing },
      });
      return result.error ? (result.error.message ?? 'Your card was declined.') : null;
    },
  };
  return <MonthlyGiftForm {...props} saver={saver} />;
}
