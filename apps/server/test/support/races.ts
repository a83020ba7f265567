import { eq, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../src/db/client';
import { withdrawals } from '../../src/db/schema';
import { createPostgresDatabase } from '../helper';

/**
 * Races on real PostgreSQL, each side on a connection of its own: `main` arranges and looks,
 * `a` and `b` are the two sides, `gate` holds a table lock until both sides wait for it, so
 * that they always overlap. PGlite has one connection and cannot show a race.
 */
export interface RaceDatabases {
  main: Database;
  a: Database;
  b: Database;
  gate: Database;
  /** Closes the connections and drops the database. */
  close(): Promise<void>;
}

/** A fresh, migrated PostgreSQL database (of TEST_DATABASE_URL) and its four connections. */
export async function openRaceDatabases(): Promise<RaceDatabases> {
  const created = await createPostgresDatabase();
  const main = await openDatabase({ url: created.url, poolSize: 2 });
  const side = () => openDatabase({ url: created.url, poolSize: 1, migrate: false });
  const [a, b, gate] = [await side(), await side(), await side()];
  return {
    main,
    a,
    b,
    gate,
    async close() {
      for (const d of [a, b, gate, main]) await d.close();
      await created.drop();
    },
  };
}

/** What one side of a race came to: its value, or what it threw. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export const settled = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** Whether `n` sessions of the database wait for a lock before `deadline` (ms since the epoch). */
async function lockWaitersBy(main: Database, n: number, deadline: number): Promise<boolean> {
  for (;;) {
    const result = (await main.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: Array<{ n: number }> };
    if ((result.rows[0]?.n ?? 0) >= n) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until `n` sessions of the database wait for a lock (ten seconds at most). */
export async function lockWaiters(race: RaceDatabases, n: number): Promise<void> {
  if (!(await lockWaitersBy(race.main, n, Date.now() + 10_000))) {
    throw new Error(`fewer than ${n} sessions wait for a lock`);
  }
}

/**
 * Runs the sides while `gate` holds `table` locked, releasing it once they all wait for a
 * lock (or after ten seconds): what each side came to, in order.
 */
export async function overlap<T>(
  race: RaceDatabases,
  table: string,
  sides: Array<() => Promise<T>>,
): Promise<Settled<T>[]> {
  const running = await race.gate.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`lock table ${table} in share mode`));
    const running = sides.map((side) => settled(side()));
    await lockWaitersBy(race.main, sides.length, Date.now() + 10_000);
    return running;
  });
  return Promise.all(running);
}

/** A fund's withdrawals as they stand, read on `main`. */
export function withdrawalsOf(race: RaceDatabases, fundId: string) {
  return race.main.db.select().from(withdrawals).where(eq(withdrawals.fundId, fundId));
}
