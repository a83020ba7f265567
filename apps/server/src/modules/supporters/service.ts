import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { TSupporter, TSupporterList, WallView } from '@easyfund/shared/schemas/supporters';
import type { Db } from '../../db/client';
import { funds, payments, user } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { ofLedgerMode } from '../ledger/mode';
import { recordEvent } from '../funds/events';
import { openFundFor } from '../funds/service';
import { paymentsWithDonor } from '../payments/with-donor';
import { shortName } from './names';

/** Who looks at the wall: a visitor, a donor, the fund's raiser or an admin. */
export interface Viewer {
  me: TMe | null;
  /** An admin with admin rights (verified address, two-factor where required). */
  admin: boolean;
}

/** What the name of an anonymous donor reads for everybody but admins and the donor. */
export const ANONYMOUS = 'Anonymous';

/**
 * A fund's succeeded payments. The status is written in the statement, not sent as a
 * value: the statement is prepared (decision 438), and its generic plan, used after a few
 * runs, may read a partial index (`payments_wall_*_idx`, `status = 'succeeded'`) only when
 * the statement itself says the status; sent as a value, the wall of a fund of 2,000 gifts
 * read, joined and sorted all of them (the request 7.5 ms instead of 2.8 at 1M payments).
 */
const succeeded = (fundId: string) =>
  and(
    eq(payments.fundId, fundId),
    sql`${payments.status} = 'succeeded'`,
    ofLedgerMode(payments.mode),
  );

/** Each view's filter and order, matching its partial index (payments_wall_*_idx). */
function viewQuery(
  view: WallView,
  fundId: string,
  moderator: boolean,
): { where: SQL; order: SQL[] } {
  const recent = [
    sql`${payments.succeededAt} desc nulls last`,
    sql`${payments.id} desc nulls last`,
  ];
  switch (view) {
    case 'top':
      return {
        where: succeeded(fundId)!,
        order: [sql`${payments.amountPoisha} desc nulls last`, ...recent],
      };
    case 'messages':
      return {
        // The raiser and admins see hidden messages too (to show them again).
        where: moderator
          ? and(succeeded(fundId), isNotNull(payments.supportMessage))!
          : and(
              succeeded(fundId),
              isNotNull(payments.supportMessage),
              eq(payments.messageHidden, false),
            )!,
        order: recent,
      };
    default:
      return { where: succeeded(fundId)!, order: recent };
  }
}

/**
 * One page of the donor wall: the fund (whose wall answers the public only while it is
 * approved and not taken down, `openFundFor`), then one indexed query. Names: admins see them whole; the donor sees their own; everybody
 * else sees "Anonymous" where the donor chose so, otherwise the shortened name.
 * Hidden messages are left out for everybody but the raiser and admins.
 */
export async function listSupporters(
  db: Db,
  viewer: Viewer,
  fundId: string,
  query: { view: WallView; page: number; pageSize: number },
): Promise<TSupporterList> {
  const { raiserId } = await openFundFor(db, viewer, fundId);
  const moderator = viewer.admin || (viewer.me !== null && viewer.me.id === raiserId);
  const { where, order } = viewQuery(query.view, fundId, moderator);
  const rows = await paymentsWithDonor(db, {
    id: payments.id,
    userId: payments.userId,
    name: user.name,
    anonymous: payments.anonymous,
    amountPoisha: payments.amountPoisha,
    message: payments.supportMessage,
    messageHidden: payments.messageHidden,
    succeededAt: payments.succeededAt,
    createdAt: payments.createdAt,
  })
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
  const items = rows.slice(0, query.pageSize).map((r): TSupporter => {
    const mine = viewer.me?.id === r.userId;
    const name = viewer.admin ? r.name : r.anonymous && !mine ? ANONYMOUS : shortName(r.name);
    const showMessage = !r.messageHidden || moderator;
    return {
      id: r.id,
      name,
      anonymous: r.anonymous,
      mine,
      amountPoisha: r.amountPoisha,
      message: showMessage ? r.message : null,
      messageHidden: moderator ? r.messageHidden : false,
      donatedAt: (r.succeededAt ?? r.createdAt).toISOString(),
    };
  });
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    hasMore: rows.length > query.pageSize,
    canModerate: moderator,
  };
}

/**
 * The fund's raiser or an admin hides a message of support from the wall (or shows it
 * again). The audit trail keeps the message. Anybody else, an unknown donation or one
 * without a message: 404.
 */
export async function setMessageHidden(
  db: Db,
  viewer: Viewer & { me: TMe },
  fundId: string,
  donationId: string,
  hidden: boolean,
): Promise<{ id: string; messageHidden: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        raiserId: funds.raiserId,
        message: payments.supportMessage,
        messageHidden: payments.messageHidden,
      })
      .from(payments)
      .innerJoin(funds, eq(funds.id, payments.fundId))
      .where(
        and(
          eq(payments.id, donationId),
          eq(payments.fundId, fundId),
          eq(payments.status, 'succeeded'),
          isNotNull(payments.supportMessage),
        ),
      )
      .for('update', { of: payments });
    if (!row || !(viewer.admin || row.raiserId === viewer.me.id)) throw new NotFound('Message');
    if (row.messageHidden !== hidden) {
      await tx.update(payments).set({ messageHidden: hidden }).where(eq(payments.id, donationId));
      await recordEvent(
        tx,
        fundId,
        viewer.me.id,
        hidden ? 'message_hidden' : 'message_shown',
        { donationId, message: row.message, hidden: row.messageHidden },
        { donationId, hidden },
      );
    }
    return { id: donationId, messageHidden: hidden };
  });
}
