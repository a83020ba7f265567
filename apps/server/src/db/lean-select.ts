import { Column, fillPlaceholders, is } from 'drizzle-orm';
import pg from 'pg';

/** What a Drizzle prepared SELECT keeps of its own on node-postgres (drizzle-orm 0.45). */
interface PreparedSelect {
  client?: unknown;
  params?: unknown[];
  /** The driver's query, rows as arrays: `{ name, text, rowMode: 'array', types }`. */
  queryConfig?: pg.QueryArrayConfig;
  /** The selected columns in order, each with its key in the row (`path`). */
  fields?: { path: string[]; field: unknown }[];
}

/**
 * Runs a prepared SELECT of plain columns (no nested selection) as Drizzle does on
 * node-postgres — the same statement, values and driver call — and maps its rows itself: a
 * loop over the columns, each value through its column's own `mapFromDriverValue`. Drizzle's
 * execution wraps each run in three spans, a cache check and a mapping that walks every
 * column's path with iterators: about a sixth of what the busiest read allocated, most of it
 * live until the answer is sent (so copied, then promoted, by the young generation's
 * collections under load). Anything else (the embedded database, a nested selection) runs
 * through Drizzle's `execute`.
 */
export function leanSelect<T>(prepared: {
  execute(values?: Record<string, unknown>): Promise<T[]>;
}): (values: Record<string, unknown>) => Promise<T[]> {
  const { client, params, queryConfig, fields } = prepared as unknown as PreparedSelect;
  const lean =
    (client instanceof pg.Pool || client instanceof pg.Client) &&
    params !== undefined &&
    queryConfig?.rowMode === 'array' &&
    fields !== undefined &&
    fields.every((f) => f.path.length === 1 && is(f.field, Column));
  if (!lean) return (values) => prepared.execute(values);
  const keys = fields.map((f) => f.path[0]!);
  const columns = fields.map((f) => f.field as Column);
  const driver = client as pg.Pool;
  return async (values) => {
    const { rows } = await driver.query(queryConfig, fillPlaceholders(params, values));
    return rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        mapped[keys[i]!] = value === null ? null : columns[i]!.mapFromDriverValue(value);
      }
      return mapped as T;
    });
  };
}
