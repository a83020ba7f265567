/**
 * A hosted checkout gateway in SSLCommerz's shape: a session sends the donor to the
 * gateway's page; the gateway notifies us (IPN) and sends the browser back; we believe
 * nothing posted to us and ask the gateway's Validation API about the `val_id`.
 * Two implementations: SSLCommerz itself and the embedded test checkout.
 */
import type { PaymentMethod } from '@easyfund/shared/constants';

export type GatewayName = 'sslcommerz' | 'test-checkout';

export interface SessionInput {
  /** SSLCommerz's `tran_id`: `tranIdFor(payment id)`, at most 30 characters. */
  tranId: string;
  amountPoisha: number;
  /** Upper case, as the gateway writes it: BDT. */
  currency: string;
  method: PaymentMethod;
  /** The donor as we know them; the gateway fills in what it needs and we lack. */
  customer: { name: string; email: string; phone: string | null };
  productName: string;
  /** Our references, echoed back by the gateway (value_a…value_d). */
  values: { a?: string; b?: string; c?: string; d?: string };
  urls: { success: string; fail: string; cancel: string; ipn: string };
}

export interface CreatedSession {
  sessionKey: string;
  /** The gateway page (or the chosen wallet's own page) the browser goes to. */
  redirectUrl: string;
}

/** What the gateway's Validation / Transaction Query API says about one transaction. */
export interface GatewayTransaction {
  /** VALID, VALIDATED, INVALID_TRANSACTION, FAILED, CANCELLED, PENDING, UNATTEMPTED, EXPIRED… */
  status: string;
  tranId: string;
  valId: string | null;
  /** The amount as the gateway writes it (e.g. "500.00"). */
  amount: string;
  currency: string;
  storeId: string | null;
  bankTranId: string | null;
  cardType: string | null;
  riskLevel: number;
  /**
   * The wallet the attempt was made with, as a fingerprint (`wallet:<hash>`), when the
   * gateway tells its number: a declined attempt counts against it too (decision 454).
   */
  instrument?: string | null;
}

/**
 * The Refund API's answer to a refund request: `success` (initiated now), `processing`
 * (a refund with this `refund_trans_id` was initiated already: the same refund, never a
 * new one) or `failed` (refused, with the gateway's reason).
 */
export interface RefundResult {
  status: 'success' | 'processing' | 'failed';
  refundRefId: string | null;
  reason: string | null;
}

/** The refund status query's answer by `refund_ref_id`; null when the gateway knows none. */
export interface RefundStatus {
  /** `refunded` (the money went back), `processing` (still at the bank) or `cancelled`. */
  status: 'refunded' | 'processing' | 'cancelled';
  refundRefId: string;
  /** The transaction it refunds: checked against the payment before anything is recorded. */
  bankTranId: string | null;
}

export interface RefundRequest {
  bankTranId: string;
  amountPoisha: number;
  remarks: string;
  /** Ours, unique per refund decision, at most 30 characters: `refund_trans_id` and `refe_id`. */
  refundTransId: string;
}

/** The `refund_trans_id` of a refund decision keyed by a UUID: `RF` and 25 letters and digits. */
export function refundTransIdFor(key: string): string {
  return `RF${tranIdFor(key).slice(2)}`;
}

export interface CheckoutGateway {
  readonly name: GatewayName;
  /** Test money (the test checkout, an SSLCommerz sandbox store) or live money. */
  readonly mode: 'test' | 'live';
  /** Our store at the gateway; a validated transaction of another store is refused. */
  readonly storeId: string;
  /** Which methods the gateway offers on our pay page. */
  readonly methods: readonly PaymentMethod[];
  createSession(input: SessionInput): Promise<CreatedSession>;
  /**
   * Whether fields posted to us (IPN, the browser's return) carry the gateway's signature
   * over what we read of them: checked before the gateway is asked anything about them.
   */
  verifyNotice(fields: URLSearchParams): boolean;
  /** The Order Validation API; null when the gateway knows no such `val_id`. */
  validate(valId: string): Promise<GatewayTransaction | null>;
  /** The Transaction Query API by our `tran_id`: every attempt the gateway knows. */
  queryByTranId(tranId: string): Promise<GatewayTransaction[]>;
  /** The Refund API: initiates a refund, or answers `processing` for one initiated before. */
  refund(input: RefundRequest): Promise<RefundResult>;
  /** The refund status query by the gateway's `refund_ref_id`. */
  refundStatus(refundRefId: string): Promise<RefundStatus | null>;
}

/** The longest `tran_id` SSLCommerz's session API takes (string (30)). */
export const TRAN_ID_MAX_LENGTH = 30;

/**
 * The `tran_id` a payment goes to the gateway with: `EF` and its UUID in base 36, 27
 * letters and digits (decision 457). A UUID's 36 characters are more than SSLCommerz
 * takes; distinct payments get distinct tran_ids, and the payment keeps it
 * (`payments.gateway_tran_id`) to find itself again from the gateway's answers.
 */
export function tranIdFor(paymentId: string): string {
  const hex = paymentId.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`not a payment id: ${paymentId}`);
  return `EF${BigInt(`0x${hex}`).toString(36).toUpperCase().padStart(25, '0')}`;
}

/** SSLCommerz's statuses of a paid transaction. */
export const PAID_STATUSES = new Set(['VALID', 'VALIDATED']);

/** Poisha from the gateway's decimal amount ("500", "500.5", "500.00"); null if malformed. */
export function poishaOf(amount: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The gateway's decimal amount for poisha: 50000 -> "500.00". */
export function amountOf(poisha: number): string {
  return `${Math.floor(poisha / 100)}.${String(poisha % 100).padStart(2, '0')}`;
}

/** The method a gateway's card_type names ("BKASH-BKash", "NAGAD-Nagad", "DBBLMOBILEB-…"). */
export function methodOfCardType(cardType: string | null): PaymentMethod | null {
  if (!cardType) return null;
  const t = cardType.toUpperCase();
  if (t.startsWith('BKASH')) return 'bkash';
  if (t.startsWith('NAGAD')) return 'nagad';
  if (t.startsWith('DBBLMOBILEB') || t.startsWith('ROCKET')) return 'rocket';
  return 'card';
}
