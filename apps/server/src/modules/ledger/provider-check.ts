import { and, eq, gte, lt } from 'drizzle-orm';
import { formatTk } from '@easyfund/shared/money';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { PaymentProvider } from '../payments/providers/provider';

/** One payment whose money differs between the provider and our ledger. */
export interface ProviderDifference {
  providerPaymentId: string;
  paymentId: string | null;
  /** What the provider says: taken (succeeded) and given back (refunds, disputes). */
  provider: { takenPoisha: number; returnedPoisha: number };
  ours: { takenPoisha: number; returnedPoisha: number; status: string | null };
  message: string;
}

/** One refund we know of at a hosted-checkout gateway, as we and the gateway see it. */
export interface KnownGatewayRefund {
  paymentId: string;
  tranId: string;
  refundRefId: string | null;
  amountPoisha: number;
  /** Our decision's state: asking, initiated, refunded, cancelled, refused. */
  ours: string;
  /** The refund status query's answer (refunded, processing, cancelled), null when none. */
  gateway: string | null;
}

export interface ProviderLedgerReport {
  ok: boolean;
  provider: string;
  since: string;
  until: string;
  provider_totals: { takenPoisha: number; returnedPoisha: number };
  our_totals: { takenPoisha: number; returnedPoisha: number };
  differences: ProviderDifference[];
  /**
   * A gateway that cannot list a transaction's refunds (SSLCommerz): every refund we know
   * of in the period, to be compared by a person with the merchant panel's refund list.
   */
  knownRefunds?: KnownGatewayRefund[];
  /** What this check cannot see, and what a person does about it. */
  unchecked?: string;
}

/**
 * The provider-side reconciliation: for the intents created in [since, until), compares
 * what the provider took and gave back with our succeeded payments and their refunds,
 * payment by payment, and reports every difference (read-only: the reconciliation job
 * and the webhooks are what correct the ledger).
 */
export async function checkProviderLedger(
  db: Db,
  provider: PaymentProvider,
  since: Date,
  until: Date = new Date(),
): Promise<ProviderLedgerReport> {
  const intents = await provider.listIntents(since, until);
  const ours = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider.name),
        gte(payments.createdAt, since),
        lt(payments.createdAt, until),
      ),
    );
  const byIntent = new Map(ours.map((p) => [p.providerPaymentId, p]));
  const takenOf = (p: (typeof ours)[number] | undefined) =>
    p && (p.status === 'succeeded' || p.status === 'refunded') ? p.amountPoisha : 0;
  const differences: ProviderDifference[] = [];
  const seen = new Set<string>();
  const providerTotals = { takenPoisha: 0, returnedPoisha: 0 };
  const ourTotals = { takenPoisha: 0, returnedPoisha: 0 };
  for (const pi of intents) {
    seen.add(pi.id);
    const row = byIntent.get(pi.id);
    const theirs = {
      takenPoisha: pi.outcome === 'succeeded' ? pi.amountReceived : 0,
      returnedPoisha: pi.refundedPoisha + pi.disputedPoisha,
    };
    const mine = {
      takenPoisha: takenOf(row),
      returnedPoisha: row?.refundedPoisha ?? 0,
      status: row?.status ?? null,
    };
    providerTotals.takenPoisha += theirs.takenPoisha;
    providerTotals.returnedPoisha += theirs.returnedPoisha;
    if (theirs.takenPoisha === mine.takenPoisha && theirs.returnedPoisha === mine.returnedPoisha)
      continue;
    if (!row && theirs.takenPoisha === 0) continue;
    differences.push({
      providerPaymentId: pi.id,
      paymentId: row?.id ?? pi.paymentId,
      provider: theirs,
      ours: mine,
      message: !row
        ? `the provider took ${formatTk(theirs.takenPoisha)} for a payment we have no record of`
        : `the provider took ${formatTk(theirs.takenPoisha)} and gave back ${formatTk(theirs.returnedPoisha)}; we recorded ${formatTk(mine.takenPoisha)} taken and ${formatTk(mine.returnedPoisha)} given back (${mine.status})`,
    });
  }
  for (const row of ours) {
    ourTotals.takenPoisha += takenOf(row);
    ourTotals.returnedPoisha += row.refundedPoisha;
    if (!seen.has(row.providerPaymentId) && takenOf(row) > 0) {
      differences.push({
        providerPaymentId: row.providerPaymentId,
        paymentId: row.id,
        provider: { takenPoisha: 0, returnedPoisha: 0 },
        ours: { takenPoisha: takenOf(row), returnedPoisha: row.refundedPoisha, status: row.status },
        message: `we recorded ${formatTk(takenOf(row))} the provider has no record of in this period`,
      });
    }
  }
  return {
    ok: differences.length === 0,
    provider: provider.name,
    since: since.toISOString(),
    until: until.toISOString(),
    provider_totals: providerTotals,
    our_totals: ourTotals,
    differences,
  };
}

export function formatProviderLedgerReport(r: ProviderLedgerReport): string {
  const lines = [
    `Provider check with ${r.provider} from ${r.since} to ${r.until}: the provider took ${formatTk(r.provider_totals.takenPoisha)} and gave back ${formatTk(r.provider_totals.returnedPoisha)}; we recorded ${formatTk(r.our_totals.takenPoisha)} and ${formatTk(r.our_totals.returnedPoisha)}.`,
  ];
  if (r.ok) lines.push('OK: every payment agrees with the provider.');
  else {
    lines.push(`DIFFERENCES: ${r.differences.length} payment(s):`);
    for (const d of r.differences) lines.push(`  ${d.providerPaymentId}: ${d.message}`);
  }
  if (r.knownRefunds) {
    const total = r.knownRefunds
      .filter((k) => k.ours !== 'refused' && k.gateway !== 'cancelled')
      .reduce((sum, k) => sum + k.amountPoisha, 0);
    lines.push(
      `REFUNDS WE KNOW OF: ${r.knownRefunds.length} (${formatTk(total)} not refused or cancelled):`,
    );
    for (const k of r.knownRefunds) {
      lines.push(
        `  ${k.tranId} refund_ref_id ${k.refundRefId ?? '(none yet)'}: ${formatTk(k.amountPoisha)}, ours ${k.ours}, gateway ${k.gateway ?? '(no answer)'}`,
      );
    }
  }
  if (r.unchecked) lines.push(`NOT CHECKED: ${r.unchecked}`);
  return lines.join('\n');
}
