import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { Conflict } from '../../../lib/errors';
import type { CheckoutGateway } from './gateway';
import type { PaymentMode, PaymentProvider } from './provider';
import { SslCommerzGateway } from './sslcommerz';
import { TestCheckoutGateway } from './test-gateway';
import { TestPaymentProvider } from './test-provider';

/** With SSLCommerz, cards go through its checkout too: there is no card intent of our own. */
class NoCardIntents implements PaymentProvider {
  readonly name = 'none' as const;
  readonly publishableKey = null;
  readonly limits = { minPoisha: 0, maxPoisha: 0 };
  constructor(readonly mode: PaymentMode) {}
  createIntent(): never {
    throw new Conflict('Card payments go through the SSLCommerz checkout on this site');
  }
  async retrieveIntent() {
    return null;
  }
  async cancelIntent() {
    return null;
  }
  async listIntents() {
    return [];
  }
  refund(): never {
    throw new Conflict('Card payments go through the SSLCommerz checkout on this site');
  }
}

/**
 * The card provider: Stripe when its keys are set, else the embedded processor. Stripe's
 * library (a tenth of the server's code) is loaded only on a site that takes cards with it.
 */
export async function createPaymentProvider(
  config: Config,
  db: Db,
  log?: { error(obj: object, msg: string): void },
): Promise<PaymentProvider> {
  if (config.paymentProvider === 'sslcommerz') {
    return new NoCardIntents(config.SSLCOMMERZ_SANDBOX ? 'test' : 'live');
  }
  if (config.paymentProvider === 'stripe') {
    const { StripePaymentProvider } = await import('./stripe-provider');
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY ?? '',
      publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? '',
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
      ...(log ? { log } : {}),
    });
  }
  return new TestPaymentProvider(db);
}

/**
 * The hosted checkout (bKash, Nagad, Rocket; cards too with SSLCommerz): SSLCommerz
 * when its store is configured, the embedded test checkout in the embedded default,
 * none beside Stripe.
 */
export function createCheckoutGateway(config: Config, db: Db): CheckoutGateway | null {
  if (config.paymentProvider === 'sslcommerz') {
    return new SslCommerzGateway({
      storeId: config.SSLCOMMERZ_STORE_ID ?? '',
      storePassword: config.SSLCOMMERZ_STORE_PASSWORD ?? '',
      sandbox: config.SSLCOMMERZ_SANDBOX,
      apiUrl: config.SSLCOMMERZ_API_URL,
      // MAIL_FROM's address ("Easy Fund <giving@example.org>" -> giving@example.org).
      contactEmail: (/<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM).trim(),
    });
  }
  if (config.paymentProvider === 'test') return new TestCheckoutGateway(db, config.authSecret);
  return null;
}
