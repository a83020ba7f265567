import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaymentMethod } from '@easyfund/shared/constants';
import { GATEWAY_AMOUNT_TK, PAYMENT_METHODS, POISHA_PER_TK } from '@easyfund/shared/constants';
import { BD_MOBILE_PATTERN } from '@easyfund/shared/schemas/verifications';
import { Unavailable } from '../../../lib/errors';
import {
  amountOf,
  type CheckoutGateway,
  type CreatedSession,
  type GatewayTransaction,
  type RefundRequest,
  type RefundResult,
  type RefundStatus,
  type SessionInput,
  TRAN_ID_MAX_LENGTH,
} from './gateway';

/** The gateway names SSLCommerz's `multi_card_name` takes for each of our methods. */
export const MULTI_CARD_NAME: Record<PaymentMethod, string> = {
  bkash: 'bkash',
  nagad: 'nagad',
  rocket: 'dbblmobilebanking',
  card: 'visacard,mastercard,amexcard',
};

/**
 * The session API's customer fields, all mandatory in SSLCommerz's v4 documentation,
 * where the donor told us nothing (decision 457): an address in Dhaka (GPO, 1000), and
 * the phone number SSLCommerz's own SDK examples send. The donor's own number is sent
 * when they gave one (applying to raise funds).
 */
export const CUSTOMER_DEFAULTS = {
  name: 'Donor',
  address: 'Dhaka',
  city: 'Dhaka',
  postcode: '1000',
  country: 'Bangladesh',
  phone: '01711111111',
} as const;

/** The documented lengths (characters) of the session fields we cut to fit. */
const MAX = { name: 50, email: 50, phone: 20, productName: 255, value: 255 } as const;

/** At most `max` characters (code points: a Bangla letter is never split in two). */
const cut = (text: string, max: number) => Array.from(text.trim()).slice(0, max).join('');

/** A Bangladeshi mobile number as 01XXXXXXXXX, or null when it is none. */
function mobileNumber(phone: string | null): string | null {
  return BD_MOBILE_PATTERN.exec((phone ?? '').replace(/[\s-]/g, ''))?.[1] ?? null;
}

const str = z.union([z.string(), z.number()]).transform(String);
const optStr = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? null : String(v)));

const ZSessionAnswer = z.object({
  status: z.string(),
  failedreason: z.string().nullish(),
  sessionkey: z.string().nullish(),
  GatewayPageURL: z.string().nullish(),
  desc: z
    .array(z.object({ gw: z.string().nullish(), redirectGatewayURL: z.string().nullish() }))
    .nullish(),
});

const ZTransaction = z.object({
  status: z.string(),
  tran_id: str,
  val_id: optStr,
  amount: str,
  currency: z.string(),
  store_id: optStr,
  bank_tran_id: optStr,
  card_type: optStr,
  risk_level: z.union([z.string(), z.number()]).nullish(),
});

const ZValidationAnswer = z.union([
  ZTransaction,
  z.object({ status: z.string(), error: z.string().nullish() }),
]);

const ZQueryAnswer = z.object({
  APIConnect: z.string(),
  no_of_trans_found: z.union([z.string(), z.number()]).nullish(),
  element: z.array(ZTransaction).nullish(),
});

const ZRefundAnswer = z.object({
  APIConnect: z.string(),
  status: z.string().nullish(),
  refund_ref_id: optStr,
  errorReason: z.string().nullish(),
});

/** The refund status query's answer (bank_tran_id, tran_id, refund_ref_id, initiated_on, refunded_on, status, errorReason). */
const ZRefundStatusAnswer = z.object({
  APIConnect: z.string(),
  status: z.string().nullish(),
  refund_ref_id: optStr,
  bank_tran_id: optStr,
  errorReason: z.string().nullish(),
});

function toTransaction(t: z.infer<typeof ZTransaction>): GatewayTransaction {
  return {
    status: t.status.toUpperCase(),
    tranId: t.tran_id,
    valId: t.val_id,
    amount: t.amount,
    currency: t.currency.toUpperCase(),
    storeId: t.store_id,
    bankTranId: t.bank_tran_id,
    cardType: t.card_type,
    riskLevel: Number(t.risk_level ?? 0) === 1 ? 1 : 0,
  };
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * SSLCommerz's signature of the fields it posts (IPN and the browser's return), as its
 * SDKs check it: the fields `verify_key` names (those posted), with `store_passwd` set
 * to the md5 of the store password, sorted by name, joined as `name=value` with `&`;
 * `verify_sign` is the md5 of that text.
 */
export function notificationSignature(
  fields: Record<string, string>,
  keys: readonly string[],
  storePassword: string,
): string {
  const signed = new Map<string, string>();
  for (const key of keys)
    if (key in fields && key !== 'store_passwd') signed.set(key, fields[key]!);
  signed.set('store_passwd', md5(storePassword));
  const text = [...signed.keys()]
    .sort()
    .map((key) => `${key}=${signed.get(key)}`)
    .join('&');
  return md5(text);
}

/** The fields SSLCommerz posts that a settlement reads: the signature must cover them. */
const SIGNED_FIELDS = ['tran_id', 'status'];

/**
 * Whether posted fields carry a valid signature of the store (`verify_sign` over the
 * fields `verify_key` names), and that signature covers what we read of them: `tran_id`,
 * `status`, and `val_id` and `store_id` when they are posted. A cheap first filter before
 * the gateway is asked anything; the Validation API still decides what was paid.
 */
export function signedBy(fields: URLSearchParams, storePassword: string): boolean {
  const sign = fields.get('verify_sign') ?? '';
  const keys = (fields.get('verify_key') ?? '').split(',').filter(Boolean);
  if (!/^[0-9a-f]{32}$/i.test(sign) || !storePassword) return false;
  const needed = [...SIGNED_FIELDS, ...['val_id', 'store_id'].filter((k) => fields.has(k))];
  if (!needed.every((k) => keys.includes(k))) return false;
  // A field posted twice could be signed in one value and read in the other.
  if (keys.some((k) => fields.getAll(k).length > 1)) return false;
  const first = Object.fromEntries(
    keys.flatMap((k) => (fields.has(k) ? [[k, fields.get(k)!]] : [])),
  );
  const expected = notificationSignature(first, keys, storePassword);
  return timingSafeEqual(Buffer.from(expected), Buffer.from(sign.toLowerCase()));
}

/** Fields signed as SSLCommerz signs them: every field named in `verify_key`. */
export function withSignature(
  fields: Record<string, string>,
  storePassword: string,
): Record<string, string> {
  const keys = Object.keys(fields);
  return {
    ...fields,
    verify_sign: notificationSignature(fields, keys, storePassword),
    verify_key: keys.join(','),
  };
}

export interface SslCommerzOptions {
  storeId: string;
  storePassword: string;
  sandbox: boolean;
  /** Another base address (a local stand-in in tests). */
  apiUrl?: string;
  /**
   * Sent as `cus_email` for a donor whose address is longer than the 50 characters
   * SSLCommerz takes (the site's own sender address): a cut address would be a
   * stranger's, who would get the donor's payment receipt.
   */
  contactEmail?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A small typed client of SSLCommerz's v4 APIs: form-encoded session, and the
 * Validation, Transaction Query and Refund APIs. Every answer is checked with zod; a
 * network error, a timeout or an answer of the wrong shape is a 503 for us, never a
 * silently accepted value.
 */
export class SslCommerzGateway implements CheckoutGateway {
  readonly name = 'sslcommerz' as const;
  readonly methods = PAYMENT_METHODS;
  readonly storeId: string;
  readonly mode: 'test' | 'live';
  private readonly password: string;
  private readonly contactEmail: string;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(opts: SslCommerzOptions) {
    this.storeId = opts.storeId;
    this.mode = opts.sandbox ? 'test' : 'live';
    this.password = opts.storePassword;
    this.contactEmail = opts.contactEmail ?? 'no-reply@easyfund.local';
    this.base = (
      opts.apiUrl ??
      (opts.sandbox ? 'https://sandbox.sslcommerz.com' : 'https://securepay.sslcommerz.com')
    ).replace(/\/$/, '');
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.fetch = opts.fetch ?? fetch;
  }

  private async call<T>(
    schema: z.ZodType<T>,
    path: string,
    init: { query?: Record<string, string>; form?: Record<string, string> },
  ): Promise<T> {
    const url = new URL(this.base + path);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    let body: unknown;
    try {
      const res = await this.fetch(url, {
        method: init.form ? 'POST' : 'GET',
        headers: init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        body: init.form ? new URLSearchParams(init.form).toString() : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      if (!res.ok) throw new Error(`SSLCommerz answered ${res.status}`);
      body = await res.json();
    } catch (err) {
      throw new Unavailable(
        `The payment gateway is not reachable right now, please try again (${err instanceof Error ? err.message : 'error'})`,
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new Unavailable('The payment gateway sent an answer we do not understand');
    }
    return parsed.data;
  }

  private credentials() {
    return { store_id: this.storeId, store_passwd: this.password, v: '1', format: 'json' };
  }

  /**
   * The session request, field by field as SSLCommerz's v4 documentation has it: every
   * mandatory field, each within its documented length (decision 457). The amount and
   * the tran_id were checked before (a donor hears about the amount in words of ours);
   * reaching here with either out of bounds is a defect, never sent.
   */
  private sessionForm(input: SessionInput): Record<string, string> {
    const { min, max } = GATEWAY_AMOUNT_TK;
    if (
      input.amountPoisha < min * POISHA_PER_TK ||
      input.amountPoisha > max * POISHA_PER_TK ||
      input.tranId.length > TRAN_ID_MAX_LENGTH
    ) {
      throw new Error(`session out of SSLCommerz's bounds: ${input.tranId} ${input.amountPoisha}`);
    }
    const { customer } = input;
    const email = customer.email.trim();
    const form: Record<string, string> = {
      store_id: this.storeId,
      store_passwd: this.password,
      total_amount: amountOf(input.amountPoisha),
      currency: input.currency,
      tran_id: input.tranId,
      success_url: input.urls.success,
      fail_url: input.urls.fail,
      cancel_url: input.urls.cancel,
      ipn_url: input.urls.ipn,
      multi_card_name: MULTI_CARD_NAME[input.method],
      cus_name: cut(customer.name, MAX.name) || CUSTOMER_DEFAULTS.name,
      cus_email: email.length <= MAX.email ? email : this.contactEmail,
      cus_add1: CUSTOMER_DEFAULTS.address,
      cus_city: CUSTOMER_DEFAULTS.city,
      cus_postcode: CUSTOMER_DEFAULTS.postcode,
      cus_country: CUSTOMER_DEFAULTS.country,
      cus_phone: mobileNumber(customer.phone) ?? CUSTOMER_DEFAULTS.phone,
      shipping_method: 'NO',
      num_of_item: '1',
      product_name: cut(input.productName, MAX.productName),
      product_category: 'Donation',
      product_profile: 'non-physical-goods',
      emi_option: '0',
    };
    for (const [k, v] of Object.entries(input.values)) {
      if (v) form[`value_${k}`] = cut(v, MAX.value);
    }
    return form;
  }

  async createSession(input: SessionInput): Promise<CreatedSession> {
    const gateway = MULTI_CARD_NAME[input.method];
    const form = this.sessionForm(input);
    const answer = await this.call(ZSessionAnswer, '/gwprocess/v4/api.php', { form });
    if (answer.status.toUpperCase() !== 'SUCCESS' || !answer.sessionkey || !answer.GatewayPageURL) {
      throw new Unavailable(
        `The payment gateway refused to start the payment${answer.failedreason ? `: ${answer.failedreason}` : ''}`,
      );
    }
    // The wallet's own page when the gateway lists it; its general page otherwise.
    const direct = answer.desc?.find((d) => d.gw === gateway)?.redirectGatewayURL;
    return { sessionKey: answer.sessionkey, redirectUrl: direct || answer.GatewayPageURL };
  }

  verifyNotice(fields: URLSearchParams): boolean {
    return signedBy(fields, this.password);
  }

  async validate(valId: string): Promise<GatewayTransaction | null> {
    const answer = await this.call(ZValidationAnswer, '/validator/api/validationserverAPI.php', {
      query: { val_id: valId, ...this.credentials() },
    });
    if (!('tran_id' in answer)) return null;
    return toTransaction(answer);
  }

  async queryByTranId(tranId: string): Promise<GatewayTransaction[]> {
    const answer = await this.call(
      ZQueryAnswer,
      '/validator/api/merchantTransIDvalidationAPI.php',
      { query: { tran_id: tranId, ...this.credentials() } },
    );
    if (answer.APIConnect !== 'DONE') {
      throw new Unavailable(`The payment gateway did not answer the query (${answer.APIConnect})`);
    }
    return (answer.element ?? []).map(toTransaction);
  }

  /**
   * The Refund API, as documented since 24 February 2025: `refund_trans_id` (ours, unique
   * per refund, at most 30 characters) is mandatory; `refe_id` carries the same reference.
   * A request repeating a `refund_trans_id` is answered `processing` ("already initiated").
   */
  async refund(input: RefundRequest): Promise<RefundResult> {
    const answer = await this.call(
      ZRefundAnswer,
      '/validator/api/merchantTransIDvalidationAPI.php',
      {
        query: {
          bank_tran_id: input.bankTranId,
          refund_trans_id: input.refundTransId,
          refund_amount: amountOf(input.amountPoisha),
          refund_remarks: cut(input.remarks, 255),
          refe_id: input.refundTransId,
          ...this.credentials(),
        },
      },
    );
    // INVALID_REQUEST, INACTIVE, FAILED: the gateway initiated nothing.
    if (answer.APIConnect !== 'DONE') {
      return {
        status: 'failed',
        refundRefId: null,
        reason: answer.errorReason || answer.APIConnect,
      };
    }
    const status = (answer.status ?? '').toLowerCase();
    return {
      status: status === 'success' ? 'success' : status === 'processing' ? 'processing' : 'failed',
      refundRefId: answer.refund_ref_id,
      reason: answer.errorReason || null,
    };
  }

  async refundStatus(refundRefId: string): Promise<RefundStatus | null> {
    const answer = await this.call(
      ZRefundStatusAnswer,
      '/validator/api/merchantTransIDvalidationAPI.php',
      { query: { refund_ref_id: refundRefId, ...this.credentials() } },
    );
    if (answer.APIConnect !== 'DONE') {
      throw new Unavailable(`The payment gateway did not answer the query (${answer.APIConnect})`);
    }
    const status = (answer.status ?? '').toLowerCase();
    if (status !== 'refunded' && status !== 'processing' && status !== 'cancelled') return null;
    return { status, refundRefId, bankTranId: answer.bank_tran_id };
  }
}
