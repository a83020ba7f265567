import type PgBoss from 'pg-boss';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * pg-boss's `db` (executeSql with $1… parameters) inside a drizzle transaction: the text is
 * rebuilt as drizzle SQL with the same values, so the job row commits with the transaction.
 */
export function transactionDb(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const result = (await tx.execute(asDrizzleSql(text, values))) as unknown as {
        rows: Record<string, unknown>[];
      };
      return { rows: result.rows };
    },
  };
}

/**
 * pg-boss's statement text with $1… parameters as drizzle SQL with the same values;
 * `replace` gives some parameters (by their number) as SQL of the caller's instead.
 */
export function asDrizzleSql(
  text: string,
  values: readonly unknown[],
  replace: ReadonlyMap<number, SQL> = new Map(),
): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, i) => {
    if (i % 2 === 0) return sql.raw(part);
    const replaced = replace.get(Number(part));
    if (replaced) return replaced;
    const v: unknown = values[Number(part) - 1];
    // Drizzle leaves an undefined value out: it is SQL null here.
    // Drizzle would spread a list into several parameters: a Postgres array literal.
    const param =
      v === undefined
        ? null
        : Array.isArray(v)
          ? `{${v.map((x) => `"${String(x).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`
          : v !== null && typeof v === 'object' && !(v instanceof Date)
            ? JSON.stringify(v)
            : v;
    return sql`${param}`;
  });
  return sql.join(chunks);
}
