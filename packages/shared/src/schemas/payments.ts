import { z } from 'zod';
import {
  MAX_DONATION_TK,
  MIN_DONATION_TK,
  PAYMENT_METHODS,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
} from '../constants';
import { ZPageQuery } from './common';
import {
  digitsText,
  isCleanName,
  NAME_CHARACTERS_MESSAGE,
  optionalPlainText,
  numberField,
  paged,
} from './fields';
import { formatWholeTk } from '../format';
import { ZFundId } from './cart';

/** Messages of the donation amount rule (whole Tk, 10 to 10,00,000). */
export const AMOUNT_MSG = {
  required: 'Enter the amount in Tk',
  whole: 'Enter a whole amount in Tk (no poisha)',
  min: `The minimum donation is ${formatWholeTk(MIN_DONATION_TK)}`,
  max: `The maximum donation is ${formatWholeTk(MAX_DONATION_TK)}`,
} as const;

/** A donation amount in whole taka (typed in ASCII or Bangla digits). */
export const ZAmountTk = numberField(
  z
    .number({ error: AMOUNT_MSG.required })
    .int({ error: AMOUNT_MSG.whole })
    .min(MIN_DONATION_TK, { error: AMOUNT_MSG.min })
    .max(MAX_DONATION_TK, { error: AMOUNT_MSG.max }),
);

export const PAYMENT_PROVIDERS = ['test', 'stripe', 'sslcommerz'] as const;

/** What the pay page needs to know before it draws the card form. */
export const ZPaymentConfig = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
  /** The methods the hosted checkout takes (bKash, Nagad, Rocket; `card` through SSLCommerz). */
  checkoutMethods: z.array(z.enum(PAYMENT_METHODS)),
  /** The embedded test provider: no money moves, and the pages say so. */
  testMode: z.boolean(),
  /** 'test' while no real money moves: every page shows a test-mode banner. */
  mode: z.enum(PAYMENT_MODES),
});
export type TPaymentConfig = z.infer<typeof ZPaymentConfig>;

/** The longest message of support a donor may leave on the donor wall. */
export const SUPPORT_MESSAGE_MAX = 300;

export const ZCreateIntentRequest = z.object({
  fundId: ZFundId,
  amountTk: ZAmountTk,
  /** Give anonymously: the public and the raiser see "Anonymous". */
  anonymous: z.boolean().default(false),
  /** An optional message of support for the donor wall. */
  supportMessage: optionalPlainText(SUPPORT_MESSAGE_MAX),
  /** "Tell me how this fund is doing": e-mail the fund's updates (on unless unticked). */
  updatesOptIn: z.boolean().default(true),
  /** "This gift is my Zakat": the receipt, the statement and the exports say so. */
  zakat: z.boolean().default(false),
});
export type TCreateIntentRequest = z.output<typeof ZCreateIntentRequest>;
/** What the pay page sends (the giving options may be left out). */
export type TCreateIntentForm = z.input<typeof ZCreateIntentRequest>;

export const ZCreateIntentResponse = z.object({
  paymentId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  intentId: z.string(),
  clientSecret: z.string(),
  amountPoisha: z.number().int(),
  publishableKey: z.string().optional(),
});
export type TCreateIntentResponse = z.infer<typeof ZCreateIntentResponse>;

export const ZConfirmPaymentRequest = z.object({
  intentId: z.string({ error: 'intentId is required' }).min(1).max(255),
});
export type TConfirmPaymentRequest = z.infer<typeof ZConfirmPaymentRequest>;

/** One part of a payment taken back, or given back after a won dispute. */
export const ZRefundEntry = z.object({
  id: z.string(),
  kind: z.enum(['refund', 'dispute', 'reinstated']),
  amountPoisha: z.number().int(),
  /** ISO 8601 date-time. */
  createdAt: z.string(),
  /** Why (an admin's refund gives a reason; a provider's dispute has none). */
  reason: z.string().nullable(),
  /** CN-YYYY-NNNNNN: its credit note (a PDF), for money taken back. */
  creditNoteNumber: z.string().nullable(),
});
export type TRefundEntry = z.infer<typeof ZRefundEntry>;

/** One of the signed-in user's payments. Transaction id = the provider's payment id. */
export const ZPayment = z.object({
  id: z.string(),
  fundId: z.string(),
  fundName: z.string(),
  fundImage: z.string(),
  raiserName: z.string(),
  transactionId: z.string(),
  amountPoisha: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  failureMessage: z.string().nullable(),
  /** ISO 8601 date-times. */
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
  /** EF-YYYY-NNNNNN once the donation is recorded. */
  receiptNumber: z.string().nullable(),
  /** Taken back so far (refunds and disputes); the whole amount once refunded. */
  refundedPoisha: z.number().int(),
  /** What was taken back, oldest first: when, how much, why, and its credit note. */
  refunds: z.array(ZRefundEntry),
  /** Given as Zakat (the donor said so). */
  zakat: z.boolean(),
});
export type TPayment = z.infer<typeof ZPayment>;

export const ZConfirmPaymentResponse = z.object({
  status: z.enum(['succeeded', 'failed', 'pending']),
  payment: ZPayment,
});
export type TConfirmPaymentResponse = z.infer<typeof ZConfirmPaymentResponse>;

/** Start a hosted checkout (a wallet, or a card through SSLCommerz). */
export const ZCheckoutRequest = ZCreateIntentRequest.extend({
  method: z.enum(PAYMENT_METHODS, { error: 'Choose bKash, Nagad, Rocket or a card' }),
});
export type TCheckoutRequest = z.infer<typeof ZCheckoutRequest>;
/** What the pay page sends (the giving options may be left out). */
export type TCheckoutForm = z.input<typeof ZCheckoutRequest>;

export const ZCheckoutResponse = z.object({
  paymentId: z.string(),
  /** Where the browser goes next: the gateway's page for this payment. */
  redirectUrl: z.string(),
});
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponse>;

/** What the gateway's IPN listener answers (the gateway only reads the status code). */
export const ZIpnResult = z.object({
  received: z.literal(true),
  outcome: z.enum(['succeeded', 'needs_review', 'failed', 'pending', 'ignored']),
});

/** A payment the gateway flagged as risky, as the admin's review list shows it. */
export const ZHeldPayment = ZPayment.extend({
  donorName: z.string(),
  donorEmail: z.string(),
  /** What the gateway or card provider says it took, for a payment held for review. */
  providerAmountPoisha: z.number().int().nullable(),
});
export const ZHeldPaymentList = paged(ZHeldPayment);
export type THeldPayment = z.infer<typeof ZHeldPayment>;

/** Manage Payments' search: a receipt number, a transaction or payment id, a donor or a fund. */
export const ZAdminPaymentQuery = ZPageQuery.extend({
  q: z.string().trim().max(200, 'Use at most 200 characters').optional(),
  /**
   * The last payment of the page before (every payment, no search): the page is read on
   * from it through the (time, id) index instead of counted from the first payment, so a
   * deep page costs what the first does. `page` still numbers it.
   */
  after: z.uuid().optional(),
});
export type TAdminPaymentQuery = z.infer<typeof ZAdminPaymentQuery>;
export const ZAdminPaymentList = paged(ZHeldPayment);
export type TAdminPaymentList = z.infer<typeof ZAdminPaymentList>;

/** A payment's detail for an admin: who paid, what was taken back, what may still be. */
export const ZAdminPaymentDetail = ZHeldPayment.extend({
  refundablePoisha: z.number().int(),
  /** Whether the configured provider can refund it (a payment of another provider cannot). */
  canRefund: z.boolean(),
  /**
   * A payment of the hosted checkout (SSLCommerz) with money left: a refund made in the
   * gateway's merchant panel is recorded by the refund_ref_id the panel shows.
   */
  panelRefunds: z.boolean(),
  refunds: z.array(ZRefundEntry),
});
export type TAdminPaymentDetail = z.infer<typeof ZAdminPaymentDetail>;

/**
 * An admin's decision on a held payment: count it at what the provider took, or give that
 * money back; with a reason for the fund's audit trail.
 */
export const ZReviewDecision = z.object({
  decision: z.enum(['approve', 'refund']),
  reason: z.string().trim().min(1, 'Give a reason').max(500, 'Use at most 500 characters'),
});
export type TReviewDecision = z.infer<typeof ZReviewDecision>;

/** The browser's return from the gateway: answered with a 303 to the pay page. */
export const ZCallbackParam = z.object({ result: z.enum(['success', 'fail', 'cancel']) });

/** What the Stripe webhook answers: whether the event was acted on, or seen before. */
export const ZWebhookResult = z.object({
  received: z.literal(true),
  handled: z.boolean(),
  duplicate: z.boolean(),
});

/** The pay step asks, for one fund, whether a payment of mine is still being checked. */
export const ZUnsettledQuery = z.object({ fundId: ZFundId });
export const ZUnsettledList = z.object({ items: z.array(ZPayment) });
export type TUnsettledList = z.infer<typeof ZUnsettledList>;

export const ZPaymentList = paged(ZPayment);
export type TPaymentList = z.infer<typeof ZPaymentList>;

export const CARD_MSG = {
  numberRequired: 'Enter your card number',
  numberFormat: 'A card number has 12 to 19 digits',
  expiryFormat: 'Enter the expiry as MM/YY',
  cvcFormat: 'Enter the 3-digit CVC',
} as const;

/** The card form of the pay page (format only; the processor judges the card). */
export const ZCardForm = z.object({
  amountTk: ZAmountTk,
  cardNumber: digitsText(
    z
      .string()
      .trim()
      .min(1, CARD_MSG.numberRequired)
      .refine((v) => /^[\d -]+$/.test(v), CARD_MSG.numberFormat)
      .refine((v) => {
        const n = v.replace(/\D/g, '').length;
        return n >= 12 && n <= 19;
      }, CARD_MSG.numberFormat),
  ),
  expiry: digitsText(
    z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, CARD_MSG.expiryFormat),
  ),
  cvc: digitsText(
    z
      .string()
      .trim()
      .regex(/^\d{3}$/, CARD_MSG.cvcFormat),
  ),
});
export type TCardForm = z.output<typeof ZCardForm>;
/** What the card form holds as typed. */
export type TCardFormInput = z.input<typeof ZCardForm>;

/** The amount form used with Stripe Elements (the card lives in Stripe's iframe). */
export const ZAmountForm = z.object({ amountTk: ZAmountTk });
export type TAmountForm = z.output<typeof ZAmountForm>;
/** What the amount form holds as typed. */
export type TAmountFormInput = z.input<typeof ZAmountForm>;

/* ---------- the embedded test card processor ---------- */

/** Body of the test processor's confirm endpoint (what Stripe.js would send to Stripe). */
export const ZTestConfirmRequest = z.object({
  clientSecret: z.string().min(1).max(255),
  card: z.object({
    number: z.string().trim().min(1, CARD_MSG.numberRequired).max(30, CARD_MSG.numberFormat),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cvc: z.string().trim().max(10),
  }),
  billing: z.object({
    name: z.string().trim().max(200).refine(isCleanName, NAME_CHARACTERS_MESSAGE),
    email: z.string().trim().max(254),
  }),
});
export type TTestConfirmRequest = z.infer<typeof ZTestConfirmRequest>;

/** The test processor's confirm address names the intent. */
export const ZIntentIdParam = z.object({ intentId: z.string().min(1).max(100) });

export const ZTestIntent = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  lastError: z.string().nullable(),
});
export type TTestIntent = z.infer<typeof ZTestIntent>;

/** Parses 'MM/YY' into a month and a four-digit year. */
export function parseExpiry(expiry: string): { expMonth: number; expYear: number } {
  const [mm = '', yy = ''] = expiry.replace(/\s/g, '').split('/');
  return { expMonth: Number(mm), expYear: 2000 + Number(yy) };
}

/** A refund's amount in poisha (whole, positive) and its reason, wherever an admin gives one. */
const ZRefundAmount = z
  .number()
  .int('Enter a whole number of poisha')
  .positive('Enter an amount above zero')
  .max(100_000_000_000);
const ZRefundReason = z.string().trim().min(1, 'Give a reason').max(500);

/** An admin's refund: an amount in poisha (whole, positive), a reason, and one key per request. */
export const ZRefundRequest = z
  .object({
    amountPoisha: ZRefundAmount,
    reason: ZRefundReason,
    requestKey: z.uuid(),
  })
  .strict();
export type TRefundRequest = z.infer<typeof ZRefundRequest>;

/**
 * A refund made in the gateway's merchant panel, told to us: the refund_ref_id the panel
 * shows and the amount; the gateway's refund status query confirms it is this payment's.
 */
export const ZPanelRefundRequest = z
  .object({
    refundRefId: z
      .string()
      .trim()
      .min(1, 'Enter the refund reference the merchant panel shows')
      .max(50, 'Use at most 50 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'Enter the refund reference the merchant panel shows'),
    amountPoisha: ZRefundAmount,
    reason: ZRefundReason,
  })
  .strict();
export type TPanelRefundRequest = z.infer<typeof ZPanelRefundRequest>;

export const ZRefundResult = z.object({
  paymentId: z.string(),
  status: z.string(),
  refundedPoisha: z.number().int(),
  refundablePoisha: z.number().int(),
});
export type TRefundResult = z.infer<typeof ZRefundResult>;
