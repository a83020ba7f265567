/**
 * Refunds at a hosted-checkout gateway (SSLCommerz) as a state machine (decision
 * 247). One `gateway_refunds` row per refund decision, keyed by the
 * decision's source: a retried click or a lost answer asks the gateway again with the
 * same `refund_trans_id`, which the gateway answers `processing` ("already initiated"),
 * never with a second refund; the ledger records the decision once, at what it asked.
 * The refund-status job asks again about decisions whose answer was lost and queries
 * initiated ones by `refund_ref_id`: a refund the gateway cancels gives the money back.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { gatewayRefunds, payments, pendingRefunds } from '../../db/schema';
import type { ActingAdmin } from '../decisions/service';
import { Conflict, NotFound } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { type CheckoutGateway, type RefundResult, refundTransIdFor } from './providers/gateway';
import type { MailQueue } from '../notifications/service';
import type { PaymentDeps } from './deps';
import {
  type AdminRefundInput,
  recordRefund,
  REFUND_MESSAGES,
  refundPayment,
  refundResult,
  refundSource,
  reserveRefund,
} from './refunds';

export type GatewayRefundRow = typeof gatewayRefunds.$inferSelect;

export interface GatewayRefundDeps {
  db: Db;
  gateway: CheckoutGateway;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  mailQueue?: MailQueue;
}

/** The payment (unknown: 404), and the hosted checkout's gateway when it took the payment. */
async function paymentWithGateway(deps: PaymentDeps, paymentId: string) {
  const [row] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row) throw new NotFound('Payment');
  const gateway = deps.checkout && row.provider === deps.checkout.name ? deps.checkout : null;
  return { row, gateway };
}

/**
 * An admin's refund of a donation, of any provider: a card payment through the card
 * provider (`refundPayment`), a payment of the hosted checkout through the gateway as a
 * refund decision. The decision is the request's key, which the admin's screen keeps for
 * the same amount and reason across clicks and retries: asked again, the gateway refunds
 * nothing more, and the ledger records what the gateway refunded, once.
 */
export async function refundDonation(
  deps: PaymentDeps,
  admin: ActingAdmin,
  paymentId: string,
  input: AdminRefundInput,
) {
  const { row, gateway } = await paymentWithGateway(deps, paymentId);
  if (!gateway) return refundPayment(deps, admin, row, input);
  const { lang } = admin;
  const gatewayDeps = { db: deps.db, gateway, log: deps.log, mailQueue: deps.mailQueue };
  const source = refundSource(admin.id, input.requestKey);
  let decision = await findGatewayRefund(deps.db, source);
  if (decision && decision.paymentId !== row.id) {
    throw new Conflict(REFUND_MESSAGES.notRefundable, 'not_refundable');
  }
  // Taken, refunded or cancelled: this decision was answered; the payment as it stands.
  if (decision && decision.status !== 'asking' && decision.status !== 'refused') {
    return refundResult(deps.db, row.id);
  }
  if (!decision || decision.status === 'refused') {
    if (row.status !== 'succeeded' || !row.gatewayTransactionId) {
      throw new Conflict(REFUND_MESSAGES.notRefundable, 'not_refundable');
    }
    const remarks = input.reason.slice(0, 255);
    await reserveRefund(deps.db, row.id, input.amountPoisha, source, lang, async (tx) => {
      await tx
        .insert(gatewayRefunds)
        .values({
          source,
          paymentId: row.id,
          amountPoisha: input.amountPoisha,
          refundTransId: refundTransIdFor(input.requestKey),
          remarks,
        })
        .onConflictDoUpdate({
          target: gatewayRefunds.source,
          set: { status: 'asking', amountPoisha: input.amountPoisha, remarks, reason: null },
        });
    });
    decision = await findGatewayRefund(deps.db, source);
  }
  if (!decision || !row.gatewayTransactionId) {
    throw new Conflict(REFUND_MESSAGES.notRefundable, 'not_refundable');
  }
  const outcome = await askGatewayRefund(
    gatewayDeps,
    decision,
    row.gatewayTransactionId,
    recordTakenRefund(gatewayDeps, decision),
  );
  if (!outcome.taken) {
    throw new Conflict(
      translate(lang, REFUND_MESSAGES.refused, { reason: outcome.reason }),
      'refund_refused',
    );
  }
  return refundResult(deps.db, row.id);
}

/**
 * A refund made in the gateway's merchant panel, told by an admin with the refund_ref_id the
 * panel shows (SSLCommerz lists no refunds of a transaction: its status query by
 * refund_ref_id is the one way to ask about one). The gateway must confirm the reference is
 * a refund of this payment's transaction and not cancelled; the amount is then checked and
 * held like any refund and recorded as a decision already initiated, which the refund-status
 * job follows (a cancellation gives the money back). A reference told twice records once.
 */
export async function recordPanelRefund(
  deps: PaymentDeps,
  admin: ActingAdmin,
  paymentId: string,
  input: { refundRefId: string; amountPoisha: number; reason: string },
) {
  const { row, gateway } = await paymentWithGateway(deps, paymentId);
  if (!gateway || !row.gatewayTransactionId) {
    throw new Conflict('This payment was not made through the gateway’s checkout.', 'not_gateway');
  }
  const [known] = await deps.db
    .select()
    .from(gatewayRefunds)
    .where(eq(gatewayRefunds.refundRefId, input.refundRefId));
  if (known && known.paymentId !== row.id) {
    throw new Conflict(
      'The gateway says this refund belongs to another payment.',
      'refund_other_payment',
    );
  }
  // The gateway call happens before, never inside, a transaction.
  const status = await gateway.refundStatus(input.refundRefId);
  if (!status)
    throw new Conflict('The gateway knows no refund with this reference.', 'refund_unknown');
  if (status.bankTranId !== row.gatewayTransactionId) {
    throw new Conflict(
      'The gateway says this refund belongs to another payment.',
      'refund_other_payment',
    );
  }
  if (status.status === 'cancelled') {
    throw new Conflict('The gateway says this refund was cancelled.', 'refund_cancelled');
  }
  if (!known && row.status !== 'succeeded') {
    throw new Conflict(REFUND_MESSAGES.notRefundable, 'not_refundable');
  }
  const source = known?.source ?? `panel:${input.refundRefId}`;
  const amountPoisha = known?.amountPoisha ?? input.amountPoisha;
  if (!known) {
    // Never `asking`: the refund was made in the panel, there is nothing to ask for.
    await reserveRefund(deps.db, row.id, amountPoisha, source, admin.lang, async (tx) => {
      await tx
        .insert(gatewayRefunds)
        .values({
          source,
          paymentId: row.id,
          amountPoisha,
          refundTransId: refundTransIdFor(crypto.randomUUID()),
          refundRefId: input.refundRefId,
          status: 'initiated',
          remarks: input.reason.slice(0, 255),
          reason: `Made in the merchant panel; told by ${admin.id}`.slice(0, 500),
        })
        .onConflictDoNothing();
    });
  }
  // Recorded once under its source, also when told again after a failure here.
  await recordRefund(
    deps,
    row.id,
    { addedPoisha: amountPoisha },
    source,
    input.reason,
    async (tx) => {
      if (status.status !== 'refunded') return;
      await tx
        .update(gatewayRefunds)
        .set({ status: 'refunded' })
        .where(and(eq(gatewayRefunds.source, source), eq(gatewayRefunds.status, 'initiated')));
    },
  );
  deps.log.warn(
    { paymentId: row.id, refundRefId: input.refundRefId, by: admin.id },
    'a refund made in the merchant panel recorded',
  );
  return refundResult(deps.db, row.id);
}

/** What asking the gateway came to: taken (once, however often asked) or refused. */
export type GatewayRefundOutcome =
  { taken: true; refundRefId: string | null } | { taken: false; reason: string };

export async function findGatewayRefund(db: Db | Tx, source: string) {
  const [row] = await db.select().from(gatewayRefunds).where(eq(gatewayRefunds.source, source));
  return row ?? null;
}

/**
 * Asks the gateway's Refund API for a decision in `asking`, outside any transaction. A
 * lost answer (a network error, a timeout) throws and leaves the decision asking, its
 * amount still held back from the fund: the refund may have been made. `success` and
 * `processing` are the same refund: `onTaken` records it (in one transaction with the
 * decision becoming `initiated`); `failed` ends the decision and its hold.
 */
export async function askGatewayRefund(
  deps: GatewayRefundDeps,
  decision: GatewayRefundRow,
  bankTranId: string,
  onTaken: (answer: RefundResult, initiated: (tx: Tx) => Promise<void>) => Promise<void>,
): Promise<GatewayRefundOutcome> {
  let answer: RefundResult;
  try {
    answer = await deps.gateway.refund({
      bankTranId,
      amountPoisha: decision.amountPoisha,
      remarks: decision.remarks,
      refundTransId: decision.refundTransId,
    });
  } finally {
    await deps.db
      .update(gatewayRefunds)
      .set({ checkedAt: new Date() })
      .where(eq(gatewayRefunds.source, decision.source));
  }
  if (answer.status === 'failed') {
    const reason = (answer.reason ?? '—').slice(0, 500);
    await deps.db.transaction(async (tx) => {
      await tx
        .update(gatewayRefunds)
        .set({ status: 'refused', reason })
        .where(
          and(eq(gatewayRefunds.source, decision.source), eq(gatewayRefunds.status, 'asking')),
        );
      await tx.delete(pendingRefunds).where(eq(pendingRefunds.source, decision.source));
    });
    deps.log.warn({ source: decision.source, reason }, 'the gateway refused a refund');
    return { taken: false, reason };
  }
  const refundRefId = answer.refundRefId ?? decision.refundRefId;
  await onTaken(answer, async (tx) => {
    await tx
      .update(gatewayRefunds)
      .set({ status: 'initiated', refundRefId, reason: null })
      .where(and(eq(gatewayRefunds.source, decision.source), eq(gatewayRefunds.status, 'asking')));
  });
  deps.log.warn(
    { paymentId: decision.paymentId, refundRefId, answer: answer.status },
    'refund initiated at the gateway',
  );
  return { taken: true, refundRefId };
}

/** A donation's refund the gateway took: recorded once under the decision's source. */
export function recordTakenRefund(deps: GatewayRefundDeps, decision: GatewayRefundRow) {
  return (_answer: RefundResult, initiated: (tx: Tx) => Promise<void>) =>
    recordRefund(
      deps,
      decision.paymentId,
      { addedPoisha: decision.amountPoisha },
      decision.source,
      decision.reason ?? undefined,
      initiated,
    ).then(() => undefined);
}

/** A held payment (never counted) the gateway refunded: closed, with why. */
export function closeHeldRefunded(
  deps: GatewayRefundDeps,
  decision: GatewayRefundRow,
  why: string,
) {
  return async (_answer: RefundResult, initiated: (tx: Tx) => Promise<void>) => {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: 'failed', failureMessage: why.slice(0, 500) })
        .where(and(eq(payments.id, decision.paymentId), eq(payments.status, 'needs_review')));
      await initiated(tx);
    });
  };
}
