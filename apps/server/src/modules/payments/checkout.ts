import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import {
  METHOD_LIMITS_TK,
  PAYMENT_METHOD_NAMES,
  type PaymentMethod,
} from '@easyfund/shared/constants';
import { formatWholeTk } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import { tkToPoisha } from '@easyfund/shared/money';
import { PAGES } from '@easyfund/shared/pages';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { TCheckoutRequest, TCheckoutResponse } from '@easyfund/shared/schemas/payments';
import type { Db } from '../../db/client';
import type { Jobs } from '../../lib/job-queue';
import { funds, payments, verificationApplications } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { type CheckoutGateway, tranIdFor } from './providers/gateway';
import { setSubscription } from '../updates/subscriptions';
import { FUND_ON_HOLD, PAYMENT_MESSAGES } from './deps';

export interface CheckoutDeps {
  db: Db;
  gateway: CheckoutGateway;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Where the receipt e-mail is queued; absent, no e-mail is sent. */
  jobs?: Jobs;
}

export type PaymentRow = typeof payments.$inferSelect;

/** What settling one payment came to. `ignored`: nothing we can trust; nothing changed. */
export type SettleOutcome = 'succeeded' | 'needs_review' | 'failed' | 'pending' | 'ignored';

export const CHECKOUT_MESSAGES = {
  cancelled: 'You cancelled the payment. No money was taken.',
  failed: 'The payment failed at the gateway. No money was taken.',
  held: 'The gateway flagged this payment for review. It counts once an admin approves it; otherwise it is refunded.',
  methodUnavailable: 'This payment method is not available on this site.',
  below: '{{method}} takes at least {{limit}} per payment.',
  above: '{{method}} takes at most {{limit}} per payment.',
} as const;

/** The gateway's addresses for our answers, all under PUBLIC_URL. */
export const CHECKOUT_PATHS = {
  success: '/api/payments/callback/sslcommerz/success',
  fail: '/api/payments/callback/sslcommerz/fail',
  cancel: '/api/payments/callback/sslcommerz/cancel',
  ipn: '/api/payments/webhook/sslcommerz',
} as const;

/** The method's bounds, checked before the donor leaves for the gateway. */
export function checkMethodLimits(method: PaymentMethod, amountTk: number, lang: Language) {
  const limit = METHOD_LIMITS_TK[method];
  const name = PAYMENT_METHOD_NAMES[method];
  if (amountTk < limit.min || amountTk > limit.max) {
    const message = translate(
      lang,
      amountTk < limit.min ? CHECKOUT_MESSAGES.below : CHECKOUT_MESSAGES.above,
      {
        method: name,
        limit: formatWholeTk(amountTk < limit.min ? limit.min : limit.max, lang),
      },
    );
    throw new Invalid(message, { amountTk: message });
  }
}

/**
 * Starts a hosted checkout: checks the fund (approved, neither suspended nor closed) and
 * the method's limits, stores the pending payment with its tran_id, then
 * asks the gateway for a session, outside any transaction. A gateway that refuses leaves
 * the payment failed.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  actor: TMe,
  input: TCheckoutRequest,
  lang: Language,
  /** Where the donor is (an IPv4 address or IPv6 /64): a decline counts against it. */
  clientNetwork: string | null = null,
): Promise<TCheckoutResponse> {
  const { db, gateway } = deps;
  if (!gateway.methods.includes(input.method)) {
    throw new Conflict(translate(lang, CHECKOUT_MESSAGES.methodUnavailable), 'method_unavailable');
  }
  checkMethodLimits(input.method, input.amountTk, lang);
  const [fund] = await db
    .select({ id: funds.id, name: funds.name, status: funds.status, hold: funds.hold })
    .from(funds)
    .where(eq(funds.id, input.fundId));
  if (!fund || fund.status !== 'approved') throw new NotFound('Fund');
  // Suspended or closed by an admin (decision 107): the same refusal as the card path.
  if (fund.hold) throw new Conflict(FUND_ON_HOLD, 'fund_on_hold');
  const [application] = await db
    .select({ phone: verificationApplications.phoneNumber })
    .from(verificationApplications)
    .where(eq(verificationApplications.userId, actor.id))
    .orderBy(desc(verificationApplications.createdAt))
    .limit(1);

  const paymentId = randomUUID();
  const tranId = tranIdFor(paymentId);
  const amountPoisha = tkToPoisha(input.amountTk);
  await db.insert(payments).values({
    id: paymentId,
    gatewayTranId: tranId,
    userId: actor.id,
    fundId: fund.id,
    provider: gateway.name,
    // Replaced by the gateway's session key once it answered.
    providerPaymentId: `${gateway.name}:${paymentId}`,
    amountPoisha,
    currency: 'bdt',
    method: input.method,
    anonymous: input.anonymous,
    supportMessage: input.supportMessage,
    zakat: input.zakat,
    mode: gateway.mode,
    status: 'pending',
    clientNetwork,
  });
  const url = (path: string) => deps.publicUrl + path;
  let redirectUrl: string;
  try {
    const session = await gateway.createSession({
      tranId,
      amountPoisha,
      currency: 'BDT',
      method: input.method,
      customer: { name: actor.name, email: actor.email, phone: application?.phone ?? null },
      productName: `Donation to ${fund.name}`,
      values: { a: paymentId, b: fund.id, c: actor.id },
      urls: {
        success: url(CHECKOUT_PATHS.success),
        fail: url(CHECKOUT_PATHS.fail),
        cancel: url(CHECKOUT_PATHS.cancel),
        ipn: url(CHECKOUT_PATHS.ipn),
      },
    });
    await db
      .update(payments)
      .set({ providerPaymentId: session.sessionKey })
      .where(eq(payments.id, paymentId));
    redirectUrl = session.redirectUrl;
  } catch (err) {
    await markFailed(db, paymentId, PAYMENT_MESSAGES.failed);
    throw err;
  }
  // The pay step's "Tell me how this fund is doing", as the card path records it: the
  // latest choice for this fund wins; only donors with a succeeded payment get mail.
  await setSubscription(db, actor.id, fund.id, input.updatesOptIn);
  return { paymentId, redirectUrl };
}

/** The tran_id a payment is known by at the gateway (its id if started before decision 457). */
export const tranIdOf = (row: Pick<PaymentRow, 'id' | 'gatewayTranId'>) =>
  row.gatewayTranId ?? row.id;

/** Which payment a tran_id the gateway names is: its `gateway_tran_id`, or an older payment's id. */
export function byTranId(tranId: string) {
  const current = eq(payments.gatewayTranId, tranId);
  if (!/^[0-9a-f-]{36}$/i.test(tranId)) return current;
  return or(current, and(isNull(payments.gatewayTranId), eq(payments.id, tranId)));
}

/** Ours (27 characters) or an older payment's id (36); anything else names no payment. */
export const mayBeTranId = (tranId: string) => tranId.length > 0 && tranId.length <= 36;

/** A pending checkout that failed: the payment says why; no total changes. */
export async function markFailed(db: Db, paymentId: string, message: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed', failureMessage: message.slice(0, 500) })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
}

/** Where the donor lands after the gateway: the fund's pay page, asking about the payment. */
export function returnPath(row: Pick<PaymentRow, 'id' | 'fundId'> | null): string {
  if (!row) return PAGES.paymentHistory.path;
  return `${PAGES.payment.path.replace(':fundId', encodeURIComponent(row.fundId))}?payment=${encodeURIComponent(row.id)}`;
}
