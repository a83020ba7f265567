import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A transaction as the stand-in keeps it (the fields SSLCommerz's APIs report). */
export interface StandInTransaction {
  tran_id: string;
  sessionkey: string;
  status: 'PENDING' | 'VALID' | 'VALIDATED' | 'FAILED' | 'CANCELLED';
  val_id: string | null;
  amount: string;
  currency: string;
  store_id: string;
  bank_tran_id: string | null;
  card_type: string | null;
  risk_level: string;
  multi_card_name: string;
  form: Record<string, string>;
}

export const STAND_IN_STORE = { id: 'easyfund_standin', password: 'standin@ssl' } as const;

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;

/**
 * A local stand-in for SSLCommerz's v4 APIs our server calls: the session API, the
 * Order Validation API, the Transaction Query API by tran_id and the Refund API, on
 * 127.0.0.1. Tests play the donor at the gateway with `pay()` and change what the
 * gateway reports (`tamper`) to model forged or disagreeing notifications.
 */
export class SslCommerzStandIn {
  readonly transactions = new Map<string, StandInTransaction>();
  readonly calls: { path: string; query: Record<string, string> }[] = [];
  readonly refunds: Record<string, string>[] = [];
  failing = false;
  /** When set, the Refund API answers `failed` with this reason. */
  refundRefusal: string | null = null;
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

  env(): Record<string, string> {
    return {
      SSLCOMMERZ_STORE_ID: STAND_IN_STORE.id,
      SSLCOMMERZ_STORE_PASSWORD: STAND_IN_STORE.password,
      SSLCOMMERZ_SANDBOX: 'true',
      SSLCOMMERZ_API_URL: `http://127.0.0.1:${this.port}`,
    };
  }

  byTranId(tranId: string): StandInTransaction {
    const t = [...this.transactions.values()].find((x) => x.tran_id === tranId);
    if (!t) throw new Error(`no transaction ${tranId}`);
    return t;
  }

  /** The donor pays at the gateway; returns the fields the gateway posts back. */
  pay(tranId: string, opts: { risk?: 0 | 1; cardType?: string } = {}) {
    const t = this.byTranId(tranId);
    t.status = 'VALID';
    t.val_id = id('VAL');
    t.bank_tran_id = id('BTR');
    t.card_type = opts.cardType ?? 'BKASH-BKash';
    t.risk_level = String(opts.risk ?? 0);
    return this.posted(t);
  }

  /** The donor's attempt failed or was cancelled at the gateway. */
  end(tranId: string, status: 'FAILED' | 'CANCELLED') {
    const t = this.byTranId(tranId);
    t.status = status;
    return this.posted(t);
  }

  posted(t: StandInTransaction): Record<string, string> {
    return {
      status: t.status,
      tran_id: t.tran_id,
      amount: t.amount,
      currency: t.currency,
      store_id: t.store_id,
      risk_level: t.risk_level,
      ...(t.val_id ? { val_id: t.val_id } : {}),
      ...(t.bank_tran_id ? { bank_tran_id: t.bank_tran_id } : {}),
      ...(t.card_type ? { card_type: t.card_type } : {}),
    };
  }

  private authorised(q: Record<string, string>) {
    return q.store_id === STAND_IN_STORE.id && q.store_passwd === STAND_IN_STORE.password;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const query = Object.fromEntries(url.searchParams);
    this.calls.push({ path: url.pathname, query: req.method === 'POST' ? form : query });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (this.failing) return send(500, { status: 'FAILED', failedreason: 'stand-in failing' });

    if (url.pathname === '/gwprocess/v4/api.php' && req.method === 'POST') {
      if (!this.authorised(form))
        return send(200, {
          status: 'FAILED',
          failedreason: 'Store Credential Error Or Store is De-active',
        });
      const sessionkey = id('SESS');
      this.transactions.set(sessionkey, {
        tran_id: form.tran_id ?? '',
        sessionkey,
        status: 'PENDING',
        val_id: null,
        amount: form.total_amount ?? '',
        currency: form.currency ?? '',
        store_id: STAND_IN_STORE.id,
        bank_tran_id: null,
        card_type: null,
        risk_level: '0',
        multi_card_name: form.multi_card_name ?? '',
        form,
      });
      return send(200, {
        status: 'SUCCESS',
        sessionkey,
        GatewayPageURL: `http://127.0.0.1:${this.port}/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=${sessionkey}`,
        desc: [
          {
            gw: 'bkash',
            redirectGatewayURL: `http://127.0.0.1:${this.port}/gwprocess/v4/bankgw/indexhtmlOTP.php?mamount=1&ssl_id=x&Q=REDIRECT&SESSIONKEY=${sessionkey}&cardname=bkash`,
          },
        ],
      });
    }
    if (url.pathname === '/validator/api/validationserverAPI.php') {
      if (!this.authorised(query))
        return send(200, { status: 'INVALID_TRANSACTION', error: 'Store Credential Error' });
      const t = [...this.transactions.values()].find((x) => x.val_id && x.val_id === query.val_id);
      if (!t || (t.status !== 'VALID' && t.status !== 'VALIDATED')) {
        return send(200, { status: 'INVALID_TRANSACTION' });
      }
      const answer = { ...this.posted(t), val_id: t.val_id, tran_date: '2026-11-23 21:00:00' };
      // SSLCommerz answers VALIDATED once a val_id was validated before.
      t.status = 'VALIDATED';
      return send(200, answer);
    }
    if (url.pathname === '/validator/api/merchantTransIDvalidationAPI.php') {
      if (!this.authorised(query)) return send(200, { APIConnect: 'INVALID_REQUEST' });
      if (query.refund_amount) {
        const t = [...this.transactions.values()].find(
          (x) => x.bank_tran_id === query.bank_tran_id,
        );
        const before = this.refunds
          .filter((r) => r.bank_tran_id === query.bank_tran_id)
          .reduce((sum, r) => sum + Number(r.refund_amount), 0);
        const refusal =
          this.refundRefusal ??
          (!t
            ? 'Invalid bank_tran_id'
            : this.refunds.some((r) => r.refe_id === query.refe_id)
              ? 'Duplicate refe_id'
              : before + Number(query.refund_amount) > Number(t.amount)
                ? 'Refund amount exceeds the transaction amount'
                : null);
        if (refusal) {
          return send(200, {
            APIConnect: 'DONE',
            bank_tran_id: query.bank_tran_id,
            status: 'failed',
            errorReason: refusal,
          });
        }
        this.refunds.push(query);
        return send(200, {
          APIConnect: 'DONE',
          bank_tran_id: query.bank_tran_id,
          trans_id: query.refe_id,
          refund_ref_id: id('REF'),
          status: 'success',
          errorReason: '',
        });
      }
      const element = [...this.transactions.values()]
        .filter((x) => x.tran_id === query.tran_id)
        .map((t) => this.posted(t));
      return send(200, { APIConnect: 'DONE', no_of_trans_found: element.length, element });
    }
    send(404, { status: 'FAILED', failedreason: 'unknown path' });
  }
}
