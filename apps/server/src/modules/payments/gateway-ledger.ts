/**
 * `check:ledger --provider` for a hosted-checkout gateway (SSLCommerz): the gateway has no
 * list of a period's transactions, so the period is our payments' (every payment started
 * through it in [since, until)), each asked of the gateway's Transaction Query API by its
 * tran_id, and every refund we know of it (`gateway_refunds`) asked of the refund status
 * query by its refund_ref_id. What the gateway took and gave back is compared with the
 * ledger, payment by payment (read-only: the jobs correct the ledger).
 *
 * What it cannot see: none of SSLCommerz's documented answers tells of a
 * refund made in the merchant panel (the Transaction Query and Validation APIs report
 * the transaction's status, VALID, VALIDATED, PENDING or FAILED, and its amount as paid;
 * the refund status query needs the panel's refund_ref_id). The report therefore lists
 * every refund we know of, for a person to compare with the panel's refund list, and
 * says so.
 */
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { formatTk } from '@easyfund/shared/money';
import type { Db } from '../../db/client';
import { gatewayRefunds, payments } from '../../db/schema';
import type {
  KnownGatewayRefund,
  ProviderDifference,
  ProviderLedgerReport,
} from '../ledger/provider-check';
import { type CheckoutGateway, PAID_STATUSES, poishaOf } from './providers/gateway';
import { tranIdOf } from './checkout';

export async function checkGatewayLedger(
  db: Db,
  gateway: CheckoutGateway,
  since: Date,
  until: Date = new Date(),
): Promise<ProviderLedgerReport> {
  const ours = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, gateway.name),
        gte(payments.createdAt, since),
        lt(payments.createdAt, until),
      ),
    )
    .orderBy(payments.createdAt);
  const decisions =
    ours.length === 0
      ? []
      : await db
          .select()
          .from(gatewayRefunds)
          .where(
            inArray(
              gatewayRefunds.paymentId,
              ours.map((p) => p.id),
            ),
          );
  const providerTotals = { takenPoisha: 0, returnedPoisha: 0 };
  const ourTotals = { takenPoisha: 0, returnedPoisha: 0 };
  const differences: ProviderDifference[] = [];
  const knownRefunds: KnownGatewayRefund[] = [];
  for (const row of ours) {
    // The gateway calls happen one after another, outside any transaction.
    const attempts = await gateway.queryByTranId(tranIdOf(row));
    const taken = attempts
      .filter((a) => PAID_STATUSES.has(a.status) && a.currency === row.currency.toUpperCase())
      .reduce((sum, a) => sum + (poishaOf(a.amount) ?? 0), 0);
    const statuses = [...new Set(attempts.map((a) => a.status))].join(', ') || 'no attempt';
    let returned = 0;
    const unanswered: string[] = [];
    for (const d of decisions.filter((x) => x.paymentId === row.id)) {
      if (d.status === 'asking') unanswered.push(d.refundTransId);
      const status = d.refundRefId ? await gateway.refundStatus(d.refundRefId) : null;
      if (status && status.status !== 'cancelled') returned += d.amountPoisha;
      knownRefunds.push({
        paymentId: row.id,
        tranId: tranIdOf(row),
        refundRefId: d.refundRefId,
        amountPoisha: d.amountPoisha,
        ours: d.status,
        gateway: status?.status ?? null,
      });
    }
    const recorded = row.status === 'succeeded' || row.status === 'refunded';
    // A held payment never counted, refunded after review: what went back is the gateway's.
    const mine = {
      takenPoisha: recorded ? row.amountPoisha : 0,
      returnedPoisha: recorded ? row.refundedPoisha : 0,
      status: row.status,
    };
    const theirs = {
      takenPoisha: taken,
      returnedPoisha: returned,
    };
    if (!recorded) {
      // Taken and given back in full (a held payment refunded) is nothing, on both sides.
      const net = theirs.takenPoisha - theirs.returnedPoisha;
      if (net === 0) {
        theirs.takenPoisha = 0;
        theirs.returnedPoisha = 0;
      }
    }
    providerTotals.takenPoisha += theirs.takenPoisha;
    providerTotals.returnedPoisha += theirs.returnedPoisha;
    ourTotals.takenPoisha += mine.takenPoisha;
    ourTotals.returnedPoisha += mine.returnedPoisha;
    const same =
      theirs.takenPoisha === mine.takenPoisha && theirs.returnedPoisha === mine.returnedPoisha;
    if (same && unanswered.length === 0) continue;
    differences.push({
      providerPaymentId: tranIdOf(row),
      paymentId: row.id,
      provider: theirs,
      ours: mine,
      message: same
        ? `a refund was asked of the gateway and its answer never came (refund_trans_id ${unanswered.join(', ')}); the refund-status job asks again`
        : `the gateway took ${formatTk(theirs.takenPoisha)} and gave back ${formatTk(theirs.returnedPoisha)} (its status: ${statuses}); we recorded ${formatTk(mine.takenPoisha)} taken and ${formatTk(mine.returnedPoisha)} given back (${mine.status})`,
    });
  }
  return {
    ok: differences.length === 0,
    provider: gateway.name,
    since: since.toISOString(),
    until: until.toISOString(),
    provider_totals: providerTotals,
    our_totals: ourTotals,
    differences,
    knownRefunds,
    unchecked: PANEL_REFUNDS_UNSEEN,
  };
}

/**
 * What a person does about the refunds this check cannot see: SSLCommerz reports no
 * refund of a transaction except by the refund_ref_id the merchant panel shows.
 */
export const PANEL_REFUNDS_UNSEEN =
  "refunds made in the SSLCommerz merchant panel and never entered here: SSLCommerz's APIs tell of a refund only by the refund_ref_id the panel shows. Compare the panel's refund list for this period with the refunds above, and enter each one missing on its payment's page in Manage Payments (Refund made in the merchant panel): it is recorded once, after the gateway confirms it is that payment's.";
