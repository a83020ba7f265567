import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  METHOD_LIMITS_TK,
  PAYMENT_METHOD_NAMES,
  type PaymentMethod,
  WALLET_METHODS,
  type WalletMethod,
} from '@easyfund/shared/constants';
import { ZAmountTk } from '@easyfund/shared/schemas/payments';
import { useI18n } from '../../../lib/i18n';
import { AmountField, PaymentError } from './amount-field';

/** A wallet's mark: its name on its brand colour (drawn here, no external image). */
function WalletLogo({ name, color }: { name: string; color: string }) {
  return (
    <svg viewBox="0 0 120 48" className="h-10 w-24" aria-hidden="true" focusable="false">
      <rect width="120" height="48" rx="10" fill={color} />
      <circle cx="20" cy="24" r="9" fill="#ffffff" fillOpacity="0.9" />
      <path d="M16 24l3 3 6-7" stroke={color} strokeWidth="2.5" fill="none" />
      <text
        x="72"
        y="30"
        textAnchor="middle"
        fontFamily="Segoe UI, Arial, sans-serif"
        fontSize="17"
        fontWeight="700"
        fill="#ffffff"
      >
        {name}
      </text>
    </svg>
  );
}

const WALLET_COLOURS: Record<WalletMethod, string> = {
  bkash: '#c2185b',
  rocket: '#7b2d8b',
  nagad: '#c2410c',
};

/** bKash, Rocket and Nagad in the spec's order. */
const ORDER: WalletMethod[] = ['bkash', 'rocket', 'nagad'];

const ZWalletForm = z.object({ amountTk: ZAmountTk });
type TWalletForm = z.output<typeof ZWalletForm>;

interface Props {
  initialAmountTk: number;
  /** The methods the active provider's checkout takes; the others show as unavailable. */
  methods: readonly PaymentMethod[];
  busy: boolean;
  error: string | null;
  onPay: (method: PaymentMethod, amountTk: number) => Promise<void>;
}

/**
 * The 'Mobile payment' section: an amount and the three wallets. A wallet the provider
 * takes sends the donor to its checkout; the others say they are not available.
 */
export function MobileWallets({ initialAmountTk, methods, busy, error, onPay }: Props) {
  const { t, tk } = useI18n();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof ZWalletForm>, unknown, TWalletForm>({
    resolver: zodResolver(ZWalletForm),
    defaultValues: { amountTk: initialAmountTk },
  });
  const live = WALLET_METHODS.some((m) => methods.includes(m));

  const pay = (method: WalletMethod) =>
    handleSubmit(async ({ amountTk }) => {
      const limit = METHOD_LIMITS_TK[method];
      if (amountTk > limit.max || amountTk < limit.min) {
        const text =
          amountTk > limit.max
            ? '{{method}} takes at most {{limit}} per payment.'
            : '{{method}} takes at least {{limit}} per payment.';
        setError('amountTk', {
          message: t(text, {
            method: PAYMENT_METHOD_NAMES[method],
            limit: tk((amountTk > limit.max ? limit.max : limit.min) * 100),
          }),
        });
        return;
      }
      await onPay(method, amountTk);
    });

  return (
    <form noValidate onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-3">
      {live && <AmountField registration={register('amountTk')} error={errors.amountTk?.message} />}
      <ul className="flex flex-wrap gap-3" aria-label={t('Mobile wallets')}>
        {ORDER.map((method) => {
          const name = PAYMENT_METHOD_NAMES[method];
          const available = methods.includes(method);
          return (
            <li key={method}>
              <button
                type="button"
                disabled={!available || busy}
                onClick={() => void pay(method)()}
                className={`flex flex-col items-center gap-1 rounded-box border border-base-300 bg-base-100 p-2 ${
                  available
                    ? 'cursor-pointer hover:border-base-content/40'
                    : 'cursor-not-allowed opacity-80'
                }`}
                aria-label={
                  available
                    ? t('Pay with {{name}}', { name })
                    : t('{{name}} (not available)', { name })
                }
              >
                <WalletLogo name={name} color={WALLET_COLOURS[method]} />
                <span className="text-xs font-medium text-base-content">
                  {available ? t('Pay with {{name}}', { name }) : t('Not available')}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {live && (
        <p className="text-xs text-base-content/80">
          {t('Up to {{limit}} per payment with a wallet.', {
            limit: tk(METHOD_LIMITS_TK.bkash.max * 100),
          })}
        </p>
      )}
      {live && <PaymentError message={error} />}
    </form>
  );
}
