import Stripe from 'stripe';
import { BadGateway, Invalid, Unavailable } from '../../../lib/errors';
import { withSafeErrors } from '../../../lib/log-errors';
import {
  type AmountLimits,
  type ChargeSavedInput,
  type CreateSetupInput,
  type CreatedSetup,
  type ProviderSetup,
  type SavedCardProvider,
  type CreateIntentInput,
  type CreatedIntent,
  type IntentOutcome,
  type PaymentProvider,
  type PaymentMode,
  type ProviderIntent,
  type ProviderIntentSummary,
  type ProviderWebhookEvent,
  type RefundInput,
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
  /** Where a refusal that is not the donor's is written (never shown to the donor). */
  log?: { error(obj: object, msg: string): void };
}

/**
 * Stripe's bounds for one charge: at most eight digits in the smallest unit, and a
 * minimum charge of about US$0.50 (60 Tk).
 */
export const STRIPE_LIMITS: AmountLimits = { minPoisha: 6_000, maxPoisha: 99_999_999 };

/** Our own words for what Stripe says, never its text (it may name a key). */
export const STRIPE_ERROR_MESSAGES = {
  card: 'The card was refused. Please check its details or use another card.',
  amount: 'This amount cannot be paid by card. Please choose another amount.',
} as const;

const AMOUNT_CODES = new Set([
  'amount_too_small',
  'amount_too_large',
  'parameter_invalid_integer',
  'invalid_charge_amount',
]);

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

function disputedOf(charge: Stripe.Charge | null): number {
  const dispute = charge?.disputed ? (charge as { dispute?: unknown }).dispute : null;
  if (!dispute || typeof dispute !== 'object') return 0;
  const d = dispute as Stripe.Dispute;
  return d.status === 'won' || d.status === 'warning_closed' ? 0 : d.amount;
}

function chargeOf(pi: Stripe.PaymentIntent): Stripe.Charge | null {
  return pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
}

/** PaymentIntents on Stripe; amounts in poisha, currency bdt, idempotency keys. */
export class StripePaymentProvider implements PaymentProvider, SavedCardProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly mode: PaymentMode;
  readonly limits = STRIPE_LIMITS;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly log: { error(obj: object, msg: string): void };

  constructor(opts: StripeProviderOptions) {
    this.publishableKey = opts.publishableKey;
    this.webhookSecret = opts.webhookSecret;
    this.mode = /^(sk|rk)_live_/.test(opts.secretKey) ? 'live' : 'test';
    this.log = opts.log ?? {
      error: (obj, msg) => console.error(msg, JSON.stringify(withSafeErrors(obj))),
    };
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
      .catch((err: unknown) => this.refused(err));
    if (!pi.client_secret)
      throw new Error('Stripe returned a payment intent without a client secret');
    return { id: pi.id, clientSecret: pi.client_secret, amount: pi.amount, currency: pi.currency };
  }

  /**
   * Maps a Stripe error: a card or amount refusal is the donor's (400, our words);
   * any other 4xx is ours (a rotated key, a wrong parameter: 502 and a log line);
   * 5xx and network trouble are Stripe's (503). Stripe's own text never reaches anyone.
   */
  private refused(err: unknown): never {
    if (err instanceof Stripe.errors.StripeError) {
      const status = err.statusCode ?? 0;
      if (err.type === 'StripeCardError') throw new Invalid(STRIPE_ERROR_MESSAGES.card);
      if (status >= 400 && status < 500 && err.code && AMOUNT_CODES.has(err.code)) {
        throw new Invalid(STRIPE_ERROR_MESSAGES.amount, { amountTk: STRIPE_ERROR_MESSAGES.amount });
      }
      if (status >= 400 && status < 500 && status !== 429) {
        this.log.error(
          { stripe: { status, type: err.type, code: err.code, requestId: err.requestId } },
          'Stripe refused a request of ours',
        );
        throw new BadGateway();
      }
    }
    throw new Unavailable('The payment provider is not reachable right now, please try again');
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    let pi: Stripe.PaymentIntent;
    try {
      pi = await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge.dispute'] });
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.code === 'resource_missing') return null;
      return this.refused(err);
    }
    return toProviderIntent(pi);
  }

  async refund(input: RefundInput): Promise<void> {
    await this.stripe.refunds
      .create(
        {
          payment_intent: input.intentId,
          amount: input.amountPoisha,
          reason: 'requested_by_customer',
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      )
      .catch((err: unknown) => this.refused(err));
  }

  async cancelIntent(id: string): Promise<ProviderIntent | null> {
    try {
      await this.stripe.paymentIntents.cancel(id);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.code === 'resource_missing') return null;
      // Already succeeded or canceled: the re-read below says which.
      if (!(
        err instanceof Stripe.errors.StripeError && err.code === 'payment_intent_unexpected_state'
      ))
        return this.refused(err);
    }
    return this.retrieveIntent(id);
  }

  async listIntents(since: Date, until: Date): Promise<ProviderIntentSummary[]> {
    const out: ProviderIntentSummary[] = [];
    try {
      for await (const pi of this.stripe.paymentIntents.list({
        created: { gte: Math.floor(since.getTime() / 1000), lt: Math.ceil(until.getTime() / 1000) },
        limit: 100,
        expand: ['data.latest_charge.dispute'],
      })) {
        const p = toProviderIntent(pi);
        out.push({
          id: p.id,
          outcome: p.outcome,
          amountReceived: p.amountReceived,
          refundedPoisha: p.refundedPoisha,
          disputedPoisha: p.disputedPoisha,
          paymentId: p.metadata.paymentId ?? null,
        });
      }
    } catch (err) {
      return this.refused(err);
    }
    return out;
  }

  /**
   * A customer of its own per gift (made with its first card, kept for a new one) and a
   * SetupIntent for off-session use: the browser saves the card with confirmCardSetup
   * (decision 250).
   */
  async createSetup(input: CreateSetupInput): Promise<CreatedSetup> {
    try {
      const customerId =
        input.customerId ??
        (
          await this.stripe.customers.create(
            { email: input.email, metadata: { ...input.metadata, reference: input.reference } },
            { idempotencyKey: `${input.idempotencyKey}-customer` },
          )
        ).id;
      const setup = await this.stripe.setupIntents.create(
        {
          customer: customerId,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!setup.client_secret) throw new Error('Stripe returned a setup intent without a secret');
      return { id: setup.id, clientSecret: setup.client_secret, customerId };
    } catch (err) {
      return this.refused(err);
    }
  }

  async retrieveSetup(id: string): Promise<ProviderSetup | null> {
    let setup: Stripe.SetupIntent;
    try {
      setup = await this.stripe.setupIntents.retrieve(id, { expand: ['payment_method'] });
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.code === 'resource_missing') return null;
      return this.refused(err);
    }
    const pm = typeof setup.payment_method === 'object' ? setup.payment_method : null;
    return {
      id: setup.id,
      outcome:
        setup.status === 'succeeded'
          ? 'succeeded'
          : setup.status === 'canceled' || setup.last_setup_error
            ? 'failed'
            : 'pending',
      paymentMethodId:
        typeof setup.payment_method === 'string' ? setup.payment_method : (pm?.id ?? null),
      customerId:
        typeof setup.customer === 'string' ? setup.customer : (setup.customer?.id ?? null),
      cardLast4: pm?.card?.last4 ?? null,
      lastError: setup.last_setup_error?.message ?? null,
    };
  }

  /**
   * Charges the saved card with `off_session: true, confirm: true`. A decline is an
   * outcome, not an error: the intent Stripe names in the card error is re-read.
   */
  async chargeSaved(input: ChargeSavedInput): Promise<ProviderIntent> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amountPoisha,
          currency: input.currency,
          ...(input.customerId ? { customer: input.customerId } : {}),
          payment_method: input.paymentMethodId,
          allowed_payment_method_types: ['card'],
          off_session: true,
          confirm: true,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toProviderIntent(pi);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError && err.payment_intent?.id) {
        const again = await this.retrieveIntent(err.payment_intent.id);
        if (again) return again;
      }
      return this.refused(err);
    }
  }

  async detachPaymentMethod(id: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(id);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.statusCode === 400) return;
      this.refused(err);
    }
  }

  parseWebhookEvent(rawBody: Buffer, signature: string | undefined): ProviderWebhookEvent {
    if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (err) {
      throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid signature');
    }
    const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
    const related =
      typeof object.payment_intent === 'string'
        ? object.payment_intent
        : object.payment_intent && typeof object.payment_intent === 'object'
          ? ((object.payment_intent as { id?: string }).id ?? null)
          : null;
    return {
      id: event.id,
      type: event.type,
      // payment_intent.* carry the intent; charge.* and charge.dispute.* point to it.
      intentId: object.object === 'payment_intent' && object.id ? object.id : related,
    };
  }
}

function toProviderIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  const charge = chargeOf(pi);
  return {
    id: pi.id,
    outcome: outcomeOf(pi),
    status: pi.status,
    amount: pi.amount,
    amountReceived: pi.amount_received ?? 0,
    currency: pi.currency,
    refundedPoisha: charge?.amount_refunded ?? 0,
    disputedPoisha: disputedOf(charge),
    lastError: lastErrorOf(pi),
    declined: pi.status === 'requires_payment_method' && pi.last_payment_error != null,
    instrument: cardOf(pi),
    metadata: { ...pi.metadata },
  };
}

/** The refused card's fingerprint, which Stripe gives with the last payment error. */
function cardOf(pi: Stripe.PaymentIntent): string | null {
  const fingerprint = pi.last_payment_error?.payment_method?.card?.fingerprint;
  return fingerprint ? `card:${fingerprint}` : null;
}
