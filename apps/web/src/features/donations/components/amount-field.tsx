import type { UseFormRegisterReturn } from 'react-hook-form';
import { MAX_DONATION_TK, MIN_DONATION_TK } from '@easyfund/shared/constants';
import { formatWholeTk } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import { typedNumber } from '@easyfund/shared/schemas/fields';
import { TextField } from '../../../components/text-field';
import { useI18n } from '../../../lib/i18n';

/** The donation amount in whole Tk (10 to 10,00,000). */
export function AmountField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'amountTk'>;
  error?: string;
}) {
  const { t, lang } = useI18n();
  return (
    <TextField
      label="Amount (Tk)"
      error={error}
      hint={t('Whole taka, from {{min}} to {{max}}', {
        min: formatWholeTk(MIN_DONATION_TK, lang),
        max: formatWholeTk(MAX_DONATION_TK, lang),
      })}
      registration={registration}
      // Text, not a number input: a number input drops digits typed on a Bangla keyboard
      // (decision 123); the schema reads them.
      type="text"
      inputMode="numeric"
      autoComplete="off"
    />
  );
}

/** The red text below the card form (also announced). */
export function PaymentError({ message }: { message: string | null }) {
  const { t } = useI18n();
  return (
    <p role="alert" className="min-h-6 text-sm font-medium text-red-700">
      {message && t(message)}
    </p>
  );
}

/** A card form's submit: 'Pay 500 Tk' (the amount as typed), or 'Paying…' with a spinner. */
export function PayButton({
  amount,
  busy,
  disabled,
}: {
  amount: unknown;
  busy: boolean;
  disabled: boolean;
}) {
  const { t, lang } = useI18n();
  return (
    <button type="submit" className="btn btn-primary mt-1" disabled={disabled}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {busy ? t('Paying…') : payLabel(amount, t, lang)}
    </button>
  );
}

/** 'Pay 500 Tk' for a valid amount, else 'Pay'. */
export function payLabel(
  typed: unknown,
  t: (text: string, values?: Record<string, string>) => string,
  lang: Language,
): string {
  const amount = typedNumber(typed);
  return typeof amount === 'number' && Number.isInteger(amount) && amount > 0
    ? t('Pay {{amount}}', { amount: formatWholeTk(amount, lang) })
    : t('Pay');
}

/** Card expiry as typed on a numeric keypad (no "/"): '1229' → '12/29'. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
