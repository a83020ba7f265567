/**
 * `check:ledger --provider` for a hosted-checkout gateway (SSLCommerz): the gateway has no
 * list of a period's transactions, so the period is our payments' (every payment started
 * through it in [since, until)), each asked of the gateway's Transaction Query API by its
 * tran_id, and every refund we know of it (`gateway_refunds`) asked of the refund status
 * query by its refund_ref_id. What the gateway took and gave back is compared with the
 * ledger, payment by payment (read-only: the jobs correct the ledger).
 */
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { formatTk } from '@easyfund/shared/money';
import type { Db } from '../../db/client';
import { gatewayRefunds, payments } from '../../db/schema';
import type { ProviderDifference, ProviderLedgerReport } from '../../lib/ledger-provider';
import { type CheckoutGateway, PAID_STATUSES, poishaOf } from '../../lib/payments/gateway';
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
  for (const row of ours) {
    // The gateway calls happen one after another, outside any transaction.
    const attempts = await gateway.queryByTranId(tranIdOf(row));
    const taken = attempts
      .filter((a) => PAID_STATUSES.has(a.status) && a.currency === row.currency.toUpperCase())
      .reduce((sum, a) => sum + (poishaOf(a.amount) ?? 0), 0);
    let returned = 0;
    const unanswered: string[] = [];
    for (const d of decisions.filter((x) => x.paymentId === row.id)) {
      if (d.status === 'asking') unanswered.push(d.refundTransId);
      if (!d.refundRefId) continue;
      const status = await gateway.refundStatus(d.refundRefId);
      if (status && status.status !== 'cancelled') returned += d.amountPoisha;
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
        : `the gateway took ${formatTk(theirs.takenPoisha)} and gave back ${formatTk(theirs.returnedPoisha)}; we recorded ${formatTk(mine.takenPoisha)} taken and ${formatTk(mine.returnedPoisha)} given back (${mine.status})`,
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
  };
}
