import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { funds, ledgerSettings, payoutAccounts, user, withdrawals } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { fundsWithRaiser } from '../funds/with-raiser';
import { maskAccountNumber } from '@easyfund/shared/schemas/payouts';
import type { FundStatementData } from '../receipts/fund-statement-pdf';
import { fundWithdrawals, totalsOf, withdrawalTotals } from '../withdrawals/balance';

/**
 * A fund's statement, for its raiser or an admin (anyone else: 404): what it raised (gifts
 * net of refunds), each payout (its account masked), what withdrawals hold and what is
 * available — the ledger check's own parts, so in = paid out + held + available, and the
 * closing balance (in − paid out) is what the site still holds for the fund.
 */
export async function fundStatementData(
  db: Db,
  viewer: { id: string; isAdmin: boolean },
  fundId: string,
): Promise<FundStatementData> {
  const [fund] = await fundsWithRaiser(db, {
    name: funds.name,
    raiserId: funds.raiserId,
    raiserName: user.name,
    raisedPoisha: funds.raisedPoisha,
    donationCount: funds.donationCount,
  }).where(eq(funds.id, fundId));
  if (!fund || (!viewer.isAdmin && fund.raiserId !== viewer.id)) throw new NotFound('Fund');
  const totals = totalsOf(await withdrawalTotals(db, [fundId]), fundId);
  const rows = await fundWithdrawals(db, fundId, 'paid', {
    paidOn: withdrawals.paidOn,
    method: withdrawals.payoutMethod,
    reference: withdrawals.payoutReference,
    amountPoisha: withdrawals.amountPoisha,
    number: payoutAccounts.number,
  })
    .leftJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId))
    .orderBy(asc(withdrawals.paidOn), asc(withdrawals.outcomeAt), asc(withdrawals.id));
  const [settings] = await db.select({ mode: ledgerSettings.mode }).from(ledgerSettings);
  const heldPoisha = totals.heldForPayoutPoisha + totals.pendingPoisha;
  return {
    fundName: fund.name,
    raiserName: fund.raiserName,
    createdAt: new Date().toISOString(),
    donationCount: fund.donationCount,
    inPoisha: fund.raisedPoisha,
    payouts: rows.map((r) => ({
      paidOn: r.paidOn!,
      method: r.method!,
      account: r.number ? maskAccountNumber(r.number) : null,
      reference: r.reference!,
      amountPoisha: r.amountPoisha,
    })),
    paidOutPoisha: totals.paidOutPoisha,
    heldPoisha,
    availablePoisha: Math.max(0, fund.raisedPoisha - totals.paidOutPoisha - heldPoisha),
    closingPoisha: fund.raisedPoisha - totals.paidOutPoisha,
    testMode: settings?.mode !== 'live',
  };
}
