/**
 * An admin resolves a payment held for review, of any provider (decision
 * 248): the gateway flagged it as risky, or the gateway or card provider took
 * another amount than we asked. Approve: the payment is recorded at what the provider says
 * it took (`provider_amount_poisha`), never at what we asked. Refund: that amount goes back
 * through the provider (the gateway's Refund API as a refund decision, or the card
 * provider's refund with one idempotency key per payment). Both, with the admin's reason,
 * go into the fund's audit trail.
 */
import { and, eq } from 'drizzle-orm';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { Tx } from '../../db/client';
import { funds, gatewayRefunds, payments } from '../../db/schema';
import { OWN_FUND_PAYMENT, refuseOwn } from '../decisions/service';
import { Conflict, NotFound } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { refundTransIdFor } from './providers/gateway';
import { recordEvent } from '../funds/events';
import { askGatewayRefund, closeHeldRefunded, findGatewayRefund } from './gateway-refunds';
import { type PaymentDeps, recordDonation, REFUND_MESSAGES } from './service';

/** Why a payment is no longer held (its failure message, with the admin's reason). */
const refundedAfterReview = (reason: string) => `Refunded after review: ${reason}`;

const notHeld = () => new Conflict('This payment is not waiting for a review.', 'not_held');

export async function reviewHeldPayment(
  deps: PaymentDeps,
  paymentId: string,
  decision: 'approve' | 'refund',
  reason: string,
  adminId: string,
  lang: Language = 'en',
): Promise<void> {
  const [row] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row) throw new NotFound('Payment');
  const [fund] = await deps.db
    .select({ raiserId: funds.raiserId })
    .from(funds)
    .where(eq(funds.id, row.fundId));
  refuseOwn(fund?.raiserId, adminId, OWN_FUND_PAYMENT);
  const gateway = deps.checkout && row.provider === deps.checkout.name ? deps.checkout : null;
  // A held payment's refund asked before (its answer lost) is asked again, never anew.
  const asked = await findGatewayRefund(deps.db, heldSource(row.id));
  if (row.status !== 'needs_review' && !(asked?.status === 'asking' && decision === 'refund')) {
    throw notHeld();
  }
  if (!gateway && row.provider !== deps.provider.name) {
    throw new Conflict(
      'This payment was made with another payment provider; resolve it there.',
      'other_provider',
    );
  }
  // What the provider took: stored when the payment was held (a payment held before that
  // was stored was held as risky, at the amount asked).
  const taken = row.providerAmountPoisha ?? row.amountPoisha;
  const audit = (action: string) => async (tx: Tx) => {
    await recordEvent(
      tx,
      row.fundId,
      adminId,
      action,
      { paymentId: row.id, status: row.status, askedPoisha: row.amountPoisha },
      { paymentId: row.id, providerPoisha: taken, reason },
    );
  };

  if (decision === 'approve') {
    const recorded = await recordDonation(deps.db, row.id, {
      from: ['needs_review'],
      jobs: deps.jobs,
      details: { amountPoisha: taken },
      within: audit('payment_approved_after_review'),
    });
    if (!recorded) throw notHeld();
    deps.log.warn({ paymentId, adminId, amountPoisha: taken }, 'held payment recorded');
    return;
  }

  const why = refundedAfterReview(reason);
  if (gateway) {
    if (!row.gatewayTransactionId) throw notHeld();
    let held = asked;
    if (!held || held.status === 'refused') {
      await deps.db
        .insert(gatewayRefunds)
        .values({
          source: heldSource(row.id),
          paymentId: row.id,
          amountPoisha: taken,
          refundTransId: refundTransIdFor(row.id),
          remarks: why.slice(0, 255),
        })
        .onConflictDoUpdate({
          target: gatewayRefunds.source,
          set: { status: 'asking', reason: null },
        });
      held = await findGatewayRefund(deps.db, heldSource(row.id));
    }
    if (!held || held.status !== 'asking') throw notHeld();
    const gatewayDeps = { db: deps.db, gateway, log: deps.log, mailQueue: deps.mailQueue };
    const close = closeHeldRefunded(gatewayDeps, held, why);
    const outcome = await askGatewayRefund(gatewayDeps, held, row.gatewayTransactionId, (a, i) =>
      close(a, async (tx) => {
        await i(tx);
        await audit('payment_refunded_after_review')(tx);
      }),
    );
    if (!outcome.taken) {
      throw new Conflict(
        translate(lang, REFUND_MESSAGES.refused, { reason: outcome.reason }),
        'refund_refused',
      );
    }
    return;
  }

  // A card payment: the provider's refund, one idempotency key per payment (a retry after
  // a lost answer refunds nothing more), of what the provider itself says it took.
  const intent = await deps.provider.retrieveIntent(row.providerPaymentId);
  const received = intent?.amountReceived ?? 0;
  if (received <= 0) {
    throw new Conflict(
      'The provider has not told what it took for this payment; check it at the provider first.',
      'amount_unknown',
    );
  }
  await deps.provider.refund({
    intentId: row.providerPaymentId,
    amountPoisha: received,
    idempotencyKey: `easyfund-review-refund-${row.id}`,
    metadata: { paymentId: row.id, reason: reason.slice(0, 400), by: adminId },
  });
  await deps.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(payments)
      .set({ status: 'failed', failureMessage: why.slice(0, 500) })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'needs_review')))
      .returning({ id: payments.id });
    if (closed) await audit('payment_refunded_after_review')(tx);
  });
  deps.log.warn({ paymentId, adminId, amountPoisha: received }, 'held payment refunded');
}

/** The refund decision of a held payment: one per payment. */
const heldSource = (paymentId: string) => `review:${paymentId}`;
