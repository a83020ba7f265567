import { zodResolver } from '@hookform/resolvers/zod';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useId, useState } from 'react';
import { type TAmountForm, ZAmountForm } from '@easyfund/shared/schemas/payments';
import type { Billing } from '../billing';
import { usePayForm } from '../use-pay-form';
import type { CardStep } from '../use-payment-flow';
import { useI18n } from '../../../lib/i18n';
import { AmountField, PayButton, PaymentError } from './amount-field';

interface Props {
  publishableKey: string;
  initialAmountTk: number;
  busy: boolean;
  error: string | null;
  billing: Billing;
  onPay: (amountTk: number, cardStep: CardStep) => Promise<void>;
}

const stripes = new Map<string, Promise<Stripe | null>>();
export function stripeFor(key: string) {
  let p = stripes.get(key);
  if (!p) {
    p = loadStripe(key);
    stripes.set(key, p);
  }
  return p;
}

/** Stripe Elements: the card lives in Stripe's field; Stripe.js confirms the intent. */
export default function StripeCardForm({ publishableKey, ...props }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({
  initialAmountTk,
  busy,
  error,
  billing,
  onPay,
}: Omit<Props, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const { register, handleSubmit, errors, amount } = usePayForm(zodResolver(ZAmountForm), {
    amountTk: initialAmountTk,
  });
  const ready = Boolean(stripe && elements);

  const onSubmit = (values: TAmountForm) =>
    onPay(values.amountTk, async (intent) => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) return { error: 'The card field is not ready yet.' };
      const result = await stripe.confirmCardPayment(intent.clientSecret, {
        payment_method: { card, billing_details: billing },
      });
      return { error: result.error ? (result.error.message ?? 'Your card was declined.') : null };
    });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-3">
      <AmountField registration={register('amountTk')} error={errors.amountTk?.message} />
      <StripeCardField labelClassName="pb-1 font-medium" />
      <PayButton amount={amount} busy={busy} disabled={busy || !ready} />
      <PaymentError message={error} />
    </form>
  );
}

/** Stripe's card field with its label and what Stripe says is wrong with the card. */
export function StripeCardField({ labelClassName }: { labelClassName: string }) {
  const labelId = useId();
  const { t } = useI18n();
  const [cardError, setCardError] = useState<string | null>(null);
  return (
    <div role="group" aria-labelledby={labelId}>
      <p id={labelId} className={labelClassName}>
        {t('Card')}
      </p>
      <div className="input input-bordered flex w-full items-center">
        <CardElement
          className="w-full"
          options={{ hidePostalCode: true }}
          onChange={(e) => setCardError(e.error?.message ?? null)}
        />
      </div>
      {cardError && (
        <p role="alert" className="mt-1 text-sm text-error">
          {t(cardError)}
        </p>
      )}
    </div>
  );
}
