import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DecisionStatus } from '@easyfund/shared/constants';
import { formatTk, tkToPoisha } from '@easyfund/shared/money';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { TMe } from '@easyfund/shared/schemas/common';
import type {
  TAdminWithdrawal,
  TWithdrawal,
  TWithdrawalRequest,
} from '@easyfund/shared/schemas/withdrawals';
import type { Db, Tx } from '../../db/client';
import { funds, user, withdrawals } from '../../db/schema';
import { type Decision, decidePending, OWN_WITHDRAWAL } from '../../lib/decisions';
import { Invalid, NotFound } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { paginate } from '../../lib/lists';
import { currentModeWithdrawal, heldBack } from './balance';

type Row = typeof withdrawals.$inferSelect;

function toWithdrawal(row: Row, fundName: string): TWithdrawal {
  return {
    id: row.id,
    fundId: row.fundId,
    fundName,
    amountPoisha: row.amountPoisha,
    status: row.status as DecisionStatus,
    feedback: row.feedback,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
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
    const [row] = await tx
      .insert(withdrawals)
      .values({
        fundId: fund.id,
        raiserId: actor.id,
        amountPoisha,
        status: 'pending',
        mode: sql`(select mode from ledger_settings)`,
      })
      .returning();
    return toWithdrawal(row!, fund.name);
  });
}

/** The raiser's own withdrawal requests, newest first. */
export async function listMyWithdrawals(db: Db, actor: Pick<TMe, 'id'>) {
  const rows = await db
    .select({ row: withdrawals, fundName: funds.name })
    .from(withdrawals)
    .innerJoin(funds, eq(funds.id, withdrawals.fundId))
    .where(and(eq(withdrawals.raiserId, actor.id), currentModeWithdrawal))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id));
  return { items: rows.map((r) => toWithdrawal(r.row, r.fundName)) };
}

const raiser = alias(user, 'raiser');
const decider = alias(user, 'decider');

function adminQuery(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      row: withdrawals,
      fundName: funds.name,
      fundRaisedPoisha: funds.raisedPoisha,
      raiser: { id: raiser.id, name: raiser.name, email: raiser.email },
      decider: { id: decider.id, name: decider.name, email: decider.email },
    })
    .from(withdrawals)
    .innerJoin(funds, eq(funds.id, withdrawals.fundId))
    .innerJoin(raiser, eq(raiser.id, withdrawals.raiserId))
    .leftJoin(decider, eq(decider.id, withdrawals.decidedBy))
    .where(where);
}

type AdminRow = Awaited<ReturnType<typeof adminQuery>>[number];

function toAdmin(r: AdminRow): TAdminWithdrawal {
  return {
    ...toWithdrawal(r.row, r.fundName),
    version: r.row.version,
    raiser: r.raiser,
    fundRaisedPoisha: r.fundRaisedPoisha,
    decidedBy: r.decider && r.decider.id ? r.decider : null,
  };
}

/** Manage Withdrawals: every request, newest first. */
export async function listAdminWithdrawals(
  db: Db,
  query: { status?: DecisionStatus; page: number; pageSize: number },
) {
  const where = and(
    query.status ? eq(withdrawals.status, query.status) : undefined,
    currentModeWithdrawal,
  );
  return paginate(
    query,
    ({ limit, offset }) =>
      adminQuery(db, where)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(withdrawals).where(where),
    toAdmin,
  );
}

/** Approve or deny a pending withdrawal, once (a denied amount returns to the balance). */
export async function decideWithdrawal(
  db: Db,
  admin: Pick<TMe, 'id'>,
  id: string,
  decision: Decision,
): Promise<TAdminWithdrawal> {
  return db.transaction(async (tx) => {
    // A withdrawal of the other mode's money (a test one on a live site) is not the admin's
    // to decide: it is as unknown as it is on their lists (decision 449).
    const [ofThisMode] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.id, id), currentModeWithdrawal));
    if (!ofThisMode) throw new NotFound('Withdrawal request');
    await decidePending(tx, withdrawals, id, admin.id, decision, {
      what: 'Withdrawal request',
      subject: 'This withdrawal',
      own: OWN_WITHDRAWAL,
    });
    const [row] = await adminQuery(tx, eq(withdrawals.id, id));
    return toAdmin(row!);
  });
}
