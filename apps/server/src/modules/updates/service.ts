import { and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DecisionStatus } from '@easyfund/shared/constants';
import type { TMe } from '@easyfund/shared/schemas/common';
import {
  type TAdminFundUpdate,
  type TFundUpdate,
  type TFundUpdateList,
  type TUnsubscribeInfo,
  UPDATES_PER_DAY,
  type ZCreateFundUpdateRequest,
} from '@easyfund/shared/schemas/updates';
import type { Db, Tx } from '../../db/client';
import { fundSubscriptions, fundUpdates, funds, user } from '../../db/schema';
import { type Decision, decider, deciderOf, personColumns, refuseOwn } from '../decisions/service';
import { Conflict, DomainError, NotFound } from '../../lib/errors';
import { countUpTo, type PageRequest, paginate } from '../../lib/lists';
import { openFundFor, type Viewer } from '../funds/service';
import { readUnsubscribeToken, setSubscription } from './subscriptions';

export const UPDATE_MESSAGES = {
  notApproved: 'Updates can be posted once the fund is approved',
} as const;

/** 409 fund_on_hold: a taken-down fund's page and donors get no update (decision 453). */
const ON_HOLD_MESSAGE = 'A suspended or closed fund takes no updates';

export const OWN_FUND_UPDATE = "This is your own fund's update: another admin must decide on it";

/** 429: the fund posted its updates of the day (each one e-mails every subscriber). */
export class TooManyUpdates extends DomainError {
  constructor(message = 'A fund can post at most 3 updates a day. Please post again tomorrow.') {
    super(429, 'too_many_updates', message);
  }
}

const DAY_MS = 24 * 60 * 60_000;

const columns = {
  id: fundUpdates.id,
  body: fundUpdates.body,
  image: fundUpdates.image,
  status: fundUpdates.status,
  feedback: fundUpdates.feedback,
  authorName: user.name,
  createdAt: fundUpdates.createdAt,
};

const toUpdate = (row: {
  id: string;
  body: string;
  image: string | null;
  status: string;
  feedback: string | null;
  authorName: string;
  createdAt: Date;
}): TFundUpdate => ({
  ...row,
  status: row.status as DecisionStatus,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A fund's updates, newest first, for whoever may see the fund's page whole (an
 * unapproved or taken-down fund's updates answer only its raiser and admins,
 * `openFundFor`): the approved ones, and to the fund's organiser and admins also a first
 * update waiting for review or denied. `canPost`: the viewer raised this approved fund,
 * and it is not taken down.
 */
export async function listFundUpdates(
  db: Db,
  viewer: Viewer,
  fundId: string,
  query: PageRequest,
): Promise<TFundUpdateList> {
  const fund = await openFundFor(db, viewer, fundId);
  const owner = viewer.me !== null && viewer.me.id === fund.raiserId;
  const where = and(
    eq(fundUpdates.fundId, fund.id),
    owner || viewer.admin ? undefined : eq(fundUpdates.status, 'approved'),
  );
  const page = await paginate(
    query,
    ({ limit, offset }) =>
      db
        .select(columns)
        .from(fundUpdates)
        .innerJoin(user, eq(user.id, fundUpdates.authorId))
        .where(where)
        .orderBy(desc(fundUpdates.createdAt), desc(fundUpdates.id))
        .limit(limit)
        .offset(offset),
    countUpTo(db, fundUpdates, where),
    toUpdate,
  );
  return {
    ...page,
    canPost: owner && fund.status === 'approved' && !fund.hold && viewer.me?.role !== 'user',
  };
}

/** What the update e-mails of an approved update need. */
export interface PublishedUpdate {
  fund: { id: string; name: string };
  update: { id: string; body: string };
}

/**
 * Posts an update to an own approved fund. Another person's fund is a 404 (as if it did
 * not exist); a pending or denied fund cannot take updates yet, a suspended or closed one
 * none at all (409). A fund's first update waits for an admin (`pending`; another one
 * meanwhile is a 409); once one was approved, later ones are approved at once and
 * `published` says what to e-mail. At most UPDATES_PER_DAY in 24 hours (429): counted
 * under a lock of the fund's row, so updates posted at the same moment cannot all slip
 * under the limit.
 */
export async function postFundUpdate(
  db: Db,
  actor: TMe,
  fundId: string,
  input: z.output<typeof ZCreateFundUpdateRequest>,
  now: Date = new Date(),
): Promise<{ update: TFundUpdate; published: PublishedUpdate | null }> {
  return db.transaction(async (tx) => {
    const [fund] = await tx
      .select({ id: funds.id, name: funds.name, status: funds.status, hold: funds.hold })
      .from(funds)
      .where(and(eq(funds.id, fundId), eq(funds.raiserId, actor.id)))
      .for('update');
    if (!fund) throw new NotFound('Fund');
    if (fund.status !== 'approved') throw new Conflict(UPDATE_MESSAGES.notApproved, 'not_approved');
    // Taken down: no update reaches the page or the donors' mailboxes (decision 453).
    if (fund.hold) throw new Conflict(ON_HOLD_MESSAGE, 'fund_on_hold');
    const since = new Date(now.getTime() - DAY_MS);
    const [seen] = await tx
      .select({
        pending: sql<number>`count(*) filter (where ${fundUpdates.status} = 'pending')`.mapWith(
          Number,
        ),
        approved: sql<number>`count(*) filter (where ${fundUpdates.status} = 'approved')`.mapWith(
          Number,
        ),
        today:
          sql<number>`count(*) filter (where ${fundUpdates.createdAt} > ${since.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
      })
      .from(fundUpdates)
      .where(eq(fundUpdates.fundId, fund.id));
    if (seen && seen.pending > 0)
      throw new Conflict(
        "This fund's first update is waiting for an admin's review. You can post again once it is decided.",
        'update_pending_review',
      );
    if (seen && seen.today >= UPDATES_PER_DAY) throw new TooManyUpdates();
    const status = seen && seen.approved > 0 ? 'approved' : 'pending';
    const [row] = await tx
      .insert(fundUpdates)
      .values({
        fundId: fund.id,
        authorId: actor.id,
        body: input.body,
        image: input.image ?? null,
        status,
      })
      .returning();
    if (!row) throw new Error('update not stored');
    return {
      update: toUpdate({ ...row, authorName: actor.name }),
      published:
        status === 'approved'
          ? { fund: { id: fund.id, name: fund.name }, update: { id: row.id, body: row.body } }
          : null,
    };
  });
}

const author = alias(user, 'author');

function adminUpdateQuery(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      update: fundUpdates,
      fund: { id: funds.id, name: funds.name },
      author: personColumns(author),
      decider: personColumns(decider),
    })
    .from(fundUpdates)
    .innerJoin(funds, eq(funds.id, fundUpdates.fundId))
    .innerJoin(author, eq(author.id, fundUpdates.authorId))
    .leftJoin(decider, eq(decider.id, fundUpdates.decidedBy))
    .where(where);
}

function toAdminUpdate(
  row: Awaited<ReturnType<typeof adminUpdateQuery>>[number],
): TAdminFundUpdate {
  const { update: u, fund, author: a, decider: d } = row;
  return {
    ...toUpdate({ ...u, authorName: a.name }),
    fund,
    author: a,
    decidedBy: deciderOf(d),
    decidedAt: u.decidedAt?.toISOString() ?? null,
  };
}

/**
 * The admins' list of updates reviewed before they are published (a fund's first ones):
 * those waiting, oldest first (or the decided ones of a status, newest first). Updates
 * published at once never wait and are not listed as decided.
 */
export async function listUpdatesForReview(
  db: Db,
  query: PageRequest & { status: DecisionStatus },
) {
  const where = and(
    eq(fundUpdates.status, query.status),
    query.status === 'pending' ? undefined : isNotNull(fundUpdates.decidedAt),
  );
  const order =
    query.status === 'pending'
      ? [asc(fundUpdates.createdAt), asc(fundUpdates.id)]
      : [desc(fundUpdates.decidedAt), desc(fundUpdates.id)];
  return paginate(
    query,
    ({ limit, offset }) =>
      adminUpdateQuery(db, where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    countUpTo(db, fundUpdates, where),
    toAdminUpdate,
  );
}

/**
 * An admin approves or denies an update waiting for review, once, and not one of their
 * own fund. Approved, it becomes public and `published` says what to e-mail.
 */
export async function decideFundUpdate(
  db: Db,
  admin: Pick<TMe, 'id'>,
  updateId: string,
  decision: Omit<Decision, 'version'>,
): Promise<{ update: TAdminFundUpdate; published: PublishedUpdate | null }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ status: fundUpdates.status, raiserId: funds.raiserId, hold: funds.hold })
      .from(fundUpdates)
      .innerJoin(funds, eq(funds.id, fundUpdates.fundId))
      .where(eq(fundUpdates.id, updateId))
      // The fund's row too: a takedown at the same moment waits, or is seen (its hold).
      .for('update', { of: [fundUpdates, funds] });
    if (!found) throw new NotFound('Update');
    refuseOwn(found.raiserId, admin.id, OWN_FUND_UPDATE);
    if (found.status !== 'pending')
      throw new Conflict(`This update has already been ${found.status}`, 'already_decided');
    // A taken-down fund's update is not published to its page or its donors (decision 453).
    if (found.hold && decision.status === 'approved')
      throw new Conflict(ON_HOLD_MESSAGE, 'fund_on_hold');
    await tx
      .update(fundUpdates)
      .set({
        status: decision.status,
        feedback: decision.feedback,
        decidedBy: admin.id,
        decidedAt: new Date(),
      })
      .where(eq(fundUpdates.id, updateId));
    const [row] = await adminUpdateQuery(tx, eq(fundUpdates.id, updateId));
    if (!row) throw new NotFound('Update');
    const update = toAdminUpdate(row);
    return {
      update,
      published:
        decision.status === 'approved'
          ? { fund: row.fund, update: { id: update.id, body: update.body } }
          : null,
    };
  });
}

async function subscriptionOf(db: Db, secret: string, token: string) {
  const who = readUnsubscribeToken(secret, token);
  if (!who) throw new NotFound('Subscription');
  const [row] = await db
    .select({ fundId: funds.id, fundName: funds.name, subscribed: fundSubscriptions.subscribed })
    .from(fundSubscriptions)
    .innerJoin(funds, eq(funds.id, fundSubscriptions.fundId))
    .where(and(eq(fundSubscriptions.userId, who.userId), eq(fundSubscriptions.fundId, who.fundId)));
  if (!row) throw new NotFound('Subscription');
  return { ...row, userId: who.userId };
}

/** What an unsubscribe link stops; reading it changes nothing. */
export async function getSubscription(
  db: Db,
  secret: string,
  token: string,
): Promise<TUnsubscribeInfo> {
  const { fundId, fundName, subscribed } = await subscriptionOf(db, secret, token);
  return { fundId, fundName, subscribed };
}

/** Stops a fund's update e-mails for the person of a signed link (again: no change). */
export async function unsubscribe(
  db: Db,
  secret: string,
  token: string,
): Promise<TUnsubscribeInfo> {
  const { fundId, fundName, userId } = await subscriptionOf(db, secret, token);
  await setSubscription(db, userId, fundId, false);
  return { fundId, fundName, subscribed: false };
}
