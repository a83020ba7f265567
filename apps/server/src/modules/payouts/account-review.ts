// The admins' side of payout accounts: the review list, one account with its history, and
// the decision. The raiser's side (adding, removing, choosing one) is ./accounts.ts.
import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type PayoutAccountStatus,
  type TAdminPayoutAccount,
  type TAdminPayoutAccountDetail,
  type TPayoutAccountDecision,
} from '@easyfund/shared/schemas/payouts';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { Db, Tx } from '../../db/client';
import {
  payoutAccountEvents,
  payoutAccounts,
  user,
  verificationApplications,
} from '../../db/schema';
import { ChangedSinceViewed, Conflict, NotFound, OwnRequest } from '../../lib/errors';
import { auditTrail } from '../decisions/audit-trail';
import { deciderOf, personColumns, reviewedRequests } from '../decisions/service';
import { countUpTo, paginate } from '../../lib/lists';
import { ACCOUNT_MESSAGES, recordAccountEvent, toAccount } from './accounts';

const owner = alias(user, 'owner');

/** The name the owner was verified with: their latest approved application's. */
const verifiedName = sql<string | null>`(
  select ${verificationApplications.name} from ${verificationApplications}
  where ${verificationApplications.userId} = ${payoutAccounts.userId}
    and ${verificationApplications.status} = 'approved'
  order by ${verificationApplications.decidedAt} desc nulls last limit 1)`;

function adminQuery(db: Db | Tx, where: SQL | undefined) {
  const fields = { row: payoutAccounts, owner: personColumns(owner), verifiedName };
  const from = { alias: owner, on: payoutAccounts.userId };
  return reviewedRequests(db, payoutAccounts, from, fields, where);
}

type AdminRow = Awaited<ReturnType<typeof adminQuery>>[number];

function toAdmin(r: AdminRow, now = new Date()): TAdminPayoutAccount {
  return {
    ...toAccount(r.row, now),
    version: r.row.version,
    owner: r.owner,
    verifiedName: r.verifiedName ?? null,
    decidedBy: deciderOf(r.decider),
  };
}

/** Every payout account for the admins, newest first (numbers masked). */
export async function listAdminAccounts(
  db: Db,
  query: { status?: PayoutAccountStatus; page: number; pageSize: number },
) {
  const where = query.status ? eq(payoutAccounts.status, query.status) : undefined;
  const now = new Date();
  return paginate(
    query,
    ({ limit, offset }) =>
      adminQuery(db, where)
        .orderBy(desc(payoutAccounts.createdAt), desc(payoutAccounts.id))
        .limit(limit)
        .offset(offset),
    countUpTo(db, payoutAccounts, where),
    (r) => toAdmin(r, now),
  );
}

/**
 * One account with its full number, for the admin checking it against the owner's
 * verified name; the viewing goes into the account's audit trail.
 */
export async function getAdminAccount(
  db: Db,
  admin: Pick<TMe, 'id'>,
  id: string,
): Promise<TAdminPayoutAccountDetail> {
  return db.transaction(async (tx) => {
    const [found] = await adminQuery(tx, eq(payoutAccounts.id, id));
    if (!found) throw new NotFound('Payout account');
    await recordAccountEvent(tx, id, admin.id, 'viewed', null);
    const events = await auditTrail(
      tx,
      payoutAccountEvents,
      {
        action: payoutAccountEvents.action,
        detail: payoutAccountEvents.detail,
        createdAt: payoutAccountEvents.createdAt,
      },
      eq(payoutAccountEvents.accountId, id),
    );
    return {
      ...toAdmin(found),
      number: found.row.number,
      events: events.map((e) => ({
        action: e.action,
        actor: deciderOf(e.actor),
        detail: (e.detail as Record<string, unknown> | null) ?? null,
        createdAt: e.createdAt.toISOString(),
      })),
    };
  });
}

/**
 * Approve a pending account, or deny it with a reason: once, on the version the admin was
 * shown, never on their own account — all in one conditional UPDATE.
 */
export async function decideAccount(
  db: Db,
  admin: Pick<TMe, 'id'>,
  id: string,
  decision: TPayoutAccountDecision,
): Promise<TAdminPayoutAccount> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payoutAccounts)
      .set({
        status: decision.status,
        feedback: decision.feedback,
        decidedBy: admin.id,
        decidedAt: new Date(),
      })
      .where(
        and(
          eq(payoutAccounts.id, id),
          eq(payoutAccounts.status, 'pending'),
          eq(payoutAccounts.version, decision.version),
          ne(payoutAccounts.userId, admin.id),
        ),
      )
      .returning({ id: payoutAccounts.id });
    if (!updated) {
      const [exists] = await tx
        .select({
          status: payoutAccounts.status,
          userId: payoutAccounts.userId,
          version: payoutAccounts.version,
        })
        .from(payoutAccounts)
        .where(eq(payoutAccounts.id, id));
      if (!exists) throw new NotFound('Payout account');
      if (exists.userId === admin.id) throw new OwnRequest(ACCOUNT_MESSAGES.own.message);
      if (exists.status === 'pending') throw new ChangedSinceViewed(exists.version);
      throw new Conflict(
        `This payout account has already been ${exists.status}`,
        'already_decided',
      );
    }
    await recordAccountEvent(tx, id, admin.id, decision.status, { feedback: decision.feedback });
    const [after] = await adminQuery(tx, eq(payoutAccounts.id, id));
    return toAdmin(after!);
  });
}
