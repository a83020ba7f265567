import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StandInServer } from './support/stand-in-server';

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

/** The wallets' names and the `card_type` SSLCommerz reports for each. */
const WALLETS: Record<string, { name: string; cardType: string }> = {
  bkash: { name: 'bKash', cardType: 'BKASH-BKash' },
  nagad: { name: 'Nagad', cardType: 'NAGAD-Nagad' },
  dbblmobilebanking: { name: 'Rocket', cardType: 'DBBLMOBILEB-Dbbl Mobile Banking' },
  card: { name: 'a card', cardType: 'VISA-Dutch Bangla' },
};

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;

/**
 * The session API's fields as SSLCommerz's v4 documentation gives them: the mandatory
 * ones and every field's longest value (characters). Written from the documentation,
 * not from our client, so a request the real gateway would refuse fails here too.
 */
const MANDATORY = [
  'total_amount',
  'currency',
  'tran_id',
  'success_url',
  'fail_url',
  'cancel_url',
  'cus_name',
  'cus_email',
  'cus_add1',
  'cus_city',
  'cus_postcode',
  'cus_country',
  'cus_phone',
  'shipping_method',
  'num_of_item',
  'product_name',
  'product_category',
  'product_profile',
] as const;
const MAX_LENGTH: Record<string, number> = {
  currency: 3,
  tran_id: 30,
  success_url: 255,
  fail_url: 255,
  cancel_url: 255,
  ipn_url: 255,
  multi_card_name: 30,
  cus_name: 50,
  cus_email: 50,
  cus_add1: 50,
  cus_add2: 50,
  cus_city: 50,
  cus_state: 50,
  cus_postcode: 30,
  cus_country: 50,
  cus_phone: 20,
  shipping_method: 50,
  num_of_item: 1,
  product_name: 255,
  product_category: 50,
  product_profile: 100,
  value_a: 255,
  value_b: 255,
  value_c: 255,
  value_d: 255,
};
const PRODUCT_PROFILES = [
  'general',
  'physical-goods',
  'non-physical-goods',
  'airline-tickets',
  'travel-vertical',
  'telecom-vertical',
];

/** Why the session API refuses these fields, or null when it takes them. */
export function sessionRefusal(form: Record<string, string>): string | null {
  const missing = MANDATORY.filter((k) => !form[k]?.trim());
  if (missing.length > 0) return `Invalid Information: ${missing.join(', ')} required`;
  for (const [k, max] of Object.entries(MAX_LENGTH)) {
    const value = form[k];
    if (value !== undefined && Array.from(value).length > max) {
      return `Invalid Information: ${k} longer than ${max} characters`;
    }
  }
  const amount = form.total_amount!;
  if (!/^\d{1,8}(?:\.\d{1,2})?$/.test(amount) || Number(amount) < 10 || Number(amount) > 500_000) {
    return 'Invalid Information: total_amount must be from 10.00 BDT to 500000.00 BDT';
  }
  if (!/^[A-Z]{3}$/.test(form.currency!)) return 'Invalid Information: currency';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.cus_email!)) return 'Invalid Information: cus_email';
  if (!/^\d$/.test(form.num_of_item!)) return 'Invalid Information: num_of_item';
  if (!PRODUCT_PROFILES.includes(form.product_profile!)) {
    return 'Invalid Information: product_profile';
  }
  if (!['YES', 'NO', 'Courier', 'SSLCOMMERZ_LOGISTIC'].includes(form.shipping_method!)) {
    return 'Invalid Information: shipping_method';
  }
  return null;
}

/**
 * A local stand-in for SSLCommerz's v4 APIs our server calls: the session API, the
 * Order Validation API, the Transaction Query API by tran_id and the Refund API, on
 * 127.0.0.1. Tests play the donor at the gateway with `pay()` and change what the
 * gateway reports (`tamper`) to model forged or disagreeing notifications.
 */
export class SslCommerzStandIn extends StandInServer {
  readonly transactions = new Map<string, StandInTransaction>();
  readonly calls: { path: string; query: Record<string, string> }[] = [];
  /**
   * Refunds the gateway made: the request's fields, with the gateway's `refund_ref_id` and
   * `state` (refunded, processing or cancelled: what the refund status query answers).
   */
  readonly refunds: Record<string, string>[] = [];
  failing = false;
  /** When set, the Refund API answers `failed` with this reason. */
  refundRefusal: string | null = null;
  /**
   * Refund requests whose answer is lost on the way (the connection drops after the gateway
   * made the refund), counted down: the caller sees a network error, the money went back.
   */
  loseRefundAnswers = 0;
  /** What the refund status query answers for a new refund until a test changes it. */
  newRefundState: 'refunded' | 'processing' = 'refunded';
  env(): Record<string, string> {
    return {
      SSLCOMMERZ_STORE_ID: STAND_IN_STORE.id,
      SSLCOMMERZ_STORE_PASSWORD: STAND_IN_STORE.password,
      SSLCOMMERZ_SANDBOX: 'true',
      SSLCOMMERZ_API_URL: `http://127.0.0.1:${this.port}`,
    };
  }

  /** A transaction by its tran_id, or by our payment id (sent as `value_a`). */
  byTranId(tranId: string): StandInTransaction {
    const t = [...this.transactions.values()].find(
      (x) => x.tran_id === tranId || x.form.value_a === tranId,
    );
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

  /**
   * A refund made by hand in the merchant panel (no request of ours): it has a
   * `refund_ref_id` the panel shows, and no `refund_trans_id` of ours.
   */
  panelRefund(
    tranId: string,
    amount: string,
    state: 'refunded' | 'processing' = 'refunded',
  ): string {
    const t = this.byTranId(tranId);
    const ref = id('REF');
    this.refunds.push({
      bank_tran_id: t.bank_tran_id ?? '',
      refund_amount: amount,
      refund_remarks: 'Refunded in the merchant panel',
      refund_ref_id: ref,
      state,
    });
    return ref;
  }

  /** The gateway (or the bank) cancels a refund: its status query answers `cancelled`. */
  cancelRefund(refundRefId: string) {
    const r = this.refunds.find((x) => x.refund_ref_id === refundRefId);
    if (!r) throw new Error(`no refund ${refundRefId}`);
    r.state = 'cancelled';
  }

  /** The donor's attempt failed or was cancelled at the gateway. */
  end(tranId: string, status: 'FAILED' | 'CANCELLED') {
    const t = this.byTranId(tranId);
    t.status = status;
    return this.posted(t);
  }

  /**
   * Fields as SSLCommerz signs what it posts (its SDKs' hash check): `verify_key` names
   * the signed fields; `verify_sign` is the md5 of those fields and `store_passwd` (the
   * md5 of the store password), sorted by name and joined as `k=v&k=v`. `password`:
   * another store's, to model a notification signed with the wrong key.
   */
  sign(
    fields: Record<string, string>,
    password: string = STAND_IN_STORE.password,
  ): Record<string, string> {
    const signed: Record<string, string> = { ...fields, store_passwd: md5(password) };
    const text = Object.keys(signed)
      .sort()
      .map((k) => `${k}=${signed[k]}`)
      .join('&');
    return { ...fields, verify_sign: md5(text), verify_key: Object.keys(fields).join(',') };
  }

  posted(t: StandInTransaction): Record<string, string> {
    return this.sign(this.unsigned(t));
  }

  private unsigned(t: StandInTransaction): Record<string, string> {
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

  private html(res: ServerResponse, status: number, title: string, body: string) {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body><main>${body}</main></body></html>`);
  }

  /**
   * The gateway's hosted page for a session (its general page, or a wallet's own page
   * when the server followed `desc[].redirectGatewayURL`): the donor pays, fails or
   * cancels there.
   */
  private gatewayPage(res: ServerResponse, sessionkey: string, cardname?: string) {
    const t = this.transactions.get(sessionkey);
    if (!t || t.status !== 'PENDING') {
      return this.html(res, 404, 'SSLCommerz', '<h1>Session expired or unknown</h1>');
    }
    const wallet = WALLETS[cardname ?? t.multi_card_name] ?? WALLETS.card!;
    const button = (outcome: string, label: string) =>
      `<form method="post" action="/gwprocess/v4/stand-in/finish">
<input type="hidden" name="SESSIONKEY" value="${esc(sessionkey)}">
<input type="hidden" name="outcome" value="${outcome}"><button>${label}</button></form>`;
    this.html(
      res,
      200,
      'SSLCommerz sandbox',
      `<h1>SSLCommerz sandbox</h1>
<p>Pay ${esc(t.amount)} ${esc(t.currency)} to ${esc(STAND_IN_STORE.id)} with ${wallet.name}</p>
${button('pay', `Pay with ${wallet.name}`)}${button('fail', 'Fail')}${button('cancel', 'Cancel')}`,
    );
  }

  /**
   * The donor finished at the gateway page: the transaction takes its status, the IPN
   * goes to the session's `ipn_url` (server to server), and the browser is sent back to
   * the session's success, fail or cancel URL with the gateway's fields in a POST, as
   * SSLCommerz does.
   */
  private async finish(res: ServerResponse, sessionkey: string, outcome: string) {
    const t = this.transactions.get(sessionkey);
    if (!t || t.status !== 'PENDING') {
      return this.html(res, 404, 'SSLCommerz', '<h1>Session expired or unknown</h1>');
    }
    const fields =
      outcome === 'pay'
        ? this.pay(t.tran_id, {
            cardType: (WALLETS[t.multi_card_name] ?? WALLETS.card!).cardType,
          })
        : this.end(t.tran_id, outcome === 'cancel' ? 'CANCELLED' : 'FAILED');
    const target =
      outcome === 'pay'
        ? t.form.success_url
        : outcome === 'cancel'
          ? t.form.cancel_url
          : t.form.fail_url;
    // The IPN first (the API tests play every other ordering), then the browser.
    if (t.form.ipn_url) {
      await fetch(t.form.ipn_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }).catch(() => undefined);
    }
    const inputs = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
      .join('');
    this.html(
      res,
      200,
      'SSLCommerz',
      `<form id="back" method="post" action="${esc(target ?? '')}">${inputs}
<button>Back to the merchant</button></form>
<script>document.getElementById('back').submit()</script>`,
    );
  }

  private authorised(q: Record<string, string>) {
    return q.store_id === STAND_IN_STORE.id && q.store_passwd === STAND_IN_STORE.password;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse) {
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

    if (
      req.method === 'GET' &&
      (url.pathname === '/gwprocess/v4/gw.php' ||
        url.pathname === '/gwprocess/v4/bankgw/indexhtmlOTP.php')
    ) {
      return this.gatewayPage(res, query.SESSIONKEY ?? '', query.cardname);
    }
    if (url.pathname === '/gwprocess/v4/stand-in/finish' && req.method === 'POST') {
      return this.finish(res, form.SESSIONKEY ?? '', form.outcome ?? '');
    }

    if (url.pathname === '/gwprocess/v4/api.php' && req.method === 'POST') {
      if (!this.authorised(form))
        return send(200, {
          status: 'FAILED',
          failedreason: 'Store Credential Error Or Store is De-active',
        });
      const refusal = sessionRefusal(form);
      if (refusal) return send(200, { status: 'FAILED', failedreason: refusal });
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
      const answer = { ...this.unsigned(t), val_id: t.val_id, tran_date: '2026-11-23 21:00:00' };
      // SSLCommerz answers VALIDATED once a val_id was validated before.
      t.status = 'VALIDATED';
      return send(200, answer);
    }
    if (url.pathname === '/validator/api/merchantTransIDvalidationAPI.php') {
      if (!this.authorised(query)) return send(200, { APIConnect: 'INVALID_REQUEST' });
      // The Refund API (bank_tran_id, refund_trans_id, refund_amount, refund_remarks,
      // refe_id): refund_trans_id (at most 30 characters) is mandatory since 24 Feb 2025; a
      // refund_trans_id the gateway already initiated is answered `processing` ("already
      // initiated") with that refund's refund_ref_id, and refunds nothing more.
      if (query.refund_amount !== undefined || query.refund_trans_id !== undefined) {
        const answer = (body: Record<string, unknown>) =>
          send(200, { APIConnect: 'DONE', bank_tran_id: query.bank_tran_id, ...body });
        const refuse = (errorReason: string) => answer({ status: 'failed', errorReason });
        const transId = query.refund_trans_id ?? '';
        if (!transId || Array.from(transId).length > 30) {
          return send(200, {
            APIConnect: 'INVALID_REQUEST',
            errorReason: 'refund_trans_id is required, at most 30 characters',
          });
        }
        if (!query.refund_remarks?.trim() || Array.from(query.refund_remarks).length > 255) {
          return send(200, { APIConnect: 'INVALID_REQUEST', errorReason: 'refund_remarks' });
        }
        const t = [...this.transactions.values()].find(
          (x) => x.bank_tran_id === query.bank_tran_id,
        );
        const earlier = this.refunds.find(
          (r) => r.refund_trans_id === transId && r.bank_tran_id === query.bank_tran_id,
        );
        if (earlier) {
          return answer({
            trans_id: t?.tran_id ?? '',
            refund_ref_id: earlier.refund_ref_id,
            status: 'processing',
            errorReason: 'Refund request is already initiated',
          });
        }
        if (this.refundRefusal) return refuse(this.refundRefusal);
        if (!t || (t.status !== 'VALID' && t.status !== 'VALIDATED')) {
          return refuse('Invalid bank_tran_id');
        }
        const amount = query.refund_amount ?? '';
        if (!/^\d{1,8}(?:\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) {
          return refuse('Invalid refund_amount');
        }
        const before = this.refunds
          .filter((r) => r.bank_tran_id === query.bank_tran_id && r.state !== 'cancelled')
          .reduce((sum, r) => sum + Math.round(Number(r.refund_amount) * 100), 0);
        if (before + Math.round(Number(amount) * 100) > Math.round(Number(t.amount) * 100)) {
          return refuse('Refund amount exceeds the transaction amount');
        }
        const ref = id('REF');
        this.refunds.push({ ...query, refund_ref_id: ref, state: this.newRefundState });
        if (this.loseRefundAnswers > 0) {
          this.loseRefundAnswers--;
          // The refund is made; its answer never arrives.
          res.destroy();
          return;
        }
        return answer({
          trans_id: t.tran_id,
          refund_ref_id: ref,
          status: 'success',
          errorReason: '',
        });
      }
      // The refund status query by refund_ref_id.
      if (query.refund_ref_id !== undefined) {
        const r = this.refunds.find((x) => x.refund_ref_id === query.refund_ref_id);
        if (!r) {
          return send(200, {
            APIConnect: 'DONE',
            status: 'failed',
            errorReason: 'Invalid refund_ref_id',
          });
        }
        const t = [...this.transactions.values()].find((x) => x.bank_tran_id === r.bank_tran_id);
        return send(200, {
          APIConnect: 'DONE',
          bank_tran_id: r.bank_tran_id,
          tran_id: t?.tran_id ?? '',
          refund_ref_id: r.refund_ref_id,
          initiated_on: '2026-11-29 10:00:00',
          ...(r.state === 'refunded' ? { refunded_on: '2026-11-29 10:05:00' } : {}),
          status: r.state,
          errorReason: '',
        });
      }
      const element = [...this.transactions.values()]
        .filter((x) => x.tran_id === query.tran_id)
        .map((t) => this.unsigned(t));
      return send(200, { APIConnect: 'DONE', no_of_trans_found: element.length, element });
    }
    send(404, { status: 'FAILED', failedreason: 'unknown path' });
  }
}
