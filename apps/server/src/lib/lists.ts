import type { Paged } from '@easyfund/shared/schemas/fields';

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
  count: PromiseLike<{ n: number }[]>,
  toItem: (row: Row) => Item,
): Promise<Paged<Item>> {
  const [found, [total]] = await Promise.all([
    rows({ limit: pageSize, offset: (page - 1) * pageSize }),
    count,
  ]);
  return { items: found.map(toItem), total: total?.n ?? 0, page, pageSize };
}

/** A search term as an ILIKE pattern: `%`, `_` and `\` typed by a person match themselves. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
