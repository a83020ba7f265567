import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Paged } from '@easyfund/shared/schemas/fields';
import type { Db } from '../db/client';

/**
 * A list's total is counted up to this many rows: a count costs the rows it counts, and
 * nobody pages further than this through a list (a search narrows it; the exports hold
 * everything). A list of more shows this many (decision 460).
 */
export const COUNT_CAP = 10_000;

/**
 * A search's total is counted up to this many matches: a word found in many funds' stories,
 * or in many people's names ("Mohammad"), has no index to stop at, and its count read
 * every match up to `COUNT_CAP` (about 0.2 s for 100k funds; 40 ms for Manage Payments at
 * any size); a thousand is 50 pages of an admin's list, 84 of the public one.
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * A list's total: `n` rows, or, when `capped`, more than `n` that were not counted (the
 * page shows "10,000+").
 */
export interface Total {
  n: number;
  capped?: boolean;
}

/** A count of `counted` rows, read up to one past `cap`, as the total a list shows. */
export function cappedTotal(counted: number, cap: number): Total {
  return counted > cap ? { n: cap, capped: true } : { n: counted };
}

/**
 * The rows of `table` that `where` keeps, counted up to `cap`: one row past it is read, so
 * that a list of exactly `cap` rows is told from a longer one. Like the query it wraps, the
 * count runs only when it is awaited: a caller that fails before awaiting it (a page's own
 * query throwing as it is built, say) leaves no query running and no rejection unheard.
 */
export function countUpTo(
  db: Db,
  table: PgTable,
  where?: SQL,
  cap = COUNT_CAP,
): PromiseLike<[Total]> {
  const rows = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1);
  const counted = db.select({ n: count() }).from(rows.as('counted'));
  return {
    then: (onCounted, onFailed) =>
      counted
        .then(([found]): [Total] => [cappedTotal(found?.n ?? 0, cap)])
        .then(onCounted, onFailed),
  };
}

/** Which page of a list is asked for (1-based). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * One page of a list in the envelope every list endpoint answers: the page's rows and the
 * total are read together; `toItem` shapes each row for the API.
 */
export async function paginate<Row, Item>(
  { page, pageSize }: PageRequest,
  rows: (window: { limit: number; offset: number }) => PromiseLike<Row[]>,
  count: PromiseLike<Total[]>,
  toItem: (row: Row) => Item,
): Promise<Paged<Item>> {
  const [found, [total]] = await Promise.all([
    rows({ limit: pageSize, offset: (page - 1) * pageSize }),
    count,
  ]);
  return pageOf(found.map(toItem), total ?? { n: 0 }, { page, pageSize });
}

/** The envelope of a page of `items` out of `total` (`capped` only when it is). */
export function pageOf<Item>(
  items: Item[],
  total: Total,
  { page, pageSize }: PageRequest,
): Paged<Item> {
  return { items, total: total.n, ...(total.capped && { capped: true }), page, pageSize };
}

/** A search term as an ILIKE pattern: `%`, `_` and `\` typed by a person match themselves. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
