import { useQuery } from '@tanstack/react-query';
import { paymentConfigQuery } from '../../api/payment-config';
import { useI18n } from '../../lib/i18n';
import { pageScope } from '../../lib/page-scope';

/**
 * The payment mode and provider the server wrote into the page (`<html
 * data-payment-mode data-payment-provider>`), so the banner is there from the first
 * paint instead of pushing the page down once the payment settings arrive (a layout
 * shift on every page).
 */
const pageMode = () => pageScope().htmlData('paymentMode');
const pageProvider = () => pageScope().htmlData('paymentProvider');

/** On every page while the payment provider takes test cards only: no real money moves. */
export function TestModeBanner() {
  const { t } = useI18n();
  const { data } = useQuery(paymentConfigQuery);
  if ((data?.mode ?? pageMode()) !== 'test') return null;
  // SSLCommerz's sandbox takes its own test cards and wallet numbers, not 4242….
  const sandbox = (data?.provider ?? pageProvider()) === 'sslcommerz';
  return (
    // A landmark of its own, so that every part of the page sits in one.
    <aside
      aria-label={t('Test mode')}
      data-testid="test-mode-banner"
      className="bg-warning px-4 py-1 text-center text-sm text-warning-content"
    >
      {sandbox
        ? t(
            "Test mode: no real money is taken. Payments go to SSLCommerz's sandbox: pay with its test cards and wallet numbers.",
          )
        : t('Test mode: no real money is taken. Pay with a test card such as 4242 4242 4242 4242.')}
    </aside>
  );
}
