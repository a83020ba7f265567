import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from './provider';
import { StripePaymentProvider } from './stripe-provider';
import { TestPaymentProvider } from './test-provider';

/** The configured provider: Stripe when its keys are set, else the embedded processor. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.paymentProvider === 'stripe') {
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY ?? '',
      publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? '',
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return new TestPaymentProvider(db);
}
