import { and, eq, ne, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  alias,
  type PgTable,
  type SelectedFields,
  type TableLikeHasEmptySelection,
} from 'drizzle-orm/pg-core';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { Db, Tx } from '../../db/client';
import { funds, user, verificationApplications, withdrawals } from '../../db/schema';
import { ChangedSinceViewed, Conflict, NotFound, OwnRequest } from '../../lib/errors';

/** The requests an admin approves or denies: each goes pending → approved | denied, once. */
export type DecisionTable = typeof funds | typeof verificationApplications | typeof withdrawals;

/*
 * Nobody decides on their own request: an admin who raises a fund, asks for a withdrawal
 * or applies to be a raiser waits for another admin, like anyone else (403 own_request).
 */
export const OWN_FUND_REQUEST = 'This is your own fund request: another admin must decide on it';
export const OWN_FUND_EDIT = 'This is an edit of your own fund: another admin must decide on it';
export const OWN_WITHDRAWAL = 'This is your own withdrawal: another admin must decide on it';
export const OWN_APPLICATION = 'This is your own application: another admin must decide on it';
export const OWN_FUND_HOLD = 'This is your own fund: another admin must lift its suspension';
export const OWN_FUND_ZAKAT = 'This is your own fund: another admin must mark it Zakat-eligible';
export const OWN_FUND_PAYMENT = 'This payment is to your own fund: another admin must review it';
export const OWN_FUND_REPORT = 'This report is about your own fund: another admin must resolve it';

/** Who asked for each kind of request. */
function ownerOf(table: DecisionTable) {
  if (table === funds) return funds.raiserId;
  if (table === withdrawals) return withdrawals.raiserId;
  return verificationApplications.userId;
}

/** The admin acting, with the language of their request (for the messages that carry an amount). */
export interface ActingAdmin {
  id: string;
  lang: Language;
}

/** Refuses an admin's decision on what they own themselves (403 own_request). */
export function refuseOwn(ownerId: string | null | undefined, adminId: string, message: string) {
  if (ownerId === adminId) throw new OwnRequest(message);
}

export interface Decision {
  status: 'approved' | 'denied';
  feedback: string | null;
  /** The version of the request the admin was shown (decision 452). */
  version: number;
}

/** Refuses a decision made on a version the admin was not shown (409 changed_since_viewed). */
export function refuseChanged(current: number, shown: number) {
  if (current !== shown) throw new ChangedSinceViewed(current);
}

/**
 * Records an admin's decision on a pending request inside the caller's transaction:
 * with the admin and the time, only while it is still pending (so two admins cannot
 * both decide), only on the version the admin was shown, and only on someone else's
 * request — all in the one conditional UPDATE. Unknown → NotFound(`what`); the admin's
 * own → 403 'own_request' (`own`); already decided → 409 'already_decided'; changed since
 * it was shown → 409 'changed_since_viewed' with the current version.
 */
export async function decidePending(
  tx: Tx,
  table: DecisionTable,
  id: string,
  adminId: string,
  decision: Decision,
  labels: DecisionLabels,
): Promise<void> {
  const owner = ownerOf(table);
  const [updated] = await tx
    .update(table)
    .set({
      status: decision.status,
      feedback: decision.feedback,
      decidedBy: adminId,
      decidedAt: new Date(),
    })
    .where(
      and(
        eq(table.id, id),
        eq(table.status, 'pending'),
        eq(table.version, decision.version),
        ne(owner, adminId),
      ),
    )
    .returning({ id: table.id });
  if (updated) return;
  const [exists] = await tx
    .select({ status: table.status, owner, version: table.version })
    .from(table)
    .where(eq(table.id, id));
  if (!exists) throw new NotFound(labels.what);
  refuseOwn(exists.owner, adminId, labels.own);
  // Still pending, so the version was not the one shown.
  if (exists.status === 'pending') throw new ChangedSinceViewed(exists.version);
  throw new Conflict(`${labels.subject} has already been ${exists.status}`, 'already_decided');
}

/** The words a refused decision speaks of the request with (see `decidePending`). */
export interface DecisionLabels {
  what: string;
  subject: string;
  own: string;
}

/**
 * An admin's decision on one kind of request, as one step: recorded by `decidePending`, then
 * `then` (what follows from it, and reading the decided request back) in the same transaction.
 */
export function decisionOn<T>(
  table: DecisionTable,
  labels: DecisionLabels,
  then: (tx: Tx, id: string, admin: { id: string }, decision: Decision) => Promise<T>,
) {
  return (db: Db, admin: { id: string }, id: string, decision: Decision): Promise<T> =>
    db.transaction(async (tx) => {
      await decidePending(tx, table, id, admin.id, decision, labels);
      return then(tx, id, admin, decision);
    });
}

/** The admin who decided, to left-join on a reviewed table's `decided_by`. */
export const decider = alias(user, 'decider');

/**
 * A table passed through a generic function, as Drizzle's `from` and joins take it: they
 * cannot tell that a generic table is not an empty subquery until it is known.
 */
export function asTable<T extends PgTable>(table: T) {
  return table as TableLikeHasEmptySelection<T> extends true ? never : T;
}

/** An alias of `user`: the person a request is from, as its own table in a join. */
type PersonAlias = ReturnType<typeof alias<typeof user, string>>;

/**
 * Requests that admins review, read for them: `fields` (the request and what else the list
 * shows), joined with the person it is from (`person`, an alias of `user`, on `personId`) and
 * with the admin who decided it (`decider`: none while pending).
 */
export function reviewedRequests<
  T extends PgTable & { decidedBy: AnyPgColumn },
  P extends PersonAlias,
  F extends SelectedFields,
>(db: Db | Tx, table: T, person: { alias: P; on: AnyPgColumn }, fields: F, where: SQL | undefined) {
  return db
    .select({ ...fields, decider: personColumns(decider) })
    .from(asTable(table))
    .innerJoin(asTable(person.alias), eq(person.alias.id, person.on))
    .leftJoin(decider, eq(decider.id, table.decidedBy))
    .where(where);
}

/** The person of an alias of `user` as admins' lists show them: id, name and e-mail. */
export function personColumns<A extends { id: unknown; name: unknown; email: unknown }>(
  a: A,
): Pick<A, 'id' | 'name' | 'email'> {
  return { id: a.id, name: a.name, email: a.email };
}

interface Person {
  id: string;
  name: string;
  email: string;
}

/** A person read by a left join of `user` (a decider, an actor, a reporter): null where there is none. */
export function deciderOf(d: Person | null): Person | null {
  return d && d.id ? { id: d.id, name: d.name, email: d.email } : null;
}
