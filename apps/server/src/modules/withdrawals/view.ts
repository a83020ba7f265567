import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PayoutMethod, WithdrawalStatus } from '@easyfund/shared/constants';
import { formatTk } from '@easyfund/shared/money';
import { maskAccountNumber } from '@easyfund/shared/schemas/payouts';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { TAdminWithdrawal, TWithdrawal } from '@easyfund/shared/schemas/withdrawals';
import type { Db, Tx } from '../../db/client';
import { funds, ledgerSettings, payoutAccounts, user, withdrawals } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/errors';
import { personColumns } from '../decisions/service';
import { translate } from '../../lib/i18n';
import { recordEvent } from '../funds/events';
import { isReportDue, reportsOf } from '../spending-reports/service';
import { currentModeWithdrawal, heldBack } from './balance';

/** How a withdrawal is read and shown: to its raiser, to the admins, under a lock. */

type Row = typeof withdrawals.$inferSelect;

/** The account columns a withdrawal shows (its number masked). */
export const accountColumns = {
  id: payoutAccounts.id,
  kind: payoutAccounts.kind,
  accountName: payoutAccounts.accountName,
  number: payoutAccounts.number,
};
type AccountRef = {
  id: string | null;
  kind: string | null;
  accountName: string | null;
  number: string | null;
};

function accountOf(a: AccountRef | null | undefined): TWithdrawal['account'] {
  if (!a || !a.id) return null;
  return {
    id: a.id,
    kind: a.kind as PayoutMethod,
    accountName: a.accountName!,
    maskedNumber: maskAccountNumber(a.number!),
  };
}

export function toWithdrawal(row: Row, fundName: string, account?: AccountRef | null): TWithdrawal {
  return {
    id: row.id,
    fundId: row.fundId,
    fundName,
    amountPoisha: row.amountPoisha,
    status: row.status as WithdrawalStatus,
    mode: row.mode as TWithdrawal['mode'],
    feedback: row.feedback,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    payout:
      row.payoutMethod && row.payoutReference && row.paidOn
        ? {
            method: row.payoutMethod as PayoutMethod,
            reference: row.payoutReference,
            paidOn: row.paidOn,
            proofImage: row.proofImage,
          }
        : null,
    outcomeReason: row.outcomeReason,
    account: accountOf(account),
    spendingReport: null,
    reportDue: false,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The withdrawals with their latest spending report and whether a report is due. */
export async function withReports<T extends TWithdrawal>(db: Db | Tx, items: T[]): Promise<T[]> {
  const reports = await reportsOf(
    db,
    items.filter((w) => w.status === 'paid' || w.status === 'reversed').map((w) => w.id),
  );
  const now = new Date();
  return items.map((w) => {
    const report = reports.get(w.id);
    return {
      ...w,
      spendingReport: report ?? null,
      reportDue: isReportDue({ status: w.status, paidOn: w.payout?.paidOn ?? null }, report, now),
    };
  });
}

/** In the request's language, the balance in its digits. */
export function aboveBalanceMessage(availablePoisha: number, lang: Language = 'en'): string {
  return translate(lang, 'The amount is more than the available balance of {{amount}}', {
    amount: formatTk(availablePoisha, lang),
  });
}

const raiser = alias(user, 'raiser');
const decider = alias(user, 'decider');
const recorder = alias(user, 'recorder');

export function adminQuery(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      row: withdrawals,
      fundName: funds.name,
      fundRaisedPoisha: funds.raisedPoisha,
      raiser: personColumns(raiser),
      decider: personColumns(decider),
      recorder: personColumns(recorder),
      account: accountColumns,
    })
    .from(withdrawals)
    .innerJoin(funds, eq(funds.id, withdrawals.fundId))
    .innerJoin(raiser, eq(raiser.id, withdrawals.raiserId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId))
    .leftJoin(decider, eq(decider.id, withdrawals.decidedBy))
    .leftJoin(recorder, eq(recorder.id, withdrawals.outcomeBy))
    .where(where);
}

type AdminRow = Awaited<ReturnType<typeof adminQuery>>[number];

export function toAdmin(r: AdminRow): TAdminWithdrawal {
  return {
    ...toWithdrawal(r.row, r.fundName, r.account),
    version: r.row.version,
    raiser: r.raiser,
    fundRaisedPoisha: r.fundRaisedPoisha,
    decidedBy: r.decider && r.decider.id ? r.decider : null,
    outcomeBy: r.recorder && r.recorder.id ? r.recorder : null,
  };
}

/**
 * The withdrawal `id` of the site's money mode, with its fund row locked (`FOR UPDATE`) and
 * the mode held (`FOR SHARE` on the settings row, so the site cannot switch to live money
 * between this check and the caller's write). A withdrawal of the other mode's money (a
 * test one on a live site) is not the admin's to decide or pay: it is as unknown as it is
 * on their lists (decision 449).
 */
export async function lockWithdrawal(tx: Tx, id: string) {
  await tx.select({ mode: ledgerSettings.mode }).from(ledgerSettings).for('share');
  const [found] = await tx
    .select({ fundId: withdrawals.fundId })
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), currentModeWithdrawal));
  if (!found) throw new NotFound('Withdrawal request');
  const [fund] = await tx
    .select({ raisedPoisha: funds.raisedPoisha })
    .from(funds)
    .where(eq(funds.id, found.fundId))
    .for('update');
  // Read again under the lock: what another admin recorded meanwhile is seen.
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
  return { row: row!, raisedPoisha: fund!.raisedPoisha };
}

type Locked = Awaited<ReturnType<typeof lockWithdrawal>>;

/**
 * Refuses a locked withdrawal the fund no longer holds (a refund or a chargeback since the
 * request took it): everything held back counts this request once; without it, what is left.
 */
export async function refuseAboveBalance(tx: Tx, { row, raisedPoisha }: Locked, lang: Language) {
  const left = raisedPoisha - ((await heldBack(tx, row.fundId)) - row.amountPoisha);
  if (row.amountPoisha > left)
    throw new Conflict(aboveBalanceMessage(Math.max(0, left), lang), 'above_balance');
}

/**
 * An admin's step on one withdrawal, in one transaction: the withdrawal locked with its fund
 * (`lockWithdrawal`), the step (its checks and its write; it returns what it recorded), then
 * the fund's audit entry and the withdrawal as the admins now see it (`endAdminStep`).
 */
export function adminStep(
  db: Db,
  adminId: string,
  id: string,
  step: (tx: Tx, locked: Locked) => Promise<{ status: string } & Record<string, unknown>>,
): Promise<TAdminWithdrawal> {
  return db.transaction(async (tx) => {
    const locked = await lockWithdrawal(tx, id);
    return endAdminStep(tx, locked.row, adminId, await step(tx, locked));
  });
}

/**
 * Ends an admin's step on a withdrawal (`row` as read under the lock): into the fund's
 * audit trail as `withdrawal_<status>`, from the status it had to `after` (the new status
 * and what was recorded with it); then the withdrawal as the admins now see it.
 */
export async function endAdminStep(
  tx: Tx,
  row: Row,
  adminId: string,
  after: { status: string } & Record<string, unknown>,
): Promise<TAdminWithdrawal> {
  await recordEvent(
    tx,
    row.fundId,
    adminId,
    `withdrawal_${after.status}`,
    { withdrawal: row.id, status: row.status },
    {
      withdrawal: row.id,
      amountPoisha: row.amountPoisha,
      payoutAccount: row.payoutAccountId,
      ...after,
    },
  );
  const [now] = await adminQuery(tx, eq(withdrawals.id, row.id));
  return (await withReports(tx, [toAdmin(now!)]))[0]!;
}
