import { and, desc, eq, sql } from 'drizzle-orm';
import type { PayoutMethod, WithdrawalStatus } from '@easyfund/shared/constants';
import { tkToPoisha } from '@easyfund/shared/money';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { TMe } from '@easyfund/shared/schemas/common';
import type {
  TFundPayouts,
  TWithdrawal,
  TWithdrawalRequest,
} from '@easyfund/shared/schemas/withdrawals';
import type { Db } from '../../db/client';
import { funds, payoutAccounts, withdrawals } from '../../db/schema';
import {
  type ActingAdmin,
  type Decision,
  decidePending,
  OWN_WITHDRAWAL,
} from '../decisions/service';
import { Invalid, NotFound } from '../../lib/errors';
import { countUpTo, paginate } from '../../lib/lists';
import { usableAccount } from '../payouts/accounts';
import { reportsOf } from '../spending-reports/service';
import { currentModeWithdrawal, fundWithdrawals, heldBack } from './balance';
import {
  aboveBalanceMessage,
  accountColumns,
  adminQuery,
  adminStep,
  refuseAboveBalance,
  toAdmin,
  toWithdrawal,
  withReports,
} from './view';

export { aboveBalanceMessage } from './view';
export { recordPayout } from './outcomes';

/**
 * Withdraw Request on an own fund. The fund row is locked (SELECT … FOR UPDATE) while
 * the balance is computed and the request written, so two requests at once cannot
 * both take the same money, nor a request take money an admin is refunding.
 */
export async function requestWithdrawal(
  db: Db,
  actor: Pick<TMe, 'id'>,
  input: TWithdrawalRequest,
  lang: Language = 'en',
): Promise<TWithdrawal> {
  return db.transaction(async (tx) => {
    const [fund] = await tx
      .select({ id: funds.id, name: funds.name, raisedPoisha: funds.raisedPoisha })
      .from(funds)
      .where(and(eq(funds.id, input.fundId), eq(funds.raiserId, actor.id)))
      .for('update');
    if (!fund) throw new NotFound('Fund');
    // Approved and pending withdrawals and admin refunds under way are no longer available.
    const available = Math.max(0, fund.raisedPoisha - (await heldBack(tx, fund.id)));
    const amountPoisha = tkToPoisha(input.amountTk);
    if (amountPoisha > available) {
      const message = aboveBalanceMessage(available, lang);
      throw new Invalid(message, { amountTk: message });
    }
    // Paid only to the raiser's own approved account, out of its hold.
    const account = await usableAccount(tx, input.payoutAccountId, actor.id, lang, true);
    const [row] = await tx
      .insert(withdrawals)
      .values({
        fundId: fund.id,
        raiserId: actor.id,
        amountPoisha,
        status: 'pending',
        mode: sql`(select mode from ledger_settings)`,
        payoutAccountId: account.id,
      })
      .returning();
    return toWithdrawal(row!, fund.name, account);
  });
}

/** The raiser's own withdrawal requests, newest first. */
export async function listMyWithdrawals(db: Db, actor: Pick<TMe, 'id'>) {
  const rows = await db
    .select({ row: withdrawals, fundName: funds.name, account: accountColumns })
    .from(withdrawals)
    .innerJoin(funds, eq(funds.id, withdrawals.fundId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId))
    .where(and(eq(withdrawals.raiserId, actor.id), currentModeWithdrawal))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id));
  return {
    items: await withReports(
      db,
      rows.map((r) => toWithdrawal(r.row, r.fundName, r.account)),
    ),
  };
}

/** Manage Withdrawals: every request, newest first. */
export async function listAdminWithdrawals(
  db: Db,
  query: { status?: WithdrawalStatus; page: number; pageSize: number },
) {
  const where = and(
    query.status ? eq(withdrawals.status, query.status) : undefined,
    currentModeWithdrawal,
  );
  const page = await paginate(
    query,
    ({ limit, offset }) =>
      adminQuery(db, where)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit)
        .offset(offset),
    countUpTo(db, withdrawals, where),
    toAdmin,
  );
  return { ...page, items: await withReports(db, page.items) };
}

/**
 * Approve or deny a pending withdrawal, once (a denied amount returns to the balance).
 * Approval re-checks, with the fund row locked, that the fund still holds the amount: a
 * refund or a chargeback since the request may have taken it.
 */
export function decideWithdrawal(db: Db, admin: ActingAdmin, id: string, decision: Decision) {
  return adminStep(db, admin.id, id, async (tx, locked) => {
    const { row } = locked;
    if (decision.status === 'approved' && row.status === 'pending') {
      await refuseAboveBalance(tx, locked, admin.lang);
      // The account may have been removed since the request.
      if (row.payoutAccountId)
        await usableAccount(tx, row.payoutAccountId, row.raiserId, admin.lang, false);
    }
    await decidePending(tx, withdrawals, id, admin.id, decision, {
      what: 'Withdrawal request',
      subject: 'This withdrawal',
      own: OWN_WITHDRAWAL,
    });
    return { status: decision.status };
  });
}

/**
 * "Where the money went" on a fund's page: what it raised, each payout (paid, of the
 * site's money mode, newest first, with its method and day; no account, no reference)
 * and what remains. The caller has checked that the viewer may read the fund.
 */
export async function fundPayouts(db: Db, fundId: string): Promise<TFundPayouts> {
  const [fund] = await db
    .select({ raisedPoisha: funds.raisedPoisha })
    .from(funds)
    .where(eq(funds.id, fundId));
  if (!fund) throw new NotFound('Fund');
  const rows = await fundWithdrawals(db, fundId, 'paid', {
    id: withdrawals.id,
    amountPoisha: withdrawals.amountPoisha,
    method: withdrawals.payoutMethod,
    paidOn: withdrawals.paidOn,
  }).orderBy(desc(withdrawals.paidOn), desc(withdrawals.outcomeAt), desc(withdrawals.id));
  const reports = await reportsOf(
    db,
    rows.map((r) => r.id),
    true,
  );
  const items = rows.map((r) => ({
    id: r.id,
    amountPoisha: r.amountPoisha,
    method: r.method as PayoutMethod,
    paidOn: r.paidOn!,
    report: reports.get(r.id) ?? null,
  }));
  const paidOutPoisha = items.reduce((sum, p) => sum + p.amountPoisha, 0);
  return {
    raisedPoisha: fund.raisedPoisha,
    paidOutPoisha,
    remainingPoisha: Math.max(0, fund.raisedPoisha - paidOutPoisha),
    items,
  };
}
