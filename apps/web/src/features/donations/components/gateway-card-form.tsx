import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { PaymentMethod } from '@easyfund/shared/constants';
import { ZAmountTk } from '@easyfund/shared/schemas/payments';
import { useI18n } from '../../../lib/i18n';
import { AmountField, PaymentError } from './amount-field';

const ZGatewayCardForm = z.object({ amountTk: ZAmountTk });
type TGatewayCardForm = z.output<typeof ZGatewayCardForm>;

/** With SSLCommerz, a card is paid on the gateway's page: an amount and one button. */
export function GatewayCardForm({
  initialAmountTk,
  busy,
  error,
  onPay,
}: {
  initialAmountTk: number;
  busy: boolean;
  error: string | null;
  onPay: (method: PaymentMethod, amountTk: number) => Promise<void>;
}) {
  const { t } = useI18n();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ZGatewayCardForm>, unknown, TGatewayCardForm>({
    resolver: zodResolver(ZGatewayCardForm),
    defaultValues: { amountTk: initialAmountTk },
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ amountTk }) => onPay('card', amountTk))}
      className="flex flex-col gap-3"
    >
      <AmountField registration={register('amountTk')} error={errors.amountTk?.message} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('Pay with a card through SSLCommerz')}
      </button>
      <PaymentError message={error} />
    </form>
  );
}
