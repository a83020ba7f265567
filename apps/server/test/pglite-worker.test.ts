import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder, openDatabase, startDatabase } from '../src/db/client';
import { RemotePGlite } from '../src/db/pglite-remote';
import { funds, newsletterSubscriptions, user } from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/check';
import { createDonation, createFund } from '../src/seed/factories';
import { TEST_DB_KIND } from './helper';

// These tests are of the embedded database itself: the PGlite project's run proves them,
// and the PostgreSQL project's would only repeat it.
const onPostgres = TEST_DB_KIND === 'postgres';
const embedded = describe.skipIf(onPostgres);

/** The embedded database of a running site: PGlite in a worker thread. */
// Made only where the tests run: a skipped file's hooks do not run to remove it.
const dir = onPostgres ? '' : mkdtempSync(path.join(tmpdir(), 'easyfund-pglite-worker-'));
let database: Database;
beforeAll(async () => {
  if (onPostgres) return;
  database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
  await database.db.insert(user).values({ id: 'w-raiser', name: 'Raiser', email: 'w@example.com' });
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * How this thread fared while `work` ran: how long the work took, how many 0 ms timers
 * fired meanwhile, and the longest stall between two of them.
 */
async function mainThreadWhile(
  work: Promise<unknown>,
): Promise<{ durationMs: number; ticks: number; worstMs: number }> {
  let worst = 0;
  let ticks = 0;
  let running = true;
  const start = performance.now();
  const tick = async () => {
    while (running) {
      const t = performance.now();
      await new Promise((r) => setTimeout(r, 0));
      worst = Math.max(worst, performance.now() - t);
      ticks++;
    }
  };
  const ticking = tick();
  await work;
  const durationMs = performance.now() - start;
  running = false;
  await ticking;
  return { durationMs, ticks, worstMs: worst };
}

// Each test that opens a database of its own makes and migrates it: minutes on a machine
// loaded past its cores.
const opensDatabases = { timeout: 240_000 };

embedded('the embedded database in a worker thread', opensDatabases, () => {
  it('reads and writes with drizzle: types, returning, joins', async () => {
    const fund = await createFund(database.db, { raiserId: 'w-raiser', goalTk: 5_000 });
    expect(fund.createdAt).toBeInstanceOf(Date);
    expect(fund.goalPoisha).toBe(500_000);
    await createDonation(database.db, { userId: 'w-raiser', fundId: fund.id, amountTk: 250 });
    const [row] = await database.db
      .select({ raised: funds.raisedPoisha, raiser: user.name })
      .from(funds)
      .innerJoin(user, eq(user.id, funds.raiserId))
      .where(eq(funds.id, fund.id));
    expect(row).toEqual({ raised: 25_000, raiser: 'Raiser' });
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('commits a transaction, and rolls one back when its code throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(newsletterSubscriptions).values({ email: 'kept@example.com' });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(newsletterSubscriptions).values({ email: 'dropped@example.com' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const emails = (await database.db.select().from(newsletterSubscriptions)).map((r) => r.email);
    expect(emails).toContain('kept@example.com');
    expect(emails).not.toContain('dropped@example.com');
  });

  it('passes the database error codes through (a unique violation is 23505)', async () => {
    await database.db.insert(newsletterSubscriptions).values({ email: 'twice@example.com' });
    const err = await database.db
      .insert(newsletterSubscriptions)
      .values({ email: 'twice@example.com' })
      .catch((e: unknown) => e as { cause?: { code?: string; constraint?: string } });
    expect(err).toMatchObject({ cause: { code: '23505' } });
  });

  it('makes other queries wait while a transaction is open, as one connection does', async () => {
    const order: string[] = [];
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`select 1`);
      await new Promise((r) => setTimeout(r, 100));
      order.push('transaction');
    });
    await new Promise((r) => setTimeout(r, 20));
    await database.db.execute(sql`select 1`).then(() => order.push('outside'));
    await tx;
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('leaves this thread free while a long query runs', async () => {
    const work = database.db.execute(
      sql`select count(*) from generate_series(1, 3000000) a join generate_series(1, 1) b on true`,
    );
    // A query run on this thread would block it for the whole query: one stall as long
    // as the work and no timer in between. In a worker, timers keep firing throughout.
    // Measured relative to the query's own duration, so a busy machine (which slows the
    // query and the timers alike) does not turn it red.
    const { durationMs, ticks, worstMs } = await mainThreadWhile(work);
    expect(ticks).toBeGreaterThanOrEqual(10);
    expect(worstMs).toBeLessThan(durationMs / 2);
  });

  it('answers "PGlite is closed" after close (the 503 path)', async () => {
    const other = await openDatabase({ dataDir: path.join(dir, 'other') });
    await other.ping();
    await other.close();
    await expect(other.ping()).rejects.toThrow(/PGlite is closed/);
  });
});

embedded(
  'the embedded database handed out before it has opened (a starting server)',
  opensDatabases,
  () => {
    it('answers queries made meanwhile, in order, transactions included', async () => {
      const { database: early, opened } = await startDatabase({ dataDir: path.join(dir, 'early') });
      try {
        const order: string[] = [];
        const made = [
          early.db
            .insert(user)
            .values({ id: 'early-1', name: 'First', email: 'e1@example.com' })
            .then(() => order.push('insert')),
          early.db.transaction(async (tx) => {
            await tx
              .insert(user)
              .values({ id: 'early-2', name: 'Second', email: 'e2@example.com' });
            order.push('transaction');
          }),
          early.db
            .select({ n: sql<number>`count(*)::int` })
            .from(user)
            .then(([row]) => order.push(`count ${row?.n}`)),
        ];
        await opened;
        await Promise.all(made);
        expect(order).toEqual(['insert', 'transaction', 'count 2']);
      } finally {
        await early.close();
      }
    });

    it('applies a migration newer than the database on open, and opens a current one as it is', async () => {
      // A copy of the migrations with one more at the end, as a release that adds one.
      const folder = path.join(dir, 'migrations-next');
      cpSync(migrationsFolder, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
        entries: {
          idx: number;
          version: string;
          when: number;
          tag: string;
          breakpoints: boolean;
        }[];
      };
      const last = journal.entries.at(-1)!;
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_probe' });
      writeFileSync(journalFile, JSON.stringify(journal));
      writeFileSync(path.join(folder, '9999_probe.sql'), 'CREATE TABLE "probe" ("n" integer);');
      const dataDir = path.join(dir, 'behind');
      // Migrated to the current release, then closed.
      await (await openDatabase({ dataDir })).close();
      const rows = async (remote: RemotePGlite, text: string) =>
        ((await remote.query(text)) as { rows: unknown[] }).rows;
      const open = async () => {
        const remote = RemotePGlite.start({ dataDir, migrationsFolder: folder, migrate: true });
        await remote.opened;
        return remote;
      };
      const next = await open();
      try {
        expect(await rows(next, 'select count(*)::int as n from probe')).toEqual([{ n: 0 }]);
      } finally {
        await next.close();
      }
      // Opened again at the newest migration: nothing to apply, the data as it was.
      const again = await open();
      try {
        await again.query('insert into probe values (1)');
        expect(
          await rows(again, 'select count(*)::int as n from drizzle.__drizzle_migrations'),
        ).toEqual([{ n: journal.entries.length }]);
      } finally {
        await again.close();
      }
      // A last migration whose text differs from the record goes through drizzle's migrator,
      // which finds nothing newer to apply.
      const edited = await open();
      await edited.query(
        "update drizzle.__drizzle_migrations set hash = 'edited' where created_at = (select max(created_at) from drizzle.__drizzle_migrations)",
      );
      await edited.close();
      const reopened = await open();
      try {
        expect(await rows(reopened, 'select n from probe')).toEqual([{ n: 1 }]);
      } finally {
        await reopened.close();
      }
    });

    it('fails the queries made meanwhile with the reason it did not open, and lets the directory go', async () => {
      const where = path.join(dir, 'unopenable');
      // A file where the data directory's PG_VERSION should be a directory: PGlite cannot open it.
      mkdirSync(where, { recursive: true });
      writeFileSync(path.join(where, 'base'), 'not a directory');
      const { database: broken, opened } = await startDatabase({ dataDir: where });
      const query = broken.ping();
      const reason = await opened.then(
        () => null,
        (err: unknown) => err,
      );
      expect(reason).toBeInstanceOf(Error);
      await expect(query).rejects.toThrow((reason as Error).message);
      // Its lock is released: the directory can be taken again (and fail the same way).
      const again = await startDatabase({ dataDir: where });
      await expect(again.opened).rejects.toThrow();
    });
  },
);
