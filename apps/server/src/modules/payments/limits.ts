import { accountRateLimit } from '../../plugins/rate-limit';

/**
 * Card-testing protection: PAYMENT_RATE_LIMIT_MAX attempts per 10 minutes per account,
 * ten times that per network (a carrier-grade NAT address is many donors).
 */
export function paymentRateLimit(action: 'intent' | 'confirm' | 'card' | 'checkout') {
  return accountRateLimit({
    name: action,
    max: (config) => config.PAYMENT_RATE_LIMIT_MAX,
    message: 'Too many payment attempts. Please wait a few minutes and try again.',
  });
}
