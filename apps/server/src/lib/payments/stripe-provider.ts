import Stripe from 'stripe';
import { Unavailable } from '../errors';
import {
  type CreateIntentInput,
  type CreatedIntent,
  type IntentOutcome,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderWebhookEvent,
  WebhookSignatureError,
} from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** A stand-in for Stripe's API (tests): host, port and protocol. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

function outcomeOf(pi: Stripe.PaymentIntent): IntentOutcome {
  if (pi.status === 'succeeded') return 'succeeded';
  if (pi.status === 'canceled') return 'failed';
  if (pi.status === 'requires_payment_method' && pi.last_payment_error) return 'failed';
  return 'pending';
}

function lastErrorOf(pi: Stripe.PaymentIntent): string | null {
  if (pi.last_payment_error) return pi.last_payment_error.message ?? 'The payment failed.';
  if (pi.status === 'canceled') return 'The payment was canceled.';
  return null;
}

/** Stripe's API unreachable or failing on its side: a 503 for us, never a 500. */
function unavailable(err: unknown): never {
  if (err instanceof Stripe.errors.StripeError) {
    const status = err.statusCode ?? 0;
    if (status >= 400 && status < 500) throw err;
  }
  throw new Unavailable('The payment provider is not reachable right now, please try again');
}

/** PaymentIntents on Stripe; amounts in poisha, currency bdt, idempotency keys. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(opts: StripeProviderOptions) {
    this.publishableKey = opts.publishableKey;
    this.webhookSecret = opts.webhookSecret;
    this.stripe = new Stripe(opts.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Easy Fund' },
      ...(opts.host ? { host: opts.host } : {}),
      ...(opts.port ? { port: opts.port } : {}),
      ...(opts.protocol ? { protocol: opts.protocol } : {}),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    const pi = await this.stripe.paymentIntents
      .create(
        {
          amount: input.amountPoisha,
          currency: input.currency,
          allowed_payment_method_types: ['card'],
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      )
      .catch(unavailable);
    if (!pi.client_secret)
      throw new Error('Stripe returned a payment intent without a client secret');
    return { id: pi.id, clientSecret: pi.client_secret, amount: pi.amount, currency: pi.currency };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    let pi: Stripe.PaymentIntent;
    try {
      pi = await this.stripe.paymentIntents.retrieve(id);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.code === 'resource_missing') return null;
      return unavailable(err);
    }
    return {
      id: pi.id,
      outcome: outcomeOf(pi),
      status: pi.status,
      amount: pi.amount,
      currency: pi.currency,
      lastError: lastErrorOf(pi),
      metadata: { ...pi.metadata },
    };
  }

  parseWebhookEvent(rawBody: Buffer, signature: string | undefined): ProviderWebhookEvent {
    if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (err) {
      throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid signature');
    }
    const object = event.data.object as { object?: string; id?: string };
    return {
      id: event.id,
      type: event.type,
      intentId: object.object === 'payment_intent' && object.id ? object.id : null,
    };
  }
}
