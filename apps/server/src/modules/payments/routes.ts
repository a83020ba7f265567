import type { FastifyPluginAsync } from 'fastify';
import { payments } from '@easyfund/shared/api/payments';
import { NotFound } from '../../lib/errors';
import { TestPaymentProvider } from '../../lib/payments/test-provider';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import { startReconciler } from './reconciler';
import { confirmPayment, createPaymentIntent, type PaymentDeps } from './service';
import { listMyPayments } from './views';
import { handleWebhook } from './webhook';

/** Card-testing protection: PAYMENT_RATE_LIMIT_MAX attempts per 10 minutes, per IP and account. */
function paymentRateLimit(action: 'intent' | 'confirm' | 'card') {
  return rateLimit({
    name: action,
    per: ['ip', 'user'],
    max: (config) => config.PAYMENT_RATE_LIMIT_MAX,
    windowMs: 10 * 60_000,
    message: 'Too many payment attempts. Please wait a few minutes and try again.',
  });
}

/** Payments: intents, confirmation, the history, the embedded processor, the Stripe webhook. */
const paymentsRoutes: FastifyPluginAsync = async (app) => {
  const deps: PaymentDeps = { db: app.database.db, provider: app.payments, log: app.log };

  route(app, payments.config, () => ({
    provider: app.payments.name,
    publishableKey: app.payments.publishableKey,
  }));
  route(app, payments.createIntent, ({ user, body }) => createPaymentIntent(deps, user, body), {
    preHandler: [paymentRateLimit('intent')],
  });
  route(app, payments.confirm, ({ user, body }) => confirmPayment(deps, user, body), {
    preHandler: [paymentRateLimit('confirm')],
  });
  route(app, payments.mine, ({ user, query }) => listMyPayments(deps.db, user, query));

  // The embedded processor's own endpoint: the card goes here, never to our donation
  // endpoints. Authorised by the client secret.
  route(
    app,
    payments.testConfirm,
    ({ params, body }) => {
      const processor = app.payments;
      if (!(processor instanceof TestPaymentProvider)) throw new NotFound('Test processor');
      return processor.confirm(params.intentId, body.clientSecret, body.card);
    },
    { preHandler: [paymentRateLimit('card')] },
  );

  // Stripe signs the raw bytes: the contract's `rawBody` keeps the body as a Buffer.
  route(
    app,
    payments.stripeWebhook,
    ({ body, request }) => {
      const signature = request.headers['stripe-signature'];
      return handleWebhook(deps, body, Array.isArray(signature) ? signature[0] : signature);
    },
    { bodyLimit: 512 * 1024 },
  );

  startReconciler(app, deps);
};

export default paymentsRoutes;
