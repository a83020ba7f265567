import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { App } from '../src/app';
import { StandInServer } from './support/stand-in-server';

/** A payment intent as the stand-in keeps it (the fields our server reads). */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: {
    message: string;
    code: string;
    type: string;
    decline_code?: string;
    payment_method?: StandInPaymentMethod;
  } | null;
  amount_received: number;
  latest_charge: StandInCharge | null;
  created: number;
  livemode: false;
}

/** The charge of a succeeded intent: refunds and a dispute land here, as at Stripe. */
export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  payment_intent: string;
  disputed: boolean;
  dispute: { id: string; object: 'dispute'; amount: number; status: string } | null;
}

/** An error Stripe answers with (type as in its JSON: card_error, invalid_request_error…). */
export interface StandInError {
  status: number;
  type: string;
  code?: string;
  message: string;
}

/** A Customer: the owner saved cards are attached to. */
export interface StandInCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** A card PaymentMethod (never its number: brand, last four, expiry and fingerprint). */
export interface StandInPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string };
  customer: string | null;
  created: number;
  livemode: false;
}

/** A SetupIntent: saves a card for later, without a payment. */
export interface StandInSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  status: string;
  usage: string;
  last_setup_error: { message: string; code: string; decline_code?: string; type: string } | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** How a card declines an off-session charge, in Stripe's codes and words. */
export type StandInCardFailure = 'card_declined' | 'authentication_required';

const CARD_FAILURES: Record<StandInCardFailure, { decline_code: string; message: string }> = {
  card_declined: { decline_code: 'generic_decline', message: 'Your card was declined.' },
  authentication_required: {
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
};

/**
 * Stripe's test PaymentMethods a browser confirms with: `pm_card_visa` saves and charges;
 * `pm_card_chargeCustomerFail` (4000 0000 0000 0341) saves but every charge of it is
 * declined; `pm_card_chargeDeclined` (4000 0000 0000 0002) is refused when saved.
 */
const TEST_CARDS: Record<
  string,
  { last4: string; onSetup: StandInCardFailure | null; onCharge: StandInCardFailure | null }
> = {
  pm_card_visa: { last4: '4242', onSetup: null, onCharge: null },
  pm_card_chargeCustomerFail: { last4: '0341', onSetup: null, onCharge: 'card_declined' },
  pm_card_chargeDeclined: { last4: '0002', onSetup: 'card_declined', onCharge: null },
};

/**
 * Stripe's bounds for one charge in the smallest unit: at most eight digits, and a
 * minimum about US$0.50 (answered with amount_too_small / amount_too_large, as Stripe does).
 */
export const STAND_IN_LIMITS = { min: 6_000, max: 99_999_999 } as const;

export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

/** An event about `object`, as Stripe posts it to a webhook (JSON). */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${randomBytes(12).toString('hex')}`,
): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

/** Posts an event to the app's Stripe webhook, with a `stripe-signature` header when given one. */
export function postStripeWebhook(app: App, payload: string, signature?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
}

/**
 * A local stand-in for the part of Stripe's HTTP API our server calls (create and
 * retrieve PaymentIntents, with idempotency keys; Customers, SetupIntents and
 * PaymentMethods for saved cards; off-session PaymentIntents charging them), on
 * 127.0.0.1. Tests move intents to succeeded or failed as Stripe would after the
 * browser confirmed the card, and confirm SetupIntents as Stripe.js does.
 */
export class StripeStandIn extends StandInServer {
  readonly intents = new Map<string, StandInIntent>();
  readonly requests: StandInRequest[] = [];
  /** When set, every API call answers 500 (Stripe having a bad day). */
  failing = false;
  /** Answered once, to the next API call (then cleared). */
  nextError: StandInError | null = null;
  readonly customers = new Map<string, StandInCustomer>();
  readonly setupIntents = new Map<string, StandInSetupIntent>();
  readonly paymentMethods = new Map<string, StandInPaymentMethod>();
  /** Saved cards that decline every charge from now on (`cardStartsFailing`). */
  private readonly failingCards = new Map<string, StandInCardFailure>();
  private readonly byIdempotencyKey = new Map<string, string>();
  /**
   * Stripe's idempotency for saved-card calls: the first answer (status and body, an
   * error too) is kept per key and answered again to a repeat with the same parameters;
   * other parameters under a used key are refused (idempotency_error).
   */
  private readonly answers = new Map<
    string,
    { path: string; params: string; status: number; body: unknown }
  >();
  /** The environment that points our server's Stripe SDK here. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: 'whsec_standin_secret',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
    };
  }

  /** The card went through: `amount` changes what was asked, `received` what was taken. */
  succeed(id: string, amount?: number, received?: number) {
    const pi = this.get(id);
    pi.status = 'succeeded';
    pi.last_payment_error = null;
    if (amount !== undefined) pi.amount = amount;
    pi.amount_received = received ?? pi.amount;
    pi.latest_charge = {
      id: `ch_${randomBytes(10).toString('hex')}`,
      object: 'charge',
      amount: pi.amount_received,
      amount_refunded: 0,
      payment_intent: pi.id,
      disputed: false,
      dispute: null,
    };
  }

  /** Any other status word (processing, requires_action, canceled…). */
  setStatus(id: string, status: string) {
    this.get(id).status = status;
  }

  /** A refund made in Stripe's dashboard. */
  refund(id: string, amount: number) {
    const charge = this.get(id).latest_charge;
    if (!charge) throw new Error(`intent ${id} has no charge`);
    charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + amount);
  }

  /** A dispute opened by the card holder's bank, or its new status (won, lost…). */
  dispute(id: string, status = 'needs_response', amount?: number) {
    const charge = this.get(id).latest_charge;
    if (!charge) throw new Error(`intent ${id} has no charge`);
    charge.disputed = true;
    charge.dispute = {
      id: charge.dispute?.id ?? `dp_${randomBytes(8).toString('hex')}`,
      object: 'dispute',
      amount: amount ?? charge.dispute?.amount ?? charge.amount,
      status,
    };
  }

  decline(id: string, message = 'Your card was declined.') {
    const pi = this.get(id);
    pi.status = 'requires_payment_method';
    pi.last_payment_error = { message, code: 'card_declined', type: 'card_error' };
  }

  /** A saved card that starts failing: each later charge of it is declined so. */
  cardStartsFailing(paymentMethodId: string, failure: StandInCardFailure = 'card_declined') {
    if (!this.paymentMethods.has(paymentMethodId))
      throw new Error(`no payment method ${paymentMethodId}`);
    this.failingCards.set(paymentMethodId, failure);
  }

  /** The off-session PaymentIntents created (one per idempotency key, as at Stripe). */
  offSessionIntents(): StandInIntent[] {
    return [...this.intents.values()].filter((pi) => pi.metadata.giftId !== undefined);
  }

  get(id: string): StandInIntent {
    const pi = this.intents.get(id);
    if (!pi) throw new Error(`no intent ${id}`);
    return pi;
  }

  /**
   * The saved-card endpoints: Customers, SetupIntents, PaymentMethods and the
   * off-session PaymentIntent (`confirm` and `off_session` true). Returns the answer's
   * maker, or undefined for any other request.
   */
  private savedCards(
    req: IncomingMessage,
    url: URL,
    form: URLSearchParams,
    expand: string[],
  ): (() => { status: number; body: unknown }) | undefined {
    const ok = (body: unknown) => ({ status: 200, body });
    const missing = (kind: string, id: string) => ({
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${kind}: '${id}'`,
        },
      },
    });
    const now = () => Math.floor(Date.now() / 1000);
    const path = url.pathname;
    const post = req.method === 'POST';

    if (post && path === '/v1/customers') {
      return () => {
        const customer: StandInCustomer = {
          id: `cus_${randomBytes(7).toString('hex')}`,
          object: 'customer',
          email: form.get('email'),
          metadata: metadataOf(form),
          created: now(),
          livemode: false,
        };
        this.customers.set(customer.id, customer);
        return ok(customer);
      };
    }

    if (post && path === '/v1/setup_intents') {
      return () => {
        const customer = form.get('customer');
        if (customer && !this.customers.has(customer)) return missing('customer', customer);
        const id = `seti_${randomBytes(12).toString('hex')}`;
        const setup: StandInSetupIntent = {
          id,
          object: 'setup_intent',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          customer,
          payment_method: null,
          payment_method_types: ['card'],
          status: 'requires_payment_method',
          usage: form.get('usage') ?? 'off_session',
          last_setup_error: null,
          metadata: metadataOf(form),
          created: now(),
          livemode: false,
        };
        this.setupIntents.set(id, setup);
        return ok(setup);
      };
    }

    const setupPath = /^\/v1\/setup_intents\/([^/]+)(\/confirm)?$/.exec(path);
    if (setupPath?.[1] && (post ? setupPath[2] : !setupPath[2] && req.method === 'GET')) {
      const id = decodeURIComponent(setupPath[1]);
      const shownSetup = (setup: StandInSetupIntent, pmExpanded: boolean) =>
        pmExpanded && setup.payment_method
          ? { ...setup, payment_method: this.paymentMethods.get(setup.payment_method) }
          : setup;
      if (!post) {
        return () => {
          const setup = this.setupIntents.get(id);
          if (!setup) return missing('setup_intent', id);
          return ok(shownSetup(setup, expand.includes('payment_method')));
        };
      }
      return () => {
        const setup = this.setupIntents.get(id);
        if (!setup) return missing('setup_intent', id);
        const browser = req.headers.authorization === 'Bearer pk_test_standin';
        if (browser && form.get('client_secret') !== setup.client_secret) {
          return missing('setup_intent', id);
        }
        if (setup.status === 'succeeded' || setup.status === 'canceled') {
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'setup_intent_unexpected_state',
                message: `You cannot confirm this SetupIntent because it has a status of ${setup.status}.`,
                setup_intent: setup,
              },
            },
          };
        }
        const token = form.get('payment_method') ?? '';
        const test = TEST_CARDS[token];
        const existing = this.paymentMethods.get(token);
        if (!test && !existing) return missing('payment_method', token);
        if (test?.onSetup) {
          const failure = CARD_FAILURES[test.onSetup];
          setup.status = 'requires_payment_method';
          setup.last_setup_error = { type: 'card_error', code: test.onSetup, ...failure };
          return {
            status: 402,
            body: {
              error: { ...setup.last_setup_error, setup_intent: setup },
            },
          };
        }
        const pm =
          existing ?? this.newPaymentMethod(test!.last4, test!.onCharge, setup.customer, token);
        if (setup.customer) pm.customer = setup.customer;
        setup.payment_method = pm.id;
        setup.status = 'succeeded';
        setup.last_setup_error = null;
        return ok(shownSetup(setup, expand.includes('payment_method')));
      };
    }

    const pmPath = /^\/v1\/payment_methods\/([^/]+)(\/attach|\/detach)?$/.exec(path);
    if (pmPath?.[1] && (post ? pmPath[2] : !pmPath[2] && req.method === 'GET')) {
      const id = decodeURIComponent(pmPath[1]);
      return () => {
        const pm = this.paymentMethods.get(id);
        if (!pm) return missing('payment_method', id);
        if (pmPath[2] === '/attach') {
          const customer = form.get('customer') ?? '';
          if (!this.customers.has(customer)) return missing('customer', customer);
          pm.customer = customer;
        } else if (pmPath[2] === '/detach') {
          if (!pm.customer) {
            return {
              status: 400,
              body: {
                error: {
                  type: 'invalid_request_error',
                  message:
                    'The payment method you provided is not attached to a customer so detachment is impossible.',
                },
              },
            };
          }
          pm.customer = null;
        }
        return ok(pm);
      };
    }

    if (post && path === '/v1/payment_intents' && form.get('off_session') === 'true') {
      return () => this.chargeOffSession(form);
    }
    return undefined;
  }

  /** A test card saved at confirmation: a new PaymentMethod, as Stripe makes from a token. */
  private newPaymentMethod(
    last4: string,
    onCharge: StandInCardFailure | null,
    customer: string | null,
    token: string,
  ): StandInPaymentMethod {
    const pm: StandInPaymentMethod = {
      id: `pm_${randomBytes(12).toString('hex')}`,
      object: 'payment_method',
      type: 'card',
      card: {
        brand: 'visa',
        last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        fingerprint: `fp${token.slice(8, 20)}`,
      },
      customer,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.paymentMethods.set(pm.id, pm);
    if (onCharge) this.failingCards.set(pm.id, onCharge);
    return pm;
  }

  /**
   * `confirm: true, off_session: true` with a customer's saved card: succeeded at once,
   * or 402 with the card error and the intent left in requires_payment_method.
   */
  private chargeOffSession(form: URLSearchParams): { status: number; body: unknown } {
    const invalid = (message: string, param: string, code?: string) => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', param, message, ...(code ? { code } : {}) } },
    });
    if (form.get('confirm') !== 'true') {
      return invalid('off_session can only be used with confirm=true.', 'off_session');
    }
    const amount = Number(form.get('amount'));
    if (!Number.isInteger(amount) || amount < STAND_IN_LIMITS.min) {
      return invalid('Amount must be at least ৳60.00 bdt', 'amount', 'amount_too_small');
    }
    if (amount > STAND_IN_LIMITS.max) {
      return invalid('Amount must be no more than ৳999,999.99', 'amount', 'amount_too_large');
    }
    const pmId = form.get('payment_method') ?? '';
    const pm = this.paymentMethods.get(pmId);
    if (!pm) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'payment_method',
            message: `No such PaymentMethod: '${pmId}'`,
          },
        },
      };
    }
    const customer = form.get('customer');
    if (!pm.customer || (customer && pm.customer !== customer)) {
      return invalid(
        pm.customer
          ? 'The provided PaymentMethod does not belong to the Customer.'
          : 'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.',
        'payment_method',
      );
    }
    const pi = this.newIntent(amount, form.get('currency') ?? '', metadataOf(form));
    const id = pi.id;
    const failure = this.failingCards.get(pm.id);
    if (!failure) {
      this.succeed(id);
      return { status: 200, body: { ...pi, latest_charge: pi.latest_charge?.id ?? null } };
    }
    const error = {
      type: 'card_error',
      code: failure,
      ...CARD_FAILURES[failure],
      payment_method: pm,
    };
    pi.last_payment_error = error;
    return {
      status: 402,
      body: { error: { ...error, payment_intent: { ...pi, latest_charge: null } } },
    };
  }

  /** A new intent, kept: waiting for a payment method, nothing received yet. */
  private newIntent(amount: number, currency: string, metadata: Record<string, string>) {
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const pi: StandInIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata,
      last_payment_error: null,
      amount_received: 0,
      latest_charge: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.intents.set(id, pi);
    return pi;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      headers: req.headers,
      form,
    });

    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
      res.end(JSON.stringify(body));
    };
    if (this.failing) {
      return send(500, { error: { type: 'api_error', message: 'Stand-in failure' } });
    }
    if (this.nextError) {
      const { status, ...error } = this.nextError;
      this.nextError = null;
      return send(status, { error });
    }
    const auth = req.headers.authorization ?? '';
    // Stripe.js confirms a SetupIntent with the publishable key and its client secret.
    const browserConfirm =
      auth === 'Bearer pk_test_standin' &&
      req.method === 'POST' &&
      /^\/v1\/setup_intents\/[^/]+\/confirm$/.test(url.pathname);
    if (auth !== 'Bearer sk_test_standin' && !browserConfirm) {
      return send(401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${auth.replace(/^Bearer /, '').slice(0, 12)}***`,
        },
      });
    }
    const expand = [...url.searchParams].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
    const shown = (pi: StandInIntent, chargeExpanded: boolean) =>
      chargeExpanded ? pi : { ...pi, latest_charge: pi.latest_charge?.id ?? null };

    const saved = this.savedCards(req, url, form, expand);
    if (saved) {
      const key = req.headers['idempotency-key'];
      const params = [...form].sort().toString();
      if (req.method === 'POST' && typeof key === 'string') {
        const known = this.answers.get(key);
        if (known && (known.path !== url.pathname || known.params !== params)) {
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        }
        if (known) {
          res.writeHead(known.status, {
            'content-type': 'application/json',
            'request-id': 'req_standin',
            'idempotent-replayed': 'true',
          });
          return res.end(JSON.stringify(known.body));
        }
      }
      const answer = saved();
      if (req.method === 'POST' && typeof key === 'string') {
        this.answers.set(key, { path: url.pathname, params, ...answer });
      }
      return send(answer.status, answer.body);
    }

    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      // refunds.create: once per idempotency key, never more than what is left.
      const key = req.headers['idempotency-key'];
      const refundKey = typeof key === 'string' ? `refund:${key}` : undefined;
      const known = refundKey ? this.byIdempotencyKey.get(refundKey) : undefined;
      if (known) return send(200, JSON.parse(known));
      const pi = this.intents.get(form.get('payment_intent') ?? '');
      const charge = pi?.latest_charge;
      if (!pi || !charge) {
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent',
          },
        });
      }
      const amount = Number(form.get('amount') ?? charge.amount - charge.amount_refunded);
      if (
        !Number.isInteger(amount) ||
        amount <= 0 ||
        charge.amount_refunded + amount > charge.amount
      ) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            message: 'Refund is greater than unrefunded amount',
          },
        });
      }
      charge.amount_refunded += amount;
      const refund = {
        id: `re_${randomBytes(10).toString('hex')}`,
        object: 'refund',
        amount,
        payment_intent: pi.id,
        status: 'succeeded',
      };
      if (refundKey) this.byIdempotencyKey.set(refundKey, JSON.stringify(refund));
      return send(200, refund);
    }
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'];
      const known = typeof key === 'string' ? this.byIdempotencyKey.get(key) : undefined;
      if (known) return send(200, this.intents.get(known));
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      const amount = Number(form.get('amount'));
      if (!Number.isInteger(amount) || amount < STAND_IN_LIMITS.min) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_small',
            param: 'amount',
            message: 'Amount must be at least ৳60.00 bdt',
          },
        });
      }
      if (amount > STAND_IN_LIMITS.max) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            param: 'amount',
            message: 'Amount must be no more than ৳999,999.99',
          },
        });
      }
      const pi = this.newIntent(amount, form.get('currency') ?? '', metadata);
      if (typeof key === 'string') this.byIdempotencyKey.set(key, pi.id);
      return send(200, pi);
    }

    const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m?.[1]) {
      const pi = this.intents.get(decodeURIComponent(m[1]));
      if (!pi) {
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${m[1]}'`,
          },
        });
      }
      return send(
        200,
        shown(
          pi,
          expand.some((e) => e.startsWith('latest_charge')),
        ),
      );
    }

    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === 'POST' && cancel?.[1]) {
      const pi = this.intents.get(decodeURIComponent(cancel[1]));
      if (!pi) {
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent',
          },
        });
      }
      if (pi.status === 'succeeded' || pi.status === 'canceled') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
          },
        });
      }
      pi.status = 'canceled';
      return send(200, shown(pi, false));
    }

    if (req.method === 'GET' && url.pathname === '/v1/payment_intents') {
      const gte = Number(url.searchParams.get('created[gte]') ?? 0);
      const lt = Number(url.searchParams.get('created[lt]') ?? Number.MAX_SAFE_INTEGER);
      const data = [...this.intents.values()]
        .filter((pi) => pi.created >= gte && pi.created < lt)
        .map((pi) =>
          shown(
            pi,
            expand.some((e) => e.startsWith('data.latest_charge')),
          ),
        );
      return send(200, { object: 'list', data, has_more: false, url: '/v1/payment_intents' });
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
    });
  }
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m?.[1]) metadata[m[1]] = v;
  }
  return metadata;
}
