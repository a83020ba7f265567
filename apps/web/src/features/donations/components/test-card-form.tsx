import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps } from 'react';
import { parseExpiry, type TCardForm, ZCardForm } from '@easyfund/shared/schemas/payments';
import { useConfirmTestCard } from '../../../api/payments';
import { formFields, TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api';
import type { Billing } from '../billing';
import { usePayForm } from '../use-pay-form';
import type { CardStep } from '../use-payment-flow';
import { useI18n } from '../../../lib/i18n';
import { AmountField, formatExpiry, PayButton, PaymentError } from './amount-field';

interface Props {
  initialAmountTk: number;
  busy: boolean;
  error: string | null;
  billing: Billing;
  onPay: (amountTk: number, cardStep: CardStep) => Promise<void>;
}

/** The card's fields: digits typed on a numeric keypad, shown in a fixed-width font. */
const CARD_FIELDS = {
  cardNumber: { label: 'Card number', autoComplete: 'cc-number', maxLength: 23 },
  expiry: { label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', maxLength: 5 },
  cvc: { label: 'CVC', autoComplete: 'cc-csc', maxLength: 4 },
} as const;

function CardField({
  card,
  ...field
}: { card: keyof typeof CARD_FIELDS } & Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField
      {...CARD_FIELDS[card]}
      type="text"
      inputMode="numeric"
      className="font-mono"
      {...field}
    />
  );
}

/** The embedded test processor's card form: the card goes to the processor only. */
export function TestCardForm({ initialAmountTk, busy, error, billing, onPay }: Props) {
  const confirmTestCard = useConfirmTestCard();
  const { t } = useI18n();
  const { register, handleSubmit, errors, amount } = usePayForm(zodResolver(ZCardForm), {
    amountTk: initialAmountTk,
    cardNumber: '',
    expiry: '',
    cvc: '',
  });
  const expiry = register('expiry');
  const field = formFields(register, errors);

  const onSubmit = (values: TCardForm) =>
    onPay(values.amountTk, async (intent) => {
      try {
        await confirmTestCard.mutateAsync({
          intentId: intent.intentId,
          clientSecret: intent.clientSecret,
          card: {
            number: values.cardNumber.replace(/[\s-]/g, ''),
            ...parseExpiry(values.expiry),
            cvc: values.cvc.trim(),
          },
          billing,
        });
        return { error: null };
      } catch (err) {
        // 402: the processor refused the card; its message is for the donor.
        if (err instanceof ApiError && err.status === 402) return { error: err.message };
        throw err;
      }
    });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-3">
      <AmountField registration={register('amountTk')} error={errors.amountTk?.message} />
      <CardField card="cardNumber" {...field('cardNumber')} placeholder="4242 4242 4242 4242" />
      <div className="grid grid-cols-2 gap-3">
        <CardField
          card="expiry"
          error={errors.expiry?.message}
          registration={{
            ...expiry,
            // A phone's numeric keypad has no "/": 1229 becomes 12/29 as it is typed.
            onChange: (e) => {
              const input = e.target as HTMLInputElement;
              input.value = formatExpiry(input.value);
              return expiry.onChange(e);
            },
          }}
          placeholder={t('MM/YY')}
        />
        <CardField card="cvc" {...field('cvc')} placeholder="123" />
      </div>
      <p className="text-xs text-base-content/80">
        {t(
          'Test payments: no money moves. Use 4242 4242 4242 4242 with any future expiry and any 3-digit CVC; 4000 0000 0000 0002 is declined.',
        )}
      </p>
      <PayButton amount={amount} busy={busy} disabled={busy} />
      <PaymentError message={error} />
    </form>
  );
}
