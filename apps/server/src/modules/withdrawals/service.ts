import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PayoutMethod, WithdrawalStatus } from '@easyfund/shared/constants';
import { formatTk, tkToPoisha } from '@easyfund/shared/money';
import { maskAccountNumber } from '@easyfund/shared/schemas/payout-accounts';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { TMe } from '@easyfund/shared/schemas/common';
import type {
  TAdminWithdrawal,
  TFundPayouts,
  TPayoutRecord,
  TWithdrawal,
  TWithdrawalRequest,
} from '@easyfund/shared/schemas/withdrawals';
import type { Db, Tx } from '../../db/client';
import { funds, ledgerSettings, payoutAccounts, user, withdrawals } from '../../db/schema';
import {
  type Decision,
  decidePending,
  OWN_WITHDRAWAL,
  refuseChanged,
  refuseOwn,
} from '../decisions/service';
import { ChangedSinceViewed, Conflict, Invalid, NotFound } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { paginate } from '../../lib/lists';
import { recordEvent } from '../funds/events';
import { ACCOUNT_MESSAGES, usableAccount } from '../payouts/accounts';
import { isReportDue, reportsOf } from '../spending-reports/service';
import { currentModeWithdrawal, heldBack } from './balance';

type Row = typeof withdrawals.$inferSelect;

/** The account columns a withdrawal shows (its number masked). */
const accountColumns = {
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

function toWithdrawal(row: Row, fundName: string, account?: AccountRef | null): TWithdrawal {
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
async function withReports<T extends TWithdrawal>(db: Db | Tx, items: T[]): Promise<T[]> {
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

/**
 * Withdraw Request on an own fund. The fund row is locked (SELECT … FOR UPDATE) while
 * the balance is computed and the request written, so two requests at once cannot
 * both take the same money, nor a request take money an admin is refunding.
 */
export async function requestWithdrawal(
  db: Db,
  actor: Pick<TMe, 'id'>,
  input: Omit<TWithdrawalRequest, 'payoutAccountId'> & { payoutAccountId?: string | null },
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
    const account = input.payoutAccountId
      ? await usableAccount(tx, input.payoutAccountId, actor.id, lang, true)
      : null;
    const [row] = await tx
      .insert(withdrawals)
      .values({
        fundId: fund.id,
        raiserId: actor.id,
        amountPoisha,
        status: 'pending',
        mode: sql`(select mode from ledger_settings)`,
        payoutAccountId: account?.id ?? null,
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

const raiser = alias(user, 'raiser');
const decider = alias(user, 'decider');
const recorder = alias(user, 'recorder');

function adminQuery(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      row: withdrawals,
      fundName: funds.name,
      fundRaisedPoisha: funds.raisedPoisha,
      raiser: { id: raiser.id, name: raiser.name, email: raiser.email },
      decider: { id: decider.id, name: decider.name, email: decider.email },
      recorder: { id: recorder.id, name: recorder.name, email: recorder.email },
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

function toAdmin(r: AdminRow): TAdminWithdrawal {
  return {
    ...toWithdrawal(r.row, r.fundName, r.account),
    version: r.row.version,
    raiser: r.raiser,
    fundRaisedPoisha: r.fundRaisedPoisha,
    decidedBy: r.decider && r.decider.id ? r.decider : null,
    outcomeBy: r.recorder && r.recorder.id ? r.recorder : null,
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
    db.select({ n: count() }).from(withdrawals).where(where),
    toAdmin,
  );
  return { ...page, items: await withReports(db, page.items) };
}

/**
 * The withdrawal `id` of the site's money mode, with its fund row locked (`FOR UPDATE`) and
 * the mode held (`FOR SHARE` on the settings row, so the site cannot switch to live money
 * between this check and the caller's write). A withdrawal of the other mode's money (a
 * test one on a live site) is not the admin's to decide or pay: it is as unknown as it is
 * on their lists (decision 449).
 */
async function lockWithdrawal(tx: Tx, id: string) {
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

/**
 * Approve or deny a pending withdrawal, once (a denied amount returns to the balance).
 * Approval re-checks, with the fund row locked, that the fund still holds the amount: a
 * refund or a chargeback since the request may have taken it.
 */
export async function decideWithdrawal(
  db: Db,
  admin: Pick<TMe, 'id'>,
  id: string,
  decision: Decision,
  lang: Language = 'en',
): Promise<TAdminWithdrawal> {
  return db.transaction(async (tx) => {
    const { row, raisedPoisha } = await lockWithdrawal(tx, id);
    if (decision.status === 'approved' && row.status === 'pending') {
      // Everything held back counts this request once; without it, what is left for it.
      const left = raisedPoisha - ((await heldBack(tx, row.fundId)) - row.amountPoisha);
      if (row.amountPoisha > left)
        throw new Conflict(aboveBalanceMessage(Math.max(0, left), lang), 'above_balance');
      // The account may have been removed since the request.
      if (row.payoutAccountId)
        await usableAccount(tx, row.payoutAccountId, row.raiserId, lang, false);
    }
    await decidePending(tx, withdrawals, id, admin.id, decision, {
      what: 'Withdrawal request',
      subject: 'This withdrawal',
      own: OWN_WITHDRAWAL,
    });
    await recordEvent(
      tx,
      row.fundId,
      admin.id,
      `withdrawal_${decision.status}`,
      { withdrawal: id, status: row.status },
      {
        withdrawal: id,
        status: decision.status,
        amountPoisha: row.amountPoisha,
        payoutAccount: row.payoutAccountId,
      },
    );
    const [after] = await adminQuery(tx, eq(withdrawals.id, id));
    return (await withReports(tx, [toAdmin(after!)]))[0]!;
  });
}

/** From which status each recorded outcome may be reached. */
const OUTCOME_FROM = { paid: 'approved', failed: 'approved', reversed: 'paid' } as const;

/**
 * An admin records what became of an approved withdrawal's money — paid (method, the
 * amount again, the transfer's reference and day, optionally a proof image) or failed
 * (the money returns to the fund's balance) — or reverses a paid one with a reason (the
 * money returns too). A paid withdrawal changes only by that reversal (the database
 * refuses anything else). One transaction with the fund row locked and the fund's audit
 * trail entry; only on the version the admin was shown, never on their own withdrawal.
 */
export async function recordPayout(
  db: Db,
  admin: Pick<TMe, 'id'>,
  id: string,
  input: TPayoutRecord,
  lang: Language = 'en',
): Promise<TAdminWithdrawal> {
  return db.transaction(async (tx) => {
    const { row, raisedPoisha } = await lockWithdrawal(tx, id);
    refuseOwn(row.raiserId, admin.id, OWN_WITHDRAWAL);
    const from = OUTCOME_FROM[input.status];
    if (row.status !== from)
      throw from === 'paid'
        ? new Conflict('Only a paid withdrawal can be reversed', 'wrong_status')
        : new Conflict('Only an approved withdrawal can be marked paid or failed', 'wrong_status');
    refuseChanged(row.version, input.version);
    const now = new Date();
    if (input.status === 'paid') {
      const amountPoisha = tkToPoisha(input.amountTk);
      if (amountPoisha !== row.amountPoisha) {
        const message = translate(lang, 'The amount paid must be the approved {{amount}}', {
          amount: formatTk(row.amountPoisha, lang),
        });
        throw new Invalid(message, { amountTk: message });
      }
      // Money taken from the fund since the approval (a chargeback) is not paid out: the
      // admin marks the payout failed, or waits for the balance.
      const left = raisedPoisha - ((await heldBack(tx, row.fundId)) - row.amountPoisha);
      if (row.amountPoisha > left)
        throw new Conflict(aboveBalanceMessage(Math.max(0, left), lang), 'above_balance');
      // Paid to the account named, still approved and the raiser's; by its own method.
      if (row.payoutAccountId) {
        const account = await usableAccount(tx, row.payoutAccountId, row.raiserId, lang, false);
        if (account.kind !== input.method) {
          const message = translate(lang, ACCOUNT_MESSAGES.wrongMethod.message, {
            kind: account.kind,
          });
          throw new Invalid(message, { method: message });
        }
      }
    }
    const [updated] = await tx
      .update(withdrawals)
      .set(
        input.status === 'paid'
          ? {
              status: 'paid',
              payoutMethod: input.method,
              payoutReference: input.reference,
              paidOn: input.paidOn,
              proofImage: input.proofImage,
              outcomeBy: admin.id,
              outcomeAt: now,
            }
          : {
              status: input.status,
              outcomeReason: input.reason,
              outcomeBy: admin.id,
              outcomeAt: now,
            },
      )
      .where(
        and(
          eq(withdrawals.id, id),
          eq(withdrawals.status, from),
          eq(withdrawals.version, input.version),
        ),
      )
      .returning({ id: withdrawals.id });
    // The fund row is held, and every change of a withdrawal holds it: nothing moved.
    if (!updated) throw new ChangedSinceViewed(row.version);
    const { version: _version, ...recorded } = input;
    await recordEvent(
      tx,
      row.fundId,
      admin.id,
      `withdrawal_${input.status}`,
      { withdrawal: id, status: row.status },
      {
        withdrawal: id,
        amountPoisha: row.amountPoisha,
        payoutAccount: row.payoutAccountId,
        ...recorded,
      },
    );
    const [after] = await adminQuery(tx, eq(withdrawals.id, id));
    return (await withReports(tx, [toAdmin(after!)]))[0]!;
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
  const rows = await db
    .select({
      id: withdrawals.id,
      amountPoisha: withdrawals.amountPoisha,
      method: withdrawals.payoutMethod,
      paidOn: withdrawals.paidOn,
    })
    .from(withdrawals)
    .where(
      and(eq(withdrawals.fundId, fundId), eq(withdrawals.status, 'paid'), currentModeWithdrawal),
    )
    .orderBy(desc(withdrawals.paidOn), desc(withdrawals.outcomeAt), desc(withdrawals.id));
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
