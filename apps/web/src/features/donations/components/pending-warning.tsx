import { Link } from '../../../lib/link';
import { PAYMENT_METHOD_NAMES } from '@easyfund/shared/constants';
import type { TPayment } from '@easyfund/shared/schemas/payments';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

/**
 * Before a second payment to the same fund: the donor's first one is still being checked
 * (pending at the wallet's gateway, timed out, or held for review), and will not be
 * charged twice.
 */
export function PendingWarning({ payments }: { payments: readonly TPayment[] }) {
  const { t, tk, dateTime } = useI18n();
  const [first] = payments;
  if (!first) return null;
  return (
    <div role="alert" className="alert alert-warning flex flex-col items-start gap-2 text-sm">
      <p className="font-semibold">{t('You already have a payment to this fund being checked')}</p>
      <p>
        {t(
          '{{amount}} by {{method}} on {{time}}: we are checking with {{method}}, and you will not be charged twice. Please wait for it before paying again.',
          {
            amount: tk(first.amountPoisha),
            method: PAYMENT_METHOD_NAMES[first.method],
            time: dateTime(first.createdAt),
          },
        )}
      </p>
      <Link to={paths.paymentHistory} className="link font-medium">
        {t('See it in Payment History')}
      </Link>
    </div>
  );
}
