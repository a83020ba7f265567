import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { TFundList, TFundListQuery, TFundPublic } from '@easyfund/shared/schemas/funds';
import type { Db } from '../../db/client';
import { funds, user } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { likePattern, paginate } from '../../lib/lists';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The columns of a public fund, with the raiser's name from a join. */
const publicColumns = {
  id: funds.id,
  name: funds.name,
  image: funds.image,
  description: funds.description,
  cause: funds.cause,
  raiserId: funds.raiserId,
  raiserName: user.name,
  goalPoisha: funds.goalPoisha,
  suggestedPoisha: funds.suggestedPoisha,
  raisedPoisha: funds.raisedPoisha,
  donationCount: funds.donationCount,
  status: funds.status,
  createdAt: funds.createdAt,
};

type FundRow = {
  [K in keyof typeof publicColumns]: (typeof publicColumns)[K]['_']['data'];
};

function toPublic(row: FundRow): TFundPublic {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    description: row.description,
    cause: row.cause as TFundPublic['cause'],
    raiserName: row.raiserName,
    goalPoisha: row.goalPoisha,
    suggestedPoisha: row.suggestedPoisha,
    raisedPoisha: row.raisedPoisha,
    donationCount: row.donationCount,
    status: row.status as TFundPublic['status'],
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Approved funds, newest first; optional search in name or description (case-insensitive)
 * and cause filter. One query for the page (with the raiser's name) and one count; both
 * filter on `status = 'approved'` ordered by `created_at`, which the (status, created_at)
 * index serves.
 */
export async function listApprovedFunds(db: Db, query: TFundListQuery): Promise<TFundList> {
  const conditions: SQL[] = [eq(funds.status, 'approved')];
  if (query.cause) conditions.push(eq(funds.cause, query.cause));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(funds.name, pattern), ilike(funds.description, pattern))!);
  }
  const where = and(...conditions);
  return paginate(
    query,
    ({ limit, offset }) =>
      db
        .select(publicColumns)
        .from(funds)
        .innerJoin(user, eq(user.id, funds.raiserId))
        .where(where)
        .orderBy(desc(funds.createdAt), desc(funds.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(funds).where(where),
    toPublic,
  );
}

/**
 * One fund. Approved funds are public; a pending or denied fund is visible to its
 * raiser and to admins only, and is a 404 to anyone else (its existence is not revealed).
 */
export async function getFund(db: Db, viewer: TMe | null, id: string): Promise<TFundPublic> {
  if (!UUID.test(id)) throw new NotFound('Fund');
  const [row] = await db
    .select(publicColumns)
    .from(funds)
    .innerJoin(user, eq(user.id, funds.raiserId))
    .where(eq(funds.id, id))
    .limit(1);
  if (!row) throw new NotFound('Fund');
  const visible =
    row.status === 'approved' || viewer?.role === 'admin' || viewer?.id === row.raiserId;
  if (!visible) throw new NotFound('Fund');
  return toPublic(row);
}
