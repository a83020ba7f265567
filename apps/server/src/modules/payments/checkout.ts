import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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
import type { TCheckoutRequest, TCheckoutResponse } from '@easyfund/shared/schemas/donations';
import type { Db } from '../../db/client';
import type { Jobs } from '../../lib/job-queue';
import { funds, gatewayValidations, payments, verificationApplications } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import {
  type CheckoutGateway,
  type GatewayTransaction,
  methodOfCardType,
  PAID_STATUSES,
  poishaOf,
  tranIdFor,
} from './providers/gateway';
import { setSubscription } from '../updates/subscriptions';
import { markDeclined } from './declines';
import { FUND_ON_HOLD, PAYMENT_MESSAGES, recordDonation } from './service';

export interface CheckoutDeps {
  db: Db;
  gateway: CheckoutGateway;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Where the receipt e-mail is queued; absent, no e-mail is sent. */
  jobs?: Jobs;
}

type PaymentRow = typeof payments.$inferSelect;

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

async function findGatewayPayment(deps: CheckoutDeps, tranId: string) {
  if (!mayBeTranId(tranId)) return null;
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(byTranId(tranId), eq(payments.provider, deps.gateway.name)));
  return row ?? null;
}

const SETTLED: Partial<Record<string, SettleOutcome>> = {
  succeeded: 'succeeded',
  refunded: 'succeeded',
  needs_review: 'needs_review',
};

/**
 * The one settle step of the IPN, the browser's return and the reconciliation: the
 * posted fields name a payment and a val_id, nothing more. The Validation API decides;
 * the payment is recorded only if the gateway says VALID/VALIDATED for this very
 * tran_id, amount and currency, for our store. Safe under any ordering and repetition.
 */
export async function settleCheckout(
  deps: CheckoutDeps,
  tranId: string,
  valId: string | undefined,
): Promise<SettleOutcome> {
  const row = await findGatewayPayment(deps, tranId);
  if (!row) {
    deps.log.warn({ tranId }, 'gateway notification for an unknown payment');
    return 'ignored';
  }
  const done = SETTLED[row.status];
  if (done) return done;
  if (!valId) return row.status === 'failed' ? 'failed' : 'pending';
  if (valId.length > MAX_VAL_ID_CHARS) return 'ignored';
  // The gateway call happens before, never inside, a transaction.
  const transaction = await validateOnce(deps, valId);
  if (transaction === ASKING) return row.status === 'failed' ? 'failed' : 'pending';
  return applyTransaction(deps, row, transaction, valId);
}

/** SSLCommerz's val_ids are some 30 characters; a longer one is not the gateway's. */
const MAX_VAL_ID_CHARS = 100;
/** A question asked this long ago and never answered (its process died) is asked again. */
const ASK_AGAIN_AFTER_MS = 60_000;
/** Another request is asking the gateway about this val_id right now. */
const ASKING = Symbol('asking');

/**
 * The Validation API's answer about `valId`, asked at most once across every process
 * (decision 456): the first to claim the val_id asks and keeps the answer, every later
 * notification naming it reads that answer, and one arriving while the question is out
 * gets `ASKING` (its payment stays as it is; the first settles it). A failed call
 * (the gateway down) or an answer that is not paid keeps nothing, so a later
 * notification asks again.
 */
async function validateOnce(
  deps: CheckoutDeps,
  valId: string,
): Promise<GatewayTransaction | null | typeof ASKING> {
  const claimed = await deps.db
    .insert(gatewayValidations)
    .values({ valId })
    .onConflictDoNothing()
    .returning({ valId: gatewayValidations.valId });
  if (claimed.length === 0) {
    const [kept] = await deps.db
      .select()
      .from(gatewayValidations)
      .where(eq(gatewayValidations.valId, valId));
    if (kept?.answeredAt) return (kept.answer as GatewayTransaction | null) ?? null;
    const retaken = await deps.db
      .update(gatewayValidations)
      .set({ askedAt: sql`now()` })
      .where(
        and(
          eq(gatewayValidations.valId, valId),
          isNull(gatewayValidations.answeredAt),
          lt(gatewayValidations.askedAt, new Date(Date.now() - ASK_AGAIN_AFTER_MS)),
        ),
      )
      .returning({ valId: gatewayValidations.valId });
    if (retaken.length === 0) return ASKING;
  }
  let answer: GatewayTransaction | null;
  try {
    answer = await deps.gateway.validate(valId);
  } catch (err) {
    await deps.db
      .delete(gatewayValidations)
      .where(and(eq(gatewayValidations.valId, valId), isNull(gatewayValidations.answeredAt)));
    throw err;
  }
  // Only a paid answer is final: one given before the gateway counted the payment (or for
  // a val_id it does not know) is asked again by the next notice or the reconciliation.
  if (answer && PAID_STATUSES.has(answer.status)) {
    await deps.db
      .update(gatewayValidations)
      .set({ answer, answeredAt: sql`now()` })
      .where(eq(gatewayValidations.valId, valId));
  } else {
    await deps.db
      .delete(gatewayValidations)
      .where(and(eq(gatewayValidations.valId, valId), isNull(gatewayValidations.answeredAt)));
  }
  return answer;
}

async function applyTransaction(
  deps: CheckoutDeps,
  row: PaymentRow,
  t: GatewayTransaction | null,
  valId: string,
): Promise<SettleOutcome> {
  const log = { paymentId: row.id, valId };
  if (!t || !PAID_STATUSES.has(t.status)) {
    deps.log.warn(
      { ...log, status: t?.status ?? null },
      'val_id not valid at the gateway; ignored',
    );
    return 'ignored';
  }
  if (t.tranId !== tranIdOf(row)) {
    deps.log.error({ ...log, gatewayTranId: t.tranId }, 'val_id of another transaction; ignored');
    return 'ignored';
  }
  if (t.storeId !== null && t.storeId !== deps.gateway.storeId) {
    deps.log.error({ ...log, storeId: t.storeId }, 'val_id of another store; ignored');
    return 'ignored';
  }
  if (poishaOf(t.amount) !== row.amountPoisha || t.currency !== row.currency.toUpperCase()) {
    deps.log.error(
      {
        ...log,
        expected: { amount: row.amountPoisha, currency: row.currency },
        gateway: { amount: t.amount, currency: t.currency },
      },
      'payment amount or currency differs from the gateway; not recorded',
    );
    // The gateway took money, but not what we asked: a person must look (approve or refund).
    await deps.db
      .update(payments)
      .set({
        status: 'needs_review',
        failureMessage: PAYMENT_MESSAGES.mismatch,
        // What the gateway took, in our currency only: an admin may record the payment at it.
        providerAmountPoisha:
          t.currency === row.currency.toUpperCase() && (poishaOf(t.amount) ?? 0) > 0
            ? poishaOf(t.amount)
            : null,
        ...detailsOf(row, t, valId),
      })
      .where(and(eq(payments.id, row.id), inArray(payments.status, ['pending', 'failed'])));
    return 'needs_review';
  }
  const details = detailsOf(row, t, valId);
  if (t.riskLevel === 1) {
    const [held] = await deps.db
      .update(payments)
      .set({
        status: 'needs_review',
        failureMessage: CHECKOUT_MESSAGES.held,
        providerAmountPoisha: row.amountPoisha,
        ...details,
      })
      .where(and(eq(payments.id, row.id), inArray(payments.status, ['pending', 'failed'])))
      .returning({ id: payments.id });
    if (held) deps.log.warn(log, 'risky payment held for review');
    return 'needs_review';
  }
  await recordDonation(deps.db, row.id, { details, jobs: deps.jobs });
  return 'succeeded';
}

/** Attempts the gateway has ended without taking money. */
const ENDED_STATUSES = new Set(['FAILED', 'CANCELLED', 'EXPIRED']);

/**
 * What the gateway's Transaction Query says of a payment: a paid attempt (settled by its
 * val_id), or whether every attempt has ended unpaid (none open, where the donor may be
 * paying right now, and at least one: a gateway that shows none has not ended anything).
 */
async function askGateway(deps: CheckoutDeps, row: PaymentRow) {
  const attempts = await deps.gateway.queryByTranId(tranIdOf(row));
  return {
    attempts,
    paidValId: attempts.find((a) => PAID_STATUSES.has(a.status) && a.valId)?.valId ?? null,
    ended: attempts.length > 0 && attempts.every((a) => ENDED_STATUSES.has(a.status)),
  };
}

/**
 * Every attempt ended unpaid: the payment fails with `message`. Whether it was declined
 * is the gateway's word, never a notice's: each attempt the gateway shows FAILED counts
 * against the network the payment was started from (decision 448); cancelled and
 * expired ones do not.
 */
async function failEnded(
  deps: CheckoutDeps,
  row: PaymentRow,
  attempts: GatewayTransaction[],
  message: string,
) {
  const failed = attempts.filter((a) => a.status === 'FAILED');
  const instrument = failed.findLast((a) => a.instrument)?.instrument ?? null;
  if (failed.length > 0) await markDeclined(deps.db, row.id, message, failed.length, instrument);
  else await markFailed(deps.db, row.id, message);
}

/**
 * The donor came back from the gateway (fail_url, cancel_url) or a FAILED / CANCELLED
 * IPN came. Anyone can post those, so the posted status decides nothing: the gateway's
 * Transaction Query does. A paid attempt is settled as any payment; while an attempt is
 * still open, or the gateway shows none yet, the payment stays pending (a forged notice
 * must not fail a payment being made; the IPN or the reconciliation settles it); when
 * every attempt has ended, the payment fails with the reason the donor was given, and
 * nothing counts. A later valid payment still does.
 */
export async function abandonCheckout(
  deps: CheckoutDeps,
  tranId: string,
  why: 'fail' | 'cancel',
): Promise<SettleOutcome> {
  const row = await findGatewayPayment(deps, tranId);
  if (!row) return 'ignored';
  const done = SETTLED[row.status];
  if (done) return done;
  if (row.status === 'failed') return 'failed';
  // The gateway call happens before, never inside, a transaction.
  const gateway = await askGateway(deps, row);
  if (gateway.paidValId) return settleCheckout(deps, tranIdOf(row), gateway.paidValId);
  if (!gateway.ended) {
    deps.log.warn(
      { paymentId: row.id, why },
      'fail or cancel notice the gateway does not show ended; left pending',
    );
    return 'pending';
  }
  await failEnded(
    deps,
    row,
    gateway.attempts,
    why === 'cancel' ? CHECKOUT_MESSAGES.cancelled : CHECKOUT_MESSAGES.failed,
  );
  return 'failed';
}

/**
 * Reconciliation of one pending checkout: the Transaction Query API by our tran_id; a
 * paid attempt is re-validated by its val_id and settled as above; attempts that all
 * failed or were cancelled fail the payment; an old one nobody paid is abandoned.
 */
export async function reconcileCheckout(
  deps: CheckoutDeps,
  row: PaymentRow,
  opts: { abandonBefore?: Date } = {},
): Promise<SettleOutcome> {
  const { attempts, paidValId, ended } = await askGateway(deps, row);
  if (paidValId) return settleCheckout(deps, tranIdOf(row), paidValId);
  if (ended) {
    const cancelled = attempts.every((a) => a.status === 'CANCELLED');
    await failEnded(
      deps,
      row,
      attempts,
      cancelled ? CHECKOUT_MESSAGES.cancelled : CHECKOUT_MESSAGES.failed,
    );
    return 'failed';
  }
  if (opts.abandonBefore && row.createdAt < opts.abandonBefore) {
    await markFailed(deps.db, row.id, PAYMENT_MESSAGES.abandoned);
    return 'failed';
  }
  return 'pending';
}

function detailsOf(row: PaymentRow, t: GatewayTransaction, valId: string) {
  return {
    validationId: valId,
    gatewayTransactionId: t.bankTranId,
    method: methodOfCardType(t.cardType) ?? (row.method as PaymentMethod),
  };
}

async function markFailed(db: Db, paymentId: string, message: string): Promise<void> {
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
