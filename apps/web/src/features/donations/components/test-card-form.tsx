import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  parseExpiry,
  type TCardForm,
  type TCardFormInput,
  ZCardForm,
} from '@easyfund/shared/schemas/payments';
import { useConfirmTestCard } from '../../../api/payments';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api';
import type { Billing } from '../billing';
import type { CardStep } from '../use-payment-flow';
import { useI18n } from '../../../lib/i18n';
import { AmountField, formatExpiry, PaymentError, payLabel } from './amount-field';

interface Props {
  initialAmountTk: number;
  busy: boolean;
  error: string | null;
  billing: Billing;
  onPay: (amountTk: number, cardStep: CardStep) => Promise<void>;
}

/** The embedded test processor's card form: the card goes to the processor only. */
export function TestCardForm({ initialAmountTk, busy, error, billing, onPay }: Props) {
  const confirmTestCard = useConfirmTestCard();
  const { t, lang } = useI18n();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<TCardFormInput, unknown, TCardForm>({
    resolver: zodResolver(ZCardForm),
    defaultValues: { amountTk: initialAmountTk, cardNumber: '', expiry: '', cvc: '' },
  });
  const amount = useWatch({ control, name: 'amountTk' });
  const expiry = register('expiry');

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
      <TextField
        label="Card number"
        error={errors.cardNumber?.message}
        registration={register('cardNumber')}
        type="text"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        className="font-mono"
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry (MM/YY)"
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
          type="text"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('MM/YY')}
          maxLength={5}
          className="font-mono"
        />
        <TextField
          label="CVC"
          error={errors.cvc?.message}
          registration={register('cvc')}
          type="text"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          className="font-mono"
        />
      </div>
      <p className="text-xs text-base-content/80">
        {t(
          'Test payments: no money moves. Use 4242 4242 4242 4242 with any future expiry and any 3-digit CVC; 4000 0000 0000 0002 is declined.',
        )}
      </p>
      <button type="submit" className="btn btn-primary mt-1" disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {busy ? t('Paying…') : payLabel(amount, t, lang)}
      </button>
      <PaymentError message={error} />
    </form>
  );
}
