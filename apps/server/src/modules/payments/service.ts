import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CURRENCY } from '@easyfund/shared/constants';
import { tkToPoisha } from '@easyfund/shared/money';
import type { TMe } from '@easyfund/shared/schemas/common';
import type {
  TConfirmPaymentRequest,
  TConfirmPaymentResponse,
  TCreateIntentRequest,
  TCreateIntentResponse,
} from '@easyfund/shared/schemas/donations';
import type { Db } from '../../db/client';
import { cartItems, funds, payments } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import type { IntentOutcome, PaymentProvider } from '../../lib/payments/provider';
import { findUserPayment } from './views';

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

type PaymentRow = typeof payments.$inferSelect;

export const PAYMENT_MESSAGES = {
  unknownAtProvider: 'The payment provider has no record of this payment.',
  mismatch:
    'The payment provider reported a different amount or currency; the donation was not recorded. Please contact us.',
  failed: 'The payment failed.',
  abandoned: 'The payment was not completed.',
} as const;

/**
 * Starts a donation: checks the fund takes donations, asks the provider for an intent
 * (outside any transaction), then stores the pending payment. The browser gets the
 * intent's client secret to confirm the card with the provider itself.
 */
export async function createPaymentIntent(
  deps: PaymentDeps,
  actor: TMe,
  input: TCreateIntentRequest,
): Promise<TCreateIntentResponse> {
  const { db, provider } = deps;
  const [fund] = await db
    .select({ id: funds.id, status: funds.status })
    .from(funds)
    .where(eq(funds.id, input.fundId));
  // Pending and denied funds are not open to donors: the same answer as an unknown one.
  if (!fund || fund.status !== 'approved') throw new NotFound('Fund');

  const paymentId = randomUUID();
  const amountPoisha = tkToPoisha(input.amountTk);
  const intent = await provider.createIntent({
    amountPoisha,
    currency: CURRENCY,
    metadata: { paymentId, fundId: fund.id, userId: actor.id },
    idempotencyKey: `easyfund-payment-${paymentId}`,
  });
  await db.insert(payments).values({
    id: paymentId,
    userId: actor.id,
    fundId: fund.id,
    provider: provider.name,
    providerPaymentId: intent.id,
    amountPoisha,
    currency: CURRENCY,
    status: 'pending',
  });
  return {
    paymentId,
    provider: provider.name,
    intentId: intent.id,
    clientSecret: intent.clientSecret,
    amountPoisha,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
  };
}

/**
 * The browser says it confirmed the card: re-read the intent from the provider and
 * record what the provider says. Only the payment's own user may ask.
 */
export async function confirmPayment(
  deps: PaymentDeps,
  actor: TMe,
  input: TConfirmPaymentRequest,
): Promise<TConfirmPaymentResponse> {
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.providerPaymentId, input.intentId), eq(payments.userId, actor.id)));
  if (!row) throw new NotFound('Payment');
  const status = await settlePayment(deps, row);
  const payment = await findUserPayment(deps.db, actor.id, row.id);
  if (!payment) throw new NotFound('Payment');
  return { status, payment };
}

/**
 * Brings one payment in line with its intent at the provider. The one code path used
 * by the browser's confirmation, the webhook and the reconciliation job; safe to run
 * any number of times, also concurrently.
 */
export async function settlePayment(
  deps: PaymentDeps,
  row: PaymentRow,
  opts: { abandonBefore?: Date } = {},
): Promise<IntentOutcome> {
  if (row.status === 'succeeded' || row.status === 'refunded') return 'succeeded';
  if (row.provider !== deps.provider.name) return row.status === 'failed' ? 'failed' : 'pending';

  // The provider call happens before, never inside, a transaction.
  const intent = await deps.provider.retrieveIntent(row.providerPaymentId);
  if (!intent) {
    deps.log.warn({ paymentId: row.id }, 'payment intent unknown to the provider');
    await markFailed(deps.db, row.id, PAYMENT_MESSAGES.unknownAtProvider);
    return 'failed';
  }
  if (intent.outcome === 'succeeded') {
    if (intent.amount !== row.amountPoisha || intent.currency.toLowerCase() !== row.currency) {
      deps.log.error(
        {
          paymentId: row.id,
          expected: { amount: row.amountPoisha, currency: row.currency },
          provider: { amount: intent.amount, currency: intent.currency },
        },
        'payment amount or currency differs from the provider; not recorded',
      );
      await markFailed(deps.db, row.id, PAYMENT_MESSAGES.mismatch);
      return 'failed';
    }
    await recordDonation(deps.db, row.id);
    return 'succeeded';
  }
  if (intent.outcome === 'failed') {
    await markFailed(deps.db, row.id, intent.lastError ?? PAYMENT_MESSAGES.failed);
    return 'failed';
  }
  if (opts.abandonBefore && row.status === 'pending' && row.createdAt < opts.abandonBefore) {
    await markFailed(deps.db, row.id, PAYMENT_MESSAGES.abandoned);
    return 'failed';
  }
  return row.status === 'failed' ? 'failed' : 'pending';
}

/**
 * Records a donation, in one short transaction: the payment becomes succeeded (only
 * from pending or failed, so a replay, a late webhook or a concurrent confirmation
 * finds nothing to do), the fund's total and count grow, the fund leaves the cart.
 * Returns false when the payment was already recorded.
 */
export async function recordDonation(db: Db, paymentId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(payments)
      .set({ status: 'succeeded', succeededAt: new Date(), failureMessage: null })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'failed'])))
      .returning();
    if (!paid) return false;
    await tx
      .update(funds)
      .set({
        raisedPoisha: sql`${funds.raisedPoisha} + ${paid.amountPoisha}`,
        donationCount: sql`${funds.donationCount} + 1`,
      })
      .where(eq(funds.id, paid.fundId));
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.userId, paid.userId), eq(cartItems.fundId, paid.fundId)));
    return true;
  });
}

/** A failed attempt: the payment says why; no total changes. */
async function markFailed(db: Db, paymentId: string, message: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed', failureMessage: message.slice(0, 500) })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'failed'])));
}
