/**
 * Settling hosted checkouts: the IPN, the donor's return and the reconciliation each
 * name a payment; the gateway's Validation and Transaction Query APIs decide.
 */
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { PaymentMethod } from '@easyfund/shared/constants';
import { gatewayValidations, payments } from '../../db/schema';
import {
  type GatewayTransaction,
  methodOfCardType,
  PAID_STATUSES,
  poishaOf,
} from './providers/gateway';
import {
  byTranId,
  CHECKOUT_MESSAGES,
  type CheckoutDeps,
  markFailed,
  mayBeTranId,
  type PaymentRow,
  type SettleOutcome,
  tranIdOf,
} from './checkout';
import { markDeclined } from './declines';
import { PAYMENT_MESSAGES } from './deps';
import { recordDonation } from './settlement';

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
