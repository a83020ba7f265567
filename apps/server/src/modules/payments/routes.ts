import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@easyfund/shared/schemas/common';
import {
  ZConfirmPaymentRequest,
  ZConfirmPaymentResponse,
  ZCreateIntentRequest,
  ZCreateIntentResponse,
  ZPaymentConfig,
  ZTestConfirmRequest,
  ZTestIntent,
} from '@easyfund/shared/schemas/donations';
import { NotFound } from '../../lib/errors';
import { TestPaymentProvider } from '../../lib/payments/test-provider';
import { requireUser } from '../../plugins/auth';
import { paymentRateLimit } from './rate-limit';
import { startReconciler } from './reconciler';
import { confirmPayment, createPaymentIntent, type PaymentDeps } from './service';
import { handleWebhook } from './webhook';

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError, 429: ZApiError };

/** Payments: intents, confirmation, the embedded processor, the Stripe webhook. */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PaymentDeps = { db: app.database.db, provider: app.payments, log: app.log };

  app.get(
    '/api/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which payment provider the pay page talks to',
        response: { 200: ZPaymentConfig },
      },
    },
    async () => ({ provider: app.payments.name, publishableKey: app.payments.publishableKey }),
  );

  app.post(
    '/api/payments/intents',
    {
      preHandler: [requireUser, paymentRateLimit('intent')],
      schema: {
        tags: ['payments'],
        summary:
          'Start a donation: a payment intent for an approved fund (whole Tk, 10 to 1,000,000)',
        body: ZCreateIntentRequest,
        response: { 201: ZCreateIntentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const intent = await createPaymentIntent(deps, request.user, request.body);
      return reply.status(201).send(intent);
    },
  );

  app.post(
    '/api/payments/confirm',
    {
      preHandler: [requireUser, paymentRateLimit('confirm')],
      schema: {
        tags: ['payments'],
        summary:
          'After the card step: the server re-reads the intent from the provider and records the donation once',
        body: ZConfirmPaymentRequest,
        response: { 200: ZConfirmPaymentResponse, ...errors },
      },
    },
    async (request) => confirmPayment(deps, request.user, request.body),
  );

  // The embedded processor's own endpoint (what Stripe.js calls at Stripe): the card
  // goes here, never to our donation endpoints. Authorised by the client secret.
  app.post(
    '/api/test-processor/payment_intents/:intentId/confirm',
    {
      preHandler: paymentRateLimit('card'),
      schema: {
        tags: ['test processor'],
        summary: 'Confirm a test payment intent with a card (embedded test processor only)',
        params: z.object({ intentId: z.string().min(1).max(100) }),
        body: ZTestConfirmRequest,
        response: { 200: ZTestIntent, 402: ZApiError, 409: ZApiError, ...errors },
      },
    },
    async (request) => {
      const processor = app.payments;
      if (!(processor instanceof TestPaymentProvider)) throw new NotFound('Test processor');
      const { clientSecret, card } = request.body;
      return processor.confirm(request.params.intentId, clientSecret, card);
    },
  );

  // Stripe signs the raw bytes: this scope keeps the body as a Buffer.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      '/api/webhooks/stripe',
      {
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook (signature verified on the raw body)',
          response: {
            200: z.object({
              received: z.literal(true),
              handled: z.boolean(),
              duplicate: z.boolean(),
            }),
            400: ZApiError,
            404: ZApiError,
          },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return handleWebhook(deps, body, Array.isArray(signature) ? signature[0] : signature);
      },
    );
  });

  startReconciler(app, deps);
};

export default paymentsRoutes;
