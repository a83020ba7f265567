import type { UseFormRegisterReturn } from 'react-hook-form';
import { MAX_DONATION_TK, MIN_DONATION_TK } from '@easyfund/shared/constants';
import { TextField } from '../../../components/text-field';

/** The donation amount in whole Tk (10 to 1,000,000). */
export function AmountField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'amountTk'>;
  error?: string;
}) {
  return (
    <TextField
      label="Amount (Tk)"
      error={error}
      hint={`Whole taka, from ${MIN_DONATION_TK.toLocaleString('en-US')} to ${MAX_DONATION_TK.toLocaleString('en-US')} Tk`}
      registration={registration}
      type="number"
      inputMode="numeric"
      min={MIN_DONATION_TK}
      max={MAX_DONATION_TK}
      step={1}
    />
  );
}

/** The red text below the card form (also announced). */
export function PaymentError({ message }: { message: string | null }) {
  return (
    <p role="alert" className="min-h-6 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** 'Pay 500 Tk' for a valid amount, else 'Pay'. */
export function payLabel(amount: number): string {
  return Number.isInteger(amount) && amount > 0
    ? `Pay ${amount.toLocaleString('en-US')} Tk`
    : 'Pay';
}
