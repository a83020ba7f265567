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

/** pg-boss's one statement that adds a job (`createJob`): its id, queue name and data. */
const JOB_ID_PARAMETER = 1;
const QUEUE_NAME_PARAMETER = 2;
const JOB_DATA_PARAMETER = 3;

/**
 * pg-boss's statement that adds a job to `queue`, as `Jobs.jobStatement` gives it: the
 * queue's name read from the part `gate` of the caller's statement, the id and the data
 * the placeholders `jobId` and `jobData` — or, with `keyedBy`, the gate row's `id` and
 * `{ [keyedBy]: id }`.
 */
export async function gatedJobInsert(
  boss: PgBoss,
  queue: string,
  gate: string,
  keyedBy?: string,
): Promise<SQL> {
  const gateId = sql`(SELECT id FROM ${sql.identifier(gate)})`;
  let statement: SQL | undefined;
  // A job pg-boss is asked to add, to read its statement: the id and the data are found
  // again among the values (and left to the placeholders), the rest kept as they are.
  const probe = { id: '00000000-0000-4000-8000-000000000000', data: {} };
  await boss.send(queue, probe.data, {
    id: probe.id,
    db: {
      async executeSql(text, values = []) {
        // Its one parameter named `$2 as name` (pg-boss 10's `insertJob`): anything else
        // would add the job whatever the gate says.
        if (!/^\s*INSERT INTO\b/i.test(text) || !/\$2 as name\b/.test(text)) {
          throw new Error('pg-boss adds a job with another statement than expected');
        }
        if (
          values[JOB_ID_PARAMETER - 1] !== probe.id ||
          values[JOB_DATA_PARAMETER - 1] !== probe.data
        ) {
          throw new Error("pg-boss gives a job's id and data in other places than expected");
        }
        statement = asDrizzleSql(
          text,
          values,
          new Map([
            [QUEUE_NAME_PARAMETER, sql`(SELECT ${queue}::text FROM ${sql.identifier(gate)})`],
            [JOB_ID_PARAMETER, keyedBy ? gateId : sql`${sql.placeholder('jobId')}`],
            [
              JOB_DATA_PARAMETER,
              keyedBy
                ? sql`jsonb_build_object(${keyedBy}::text, ${gateId})`
                : sql`${sql.placeholder('jobData')}`,
            ],
          ]),
        );
        return { rows: [{ id: probe.id }] };
      },
    },
  });
  if (!statement) throw new Error('pg-boss added no job');
  return statement;
}
