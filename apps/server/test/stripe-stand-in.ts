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
  created: number;
  livemode: false;
}

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

  succeed(id: string, amount?: number) {
    const pi = this.get(id);
    pi.status = 'succeeded';
    pi.last_payment_error = null;
    if (amount !== undefined) pi.amount = amount;
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
    if (req.headers.authorization !== 'Bearer sk_test_standin') {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
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
      return send(200, pi);
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
    });
  }
}
