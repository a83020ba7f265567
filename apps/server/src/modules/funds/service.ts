import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { TMe } from '@easyfund/shared/schemas/common';
import type {
  FundSort,
  TFundCard,
  TFundList,
  TFundListQuery,
  TFundPublic,
} from '@easyfund/shared/schemas/funds';
import type { Db } from '../../db/client';
import { builtOnce } from '../../db/built-once';
import { leanSelect } from '../../db/lean-select';
import { funds, openFundCounts, user } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { countUpTo, likePattern, paginate, SEARCH_COUNT_CAP } from '../../lib/lists';
import { isOpen } from './open';
import { fundsWithRaiser } from './with-raiser';

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

/**
 * A fund as its page shows it, written out whole: a card spread into a larger object made
 * V8 build the result's shape anew on every call (3.4 KB a read, the busiest read's largest
 * allocation of its own).
 */
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
    donorCount: row.donorCount,
    status: row.status as TFundPublic['status'],
    hold: row.hold as TFundPublic['hold'],
    holdReason: row.holdReason,
    zakatEligible: row.zakatEligible,
    zakatNote: row.zakatNote,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The order of each sort; the newest first among equals, then the id (a stable page). */
const ORDER: Record<FundSort, SQL[]> = {
  newest: [desc(funds.createdAt), desc(funds.id)],
  // Closest to the goal first; funds that reached it after those still short of it.
  // The hundredth of the goal first (its index gives the nearest few funds at once), the
  // same order as "reached last, then the nearest".
  'nearly-funded': [
    sql`${funds.progressStep} desc nulls last`,
    sql`${funds.raisedPoisha}::numeric / ${funds.goalPoisha} desc`,
    desc(funds.createdAt),
    desc(funds.id),
  ],
  // The donor count's order of size first (its index gives the few largest at once), the
  // same order as by the count alone.
  'most-donors': [
    sql`${funds.donorStep} desc nulls last`,
    desc(funds.donorCount),
    desc(funds.createdAt),
    desc(funds.id),
  ],
};

/**
 * Approved funds that take donations (not suspended or closed), newest first or in the
 * chosen order; optional search in name or description (case-insensitive), cause and
 * Zakat filters, and one fund left out (related funds). One query for the page (its ids
 * chosen from the funds alone, then joined with their raisers' names) and one count: the
 * kept count of open funds, or a search's matches up to `SEARCH_COUNT_CAP`. The newest
 * first order is served by the open funds' (created_at, id) index, the others by their
 * kept steps (decisions 462, 463).
 */
export async function listApprovedFunds(db: Db, query: TFundListQuery): Promise<TFundList> {
  // Written in the statement, not sent as values: the prepared statement's generic plan
  // (decision 438) may then read the open funds' partial index (`funds_open_idx`).
  const open: SQL[] = [sql`${funds.status} = 'approved' and ${funds.hold} is null`];
  if (query.cause) open.push(eq(funds.cause, query.cause));
  if (query.zakat) open.push(eq(funds.zakatEligible, true));
  const conditions = [...open];
  if (query.exclude) conditions.push(ne(funds.id, query.exclude));
  // The lowered name and story (`fund_search_texts`, migrations 0039 and 0042, off the
  // fund's row that every donation updates): ILIKE would lower each story on every read.
  if (query.q) {
    conditions.push(
      sql`exists (select 1 from fund_search_texts s where s.fund_id = ${funds.id} and s.search_text like lower(${likePattern(query.q)}))`,
    );
  }
  const where = and(...conditions);
  return paginate(
    query,
    ({ limit, offset }) =>
      // The page's ids from the funds alone (newest first: `funds_open_idx` only); only
      // they are joined with their raiser, never the funds before the page.
      fundsWithRaiser(db, cardColumns)
        .where(
          inArray(
            funds.id,
            db
              .select({ id: funds.id })
              .from(funds)
              .where(where)
              .orderBy(...ORDER[query.sort])
              .limit(limit)
              .offset(offset),
          ),
        )
        .orderBy(...ORDER[query.sort]),
    query.q
      ? countUpTo(db, funds, where, SEARCH_COUNT_CAP)
      : openFundsCount(db, query, and(...open)),
    toCard,
  );
}

/**
 * How many funds the list without a search holds: the kept counts of open funds of its
 * cause and eligibility (`open_fund_counts`), less the fund left out if it is one of
 * them. A handful of rows, whatever the number of funds.
 */
function openFundsCount(db: Db, query: TFundListQuery, open: SQL | undefined) {
  const kept: SQL[] = [];
  if (query.cause) kept.push(eq(openFundCounts.cause, query.cause));
  if (query.zakat) kept.push(eq(openFundCounts.zakatEligible, true));
  const leftOut = query.exclude
    ? sql`(select count(*) from ${funds} where ${and(eq(funds.id, query.exclude), open)})`
    : sql`0`;
  return db
    .select({
      n: sql<number>`coalesce(sum(${openFundCounts.funds}), 0) - ${leftOut}`.mapWith(Number),
    })
    .from(openFundCounts)
    .where(and(...kept));
}

/**
 * A fund as everyone sees it: approved funds that are not taken down. Anything else
 * (unknown, pending, denied, suspended, closed) answers `null`, and the caller asks
 * `getFund` with the viewer: what depends on who asks is never served from a cache
 * shared by all visitors.
 */
export async function getPublicFund(db: Db, id: string): Promise<TFundPublic | null> {
  if (!UUID.test(id)) return null;
  const row = await fundRow(db, id);
  return row && isOpen(row) ? toPublic(row) : null;
}

/** A fund's row by id, built once per database: its SQL text is not made again on each
 *  read (the busiest read's own largest cost once uncached), and run without Drizzle's
 *  per-run wrapping on PostgreSQL (`leanSelect`). */
const fundRowQuery = builtOnce((db) =>
  leanSelect(
    fundsWithRaiser(db, publicColumns)
      .where(eq(funds.id, sql.placeholder('id')))
      .limit(1)
      .prepare(''),
  ),
);

async function fundRow(db: Db, id: string): Promise<FundRow | undefined> {
  const rows = await fundRowQuery(db)({ id });
  return rows[0];
}

/**
 * What the public sees of a fund an admin took down: the notice (hold and reason), its
 * name and numbers, and nothing of its pitch — no story, no picture, no Zakat note.
 */
function withheld(fund: TFundPublic): TFundPublic {
  return { ...fund, description: null, image: null, zakatEligible: false, zakatNote: null };
}

/**
 * One fund. Approved funds are public; a suspended or closed one shows the public its
 * notice and reason without its pitch (`withheld`). A pending or denied fund is visible
 * to its raiser and to admins only, and is a 404 to anyone else (its existence is not
 * revealed). The raiser and admins see every fund whole.
 */
/** Who reads a fund's page: the signed-in person, and whether they hold admin rights
 *  (`hasAdminRights`: an admin whose session passed the second factor where required). */
export interface Viewer {
  me: TMe | null;
  admin: boolean;
}

export async function getFund(db: Db, viewer: Viewer, id: string): Promise<TFundPublic> {
  if (!UUID.test(id)) throw new NotFound('Fund');
  const row = await fundRow(db, id);
  if (!row) throw new NotFound('Fund');
  const insider = viewer.admin || viewer.me?.id === row.raiserId;
  if (row.status !== 'approved' && !insider) throw new NotFound('Fund');
  return row.hold !== null && !insider ? withheld(toPublic(row)) : toPublic(row);
}

/** A fund whose wall, updates and organiser card a viewer may read. */
export interface OpenFund {
  id: string;
  raiserId: string;
  status: string;
  hold: string | null;
}

/**
 * The parts of a fund's page behind it (the donor wall, updates, the organiser card)
 * answer the public only for an approved fund that is not taken down; a pending, denied,
 * suspended or closed fund's are a 404 to anyone but its raiser and admins, who keep
 * reading them to appeal or manage (decision 453). `admin`: the viewer has admin rights.
 */
export async function openFundFor(db: Db, viewer: Viewer, id: string): Promise<OpenFund> {
  if (!UUID.test(id)) throw new NotFound('Fund');
  const [fund] = await db
    .select({ id: funds.id, raiserId: funds.raiserId, status: funds.status, hold: funds.hold })
    .from(funds)
    .where(eq(funds.id, id))
    .limit(1);
  if (!fund) throw new NotFound('Fund');
  if (!isOpen(fund) && !viewer.admin && viewer.me?.id !== fund.raiserId) throw new NotFound('Fund');
  return fund;
}
