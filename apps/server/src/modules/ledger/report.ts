import { formatTk } from '@easyfund/shared/money';
import type { LedgerReport } from './check';

/** The report as lines of text for a terminal. */
export function formatLedgerReport(report: LedgerReport, where: string): string {
  const lines = [
    `Ledger check on ${where} (${report.mode} mode): ${report.funds} funds, ${report.succeededPayments} succeeded payments (${formatTk(report.succeededPoisha)}), ${report.openOrApprovedWithdrawals} pending, approved or paid withdrawals; in = ${formatTk(report.paidOutPoisha)} paid out + ${formatTk(report.heldPoisha)} held + ${formatTk(report.availablePoisha)} available.`,
  ];
  if (report.needsReview.length > 0) {
    lines.push(
      `NEEDS REVIEW: ${report.needsReview.length} payment(s) the provider took but we did not record:`,
    );
    for (const r of report.needsReview) {
      lines.push(
        `  payment ${r.paymentId} (${r.providerPaymentId}, ${formatTk(r.amountPoisha)}, fund ${r.fundId}): ${r.message ?? ''}`,
      );
    }
  }
  if (report.staleRefundHolds.length > 0) {
    lines.push(
      `STALE REFUND HOLDS: ${report.staleRefundHolds.length} refund(s) held back for more than ${report.stalePendingAfterMinutes} minutes; check each payment at the provider, then run the reconciliation (it records what the provider refunded and ends the hold) or remove the hold:`,
    );
    for (const h of report.staleRefundHolds) {
      lines.push(
        `  payment ${h.paymentId} (fund ${h.fundId}): ${formatTk(h.amountPoisha)} held for ${h.ageMinutes} minutes by ${h.source}`,
      );
    }
  }
  if (report.problems.length === 0) {
    lines.push(
      `${report.ok ? 'OK: e' : 'E'}very fund's raised total and donation count equal its succeeded payments (less refunds), and no fund's withdrawals exceed what it raised.`,
    );
  } else {
    lines.push(`FAILED: ${report.problems.length} problem(s):`);
    for (const p of report.problems) lines.push(`  fund ${p.fundId} "${p.fundName}": ${p.message}`);
  }
  if (report.dayTotals.length > 0) {
    lines.push(
      `FAILED: the overview's daily totals differ from the payments on ${report.dayTotals.length} day(s):`,
    );
    for (const d of report.dayTotals) lines.push(`  ${d}`);
  }
  if (report.paymentSums.length > 0) {
    lines.push(
      `FAILED: the sums the database checks fund totals against (fund_payment_sums) differ from the payments for ${report.paymentSums.length} fund(s) and mode(s), as payments written with the triggers off leave them; until they are rebuilt (docs/deploying.md) the database refuses new totals for those funds:`,
    );
    for (const d of report.paymentSums) lines.push(`  ${d}`);
  }
  if (report.stalePendingPayments > 0) {
    lines.push(
      `Note: ${report.stalePendingPayments} payment(s) pending for more than ${report.stalePendingAfterMinutes} minutes; run the reconciliation to settle them.`,
    );
  }
  return lines.join('\n');
}
