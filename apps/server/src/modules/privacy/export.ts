import { sql } from 'drizzle-orm';
import type { TMyData } from '@easyfund/shared/schemas/privacy';
import { type Db, type Row, rowsOf } from '../../db/client';

/**
 * Columns that name a person as the one who acted on someone else's record (an admin's
 * decision, a hold): those rows are the other person's, not part of this one's data
 * (decision 251).
 */
const ACTOR_COLUMNS = new Set(['decided_by', 'held_by', 'resolved_by', 'updated_by', 'actor_id']);

/** Secrets are never exported, even to their owner (a password hash, session tokens). */
const SECRET_COLUMN = /password|token|secret|backup_codes/;

/** Tables with a column that says whose row it is: every foreign key to "user"(id). */
async function ownedColumns(db: Db): Promise<{ table: string; column: string }[]> {
  const rows = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select kcu.table_name, kcu.column_name
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'
        and ccu.table_name = 'user' and ccu.column_name = 'id'
      order by kcu.table_name, kcu.column_name`),
  );
  return rows
    .filter((r) => !ACTOR_COLUMNS.has(r.column_name))
    .map((r) => ({ table: r.table_name, column: r.column_name }));
}

function clean(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    if (SECRET_COLUMN.test(k)) continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/**
 * Every row the database keeps about a person: their account, then each table that points
 * to it (found from the schema itself, so a table added later is exported too), the rows
 * that hang from their payments and monthly gifts, and the messages sent from their
 * address. Secrets (password hashes, tokens) are left out.
 */
export async function myData(db: Db, userId: string): Promise<TMyData> {
  const tables: Record<string, Row[]> = {};
  const add = (name: string, rows: Row[]) => {
    if (rows.length === 0) return;
    const seen = new Set((tables[name] ?? []).map((r) => JSON.stringify(r)));
    tables[name] = [
      ...(tables[name] ?? []),
      ...rows.map(clean).filter((r) => !seen.has(JSON.stringify(r))),
    ];
  };
  const me = rowsOf(await db.execute(sql`select * from "user" where id = ${userId}`));
  add('user', me);
  for (const { table, column } of await ownedColumns(db)) {
    add(
      table,
      rowsOf(
        await db.execute(sql`select * from ${ident(table)} where ${ident(column)} = ${userId}`),
      ),
    );
  }
  add(
    'refunds',
    rowsOf(
      await db.execute(
        sql`select r.* from refunds r join payments p on p.id = r.payment_id where p.user_id = ${userId}`,
      ),
    ),
  );
  add(
    'recurring_charges',
    rowsOf(
      await db.execute(
        sql`select c.* from recurring_charges c join recurring_gifts g on g.id = c.gift_id where g.user_id = ${userId}`,
      ),
    ),
  );
  const email = me[0]?.email;
  if (typeof email === 'string') {
    add(
      'contact_messages',
      rowsOf(
        await db.execute(sql`select * from contact_messages where lower(email) = lower(${email})`),
      ),
    );
    add(
      'newsletter_subscriptions',
      rowsOf(
        await db.execute(
          sql`select * from newsletter_subscriptions where lower(email) = lower(${email})`,
        ),
      ),
    );
  }
  return { exportedAt: new Date().toISOString(), tables };
}

export const DATA_CSV_HEADER = ['table', 'row', 'field', 'value'];

/** The same data as CSV lines: one per field (the tables have different columns). */
export async function* myDataCsv(db: Db, userId: string): AsyncIterable<string[]> {
  const data = await myData(db, userId);
  for (const [table, rows] of Object.entries(data.tables)) {
    let n = 0;
    for (const row of rows) {
      n += 1;
      for (const [field, value] of Object.entries(row)) {
        yield [
          table,
          String(n),
          field,
          value === null || value === undefined
            ? ''
            : typeof value === 'object'
              ? JSON.stringify(value)
              : String(value),
        ];
      }
    }
  }
}
