import { and, count, desc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TMe } from '@easyfund/shared/schemas/common';
import type {
  FundSort,
  TFundCard,
  TFundList,
  TFundListQuery,
  TFundPublic,
} from '@easyfund/shared/schemas/funds';
import type { Db } from '../../db/client';
import { funds, user } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { likePattern, paginate } from '../../lib/lists';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The columns of a fund in a list (a card), with the raiser's name from a join. */
const cardColumns = {
  id: funds.id,
  name: funds.name,
  image: funds.image,
  cause: funds.cause,
  raiserName: user.name,
  goalPoisha: funds.goalPoisha,
  suggestedPoisha: funds.suggestedPoisha,
  raisedPoisha: funds.raisedPoisha,
  donationCount: funds.donationCount,
  donorCount: funds.donorCount,
  zakatEligible: funds.zakatEligible,
  createdAt: funds.createdAt,
};

/** The columns of a public fund: a card's and the texts of the fund's own page. */
const publicColumns = {
  ...cardColumns,
  description: funds.description,
  raiserId: funds.raiserId,
  status: funds.status,
  hold: funds.hold,
  holdReason: funds.holdReason,
  zakatNote: funds.zakatNote,
};

/** A row of `cardColumns`. */
type CardRow = { [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['data'] };

/** A row of `publicColumns` (nullable columns stay nullable). */
type FundRow = {
  [
    K in Exclude<keyof typeof publicColumns, 'hold' | 'holdReason'>
  ]: (typeof publicColumns)[K]['_']['notNull'] extends true
    ? (typeof publicColumns)[K]['_']['data']
    : (typeof publicColumns)[K]['_']['data'] | null;
} & { hold: string | null; holdReason: string | null };

function toCard(row: CardRow): TFundCard {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    cause: row.cause as TFundCard['cause'],
    raiserName: row.raiserName,
    goalPoisha: row.goalPoisha,
    suggestedPoisha: row.suggestedPoisha,
    raisedPoisha: row.raisedPoisha,
    donationCount: row.donationCount,
    donorCount: row.donorCount,
    zakatEligible: row.zakatEligible,
    createdAt: row.createdAt.toISOString(),
  };
}

function toPublic(row: FundRow): TFundPublic {
  return {
    ...toCard(row),
    description: row.description,
    status: row.status as TFundPublic['status'],
    hold: row.hold as TFundPublic['hold'],
    holdReason: row.holdReason,
    zakatNote: row.zakatNote,
  };
}

/** The order of each sort; the newest first among equals, then the id (a stable page). */
const ORDER: Record<FundSort, SQL[]> = {
  newest: [desc(funds.createdAt), desc(funds.id)],
  // Closest to the goal first; funds that reached it after those still short of it.
  'nearly-funded': [
    sql`(${funds.raisedPoisha} >= ${funds.goalPoisha})`,
    sql`${funds.raisedPoisha}::numeric / ${funds.goalPoisha} desc`,
    desc(funds.createdAt),
    desc(funds.id),
  ],
  'most-donors': [desc(funds.donorCount), desc(funds.createdAt), desc(funds.id)],
};

/**
 * Approved funds that take donations (not suspended or closed), newest first or in the
 * chosen order; optional search in name or description (case-insensitive), cause and
 * Zakat filters, and one fund left out (related funds). One query for the page (with the
 * raiser's name) and one count; the newest-first order is served by the
 * (status, created_at) index, the others sort the approved funds (decision 108).
 */
export async function listApprovedFunds(db: Db, query: TFundListQuery): Promise<TFundList> {
  const conditions: SQL[] = [eq(funds.status, 'approved'), isNull(funds.hold)];
  if (query.cause) conditions.push(eq(funds.cause, query.cause));
  if (query.exclude) conditions.push(ne(funds.id, query.exclude));
  if (query.zakat) conditions.push(eq(funds.zakatEligible, true));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(funds.name, pattern), ilike(funds.description, pattern))!);
  }
  const where = and(...conditions);
  return paginate(
    query,
    ({ limit, offset }) =>
      db
        .select(cardColumns)
        .from(funds)
        .innerJoin(user, eq(user.id, funds.raiserId))
        .where(where)
        .orderBy(...ORDER[query.sort])
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(funds).where(where),
    toCard,
  );
}

/**
 * One fund. Approved funds are public (a suspended or closed one too, with its reason); a pending or denied fund is visible to its
 * raiser and to admins only, and is a 404 to anyone else (its existence is not revealed).
 */
/**
 * A fund as everyone sees it: approved funds only. Anything else (unknown, pending,
 * denied) answers `null`, and the caller asks `getFund` with the viewer: what is not
 * public is never served from a cache shared by all visitors.
 */
export async function getPublicFund(db: Db, id: string): Promise<TFundPublic | null> {
  if (!UUID.test(id)) return null;
  const row = await fundRow(db, id);
  return row?.status === 'approved' ? toPublic(row) : null;
}

async function fundRow(db: Db, id: string): Promise<FundRow | undefined> {
  const [row] = await db
    .select(publicColumns)
    .from(funds)
    .innerJoin(user, eq(user.id, funds.raiserId))
    .where(eq(funds.id, id))
    .limit(1);
  return row;
}

export async function getFund(db: Db, viewer: TMe | null, id: string): Promise<TFundPublic> {
  if (!UUID.test(id)) throw new NotFound('Fund');
  const row = await fundRow(db, id);
  if (!row) throw new NotFound('Fund');
  const visible =
    row.status === 'approved' || viewer?.role === 'admin' || viewer?.id === row.raiserId;
  if (!visible) throw new NotFound('Fund');
  return toPublic(row);
}
