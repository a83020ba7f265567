/**
 * The refund-status job of the hosted checkout's refunds (decision 247): decisions whose
 * answer was lost are asked again, initiated ones are followed by their `refund_ref_id`.
 */
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { gatewayRefunds, payments } from '../../db/schema';
import {
  askGatewayRefund,
  closeHeldRefunded,
  type GatewayRefundDeps,
  recordTakenRefund,
} from './gateway-refunds';
import { recordRefund } from './refunds';

export interface GatewayRefundReport {
  asked: number;
  refunded: number;
  cancelled: number;
  errors: number;
}

/**
 * The refund-status job: claims open decisions not looked at in the last `claimForMs`
 * (`FOR UPDATE SKIP LOCKED`: several processes take different rows), asks the Refund API
 * again for those whose answer was lost (the same `refund_trans_id`: the gateway answers
 * `processing` for one it made, so the ledger records what the gateway refunded, once),
 * and queries initiated ones by `refund_ref_id`: `refunded` closes them, `cancelled` gives
 * the money back to the fund (a `reinstated` row).
 */
export async function settleGatewayRefunds(
  deps: GatewayRefundDeps,
  opts: { now?: Date; claimForMs?: number; limit?: number } = {},
): Promise<GatewayRefundReport> {
  const now = opts.now ?? new Date();
  const claimedBefore = new Date(now.getTime() - (opts.claimForMs ?? 120_000));
  const candidates = deps.db
    .select({ source: gatewayRefunds.source })
    .from(gatewayRefunds)
    .where(
      and(
        inArray(gatewayRefunds.status, ['asking', 'initiated']),
        or(isNull(gatewayRefunds.checkedAt), lt(gatewayRefunds.checkedAt, claimedBefore)),
      ),
    )
    .orderBy(asc(gatewayRefunds.createdAt))
    .limit(opts.limit ?? 200)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(gatewayRefunds)
    .set({ checkedAt: now })
    .where(inArray(gatewayRefunds.source, candidates))
    .returning();
  const report: GatewayRefundReport = { asked: 0, refunded: 0, cancelled: 0, errors: 0 };
  for (const decision of claimed) {
    try {
      const [payment] = await deps.db
        .select()
        .from(payments)
        .where(eq(payments.id, decision.paymentId));
      if (!payment?.gatewayTransactionId) continue;
      if (decision.status === 'asking') {
        report.asked++;
        await askGatewayRefund(
          deps,
          decision,
          payment.gatewayTransactionId,
          payment.status === 'needs_review'
            ? closeHeldRefunded(deps, decision, decision.remarks)
            : recordTakenRefund(deps, decision),
        );
        continue;
      }
      if (!decision.refundRefId) continue;
      const status = await deps.gateway.refundStatus(decision.refundRefId);
      if (!status) {
        deps.log.error({ source: decision.source }, 'the gateway knows no such refund');
        continue;
      }
      if (status.bankTranId && status.bankTranId !== payment.gatewayTransactionId) {
        deps.log.error(
          { source: decision.source, bankTranId: status.bankTranId },
          'a refund reference of another transaction; left for a person',
        );
        continue;
      }
      if (status.status === 'refunded') {
        await deps.db
          .update(gatewayRefunds)
          .set({ status: 'refunded' })
          .where(
            and(eq(gatewayRefunds.source, decision.source), eq(gatewayRefunds.status, 'initiated')),
          );
        report.refunded++;
      } else if (status.status === 'cancelled') {
        const closed = async (tx: Tx) => {
          await tx
            .update(gatewayRefunds)
            .set({ status: 'cancelled', reason: 'Cancelled at the gateway' })
            .where(
              and(
                eq(gatewayRefunds.source, decision.source),
                eq(gatewayRefunds.status, 'initiated'),
              ),
            );
        };
        if (payment.status === 'succeeded' || payment.status === 'refunded') {
          // The money stayed with us: the fund holds it again.
          await recordRefund(
            deps,
            payment.id,
            { addedPoisha: -decision.amountPoisha },
            `${decision.source}:cancelled`.slice(0, 200),
            undefined,
            closed,
          );
        } else {
          await deps.db.transaction(closed);
          deps.log.error(
            { paymentId: payment.id },
            'a held payment’s refund was cancelled at the gateway; look at it',
          );
        }
        report.cancelled++;
      }
    } catch (err) {
      report.errors++;
      deps.log.warn({ err, source: decision.source }, 'a gateway refund could not be settled');
    }
  }
  return report;
}

/** Decisions whose gateway answer never came, oldest first (for the ledger check). */
export async function unansweredGatewayRefunds(db: Db, olderThan: Date) {
  return db
    .select()
    .from(gatewayRefunds)
    .where(and(eq(gatewayRefunds.status, 'asking'), lt(gatewayRefunds.createdAt, olderThan)))
    .orderBy(asc(gatewayRefunds.createdAt));
}
