import type { PaymentStatus } from '@easyfund/shared/constants';
import { useI18n } from '../../../lib/i18n';

/**
 * A payment still being checked, and what happens next: a worried donor reads that the
 * first payment is known and will not be charged twice, instead of paying again.
 */
export function NextStep({ status, method }: { status: PaymentStatus; method: string }) {
  const { t } = useI18n();
  if (status !== 'pending' && status !== 'needs_review') return null;
  return (
    <span className="mt-1 block text-left text-xs whitespace-normal">
      <span className="badge badge-warning mr-1 whitespace-nowrap">
        {status === 'pending' ? t('Being checked') : t('Held for review')}
      </span>
      {status === 'pending'
        ? t(
            'We are checking with {{method}}; you will not be charged twice. It counts as soon as {{method}} confirms it, or is cancelled if no money was taken.',
            { method },
          )
        : t(
            'An admin checks this payment before it counts; you will not be charged twice. You need not pay again.',
          )}
    </span>
  );
}
