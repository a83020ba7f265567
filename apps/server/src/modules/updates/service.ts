import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TMe } from '@easyfund/shared/schemas/common';
import type {
  TFundUpdate,
  TFundUpdateList,
  TUnsubscribeInfo,
  ZCreateFundUpdateRequest,
} from '@easyfund/shared/schemas/updates';
import type { Db } from '../../db/client';
import { fundSubscriptions, fundUpdates, funds, user } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/errors';
import { type PageRequest, paginate } from '../../lib/lists';
import { openFundFor } from '../funds/service';
import { readUnsubscribeToken, setSubscription } from './subscriptions';

export const UPDATE_MESSAGES = {
  notApproved: 'Updates can be posted once the fund is approved',
} as const;

const columns = {
  id: fundUpdates.id,
  body: fundUpdates.body,
  image: fundUpdates.image,
  authorName: user.name,
  createdAt: fundUpdates.createdAt,
};

const toUpdate = (row: {
  id: string;
  body: string;
  image: string | null;
  authorName: string;
  createdAt: Date;
}): TFundUpdate => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * A fund's updates, newest first, for whoever may see the fund's page whole (an
 * unapproved or taken-down fund's updates answer only its raiser and admins,
 * `openFundFor`). `canPost`: the viewer raised this approved fund, and it is not taken down.
 */
export async function listFundUpdates(
  db: Db,
  viewer: TMe | null,
  fundId: string,
  query: PageRequest,
): Promise<TFundUpdateList> {
  const fund = await openFundFor(db, { me: viewer, admin: viewer?.role === 'admin' }, fundId);
  const owner = viewer !== null && viewer.id === fund.raiserId;
  const where = eq(fundUpdates.fundId, fund.id);
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
    db.select({ n: count() }).from(fundUpdates).where(where),
    toUpdate,
  );
  return {
    ...page,
    canPost: owner && fund.status === 'approved' && !fund.hold && viewer?.role !== 'user',
  };
}

/**
 * Posts an update to an own approved fund. Another person's fund is a 404 (as if it did
 * not exist); a pending or denied fund cannot take updates yet, a suspended or closed one
 * none at all (409).
 */
export async function postFundUpdate(
  db: Db,
  actor: TMe,
  fundId: string,
  input: z.output<typeof ZCreateFundUpdateRequest>,
): Promise<{ update: TFundUpdate; fund: { id: string; name: string } }> {
  const [fund] = await db
    .select({ id: funds.id, name: funds.name, status: funds.status, hold: funds.hold })
    .from(funds)
    .where(and(eq(funds.id, fundId), eq(funds.raiserId, actor.id)));
  if (!fund) throw new NotFound('Fund');
  if (fund.status !== 'approved') throw new Conflict(UPDATE_MESSAGES.notApproved, 'not_approved');
  // Taken down: no update reaches the page or the donors' mailboxes (decision 453).
  if (fund.hold) throw new Conflict('A suspended or closed fund takes no updates', 'fund_on_hold');
  const [row] = await db
    .insert(fundUpdates)
    .values({ fundId: fund.id, authorId: actor.id, body: input.body, image: input.image ?? null })
    .returning();
  if (!row) throw new Error('update not stored');
  return {
    update: toUpdate({ ...row, authorName: actor.name }),
    fund: { id: fund.id, name: fund.name },
  };
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
