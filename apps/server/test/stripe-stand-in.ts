import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A payment intent as the stand-in keeps it (the fields our server reads). */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string; code: string; type: string } | null;
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

/**
 * A local stand-in for the part of Stripe's HTTP API our server calls (create and
 * retrieve PaymentIntents, with idempotency keys), on 127.0.0.1. Tests move intents
 * to succeeded or failed as Stripe would after the browser confirmed the card.
 */
export class StripeStandIn {
  readonly intents = new Map<string, StandInIntent>();
  readonly requests: StandInRequest[] = [];
  /** When set, every API call answers 500 (Stripe having a bad day). */
  failing = false;
  /** Answered once, to the next API call (then cleared). */
  nextError: StandInError | null = null;
  private readonly byIdempotencyKey = new Map<string, string>();
  private server: Server | undefined;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

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

  get(id: string): StandInIntent {
    const pi = this.intents.get(id);
    if (!pi) throw new Error(`no intent ${id}`);
    return pi;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
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
    if (auth !== 'Bearer sk_test_standin') {
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
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const pi: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
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
      if (typeof key === 'string') this.byIdempotencyKey.set(key, id);
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
