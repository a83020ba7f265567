import { describe, expect, it } from 'vitest';
import { keepUpEmbeddedDatabase } from '../src/plugins/housekeeping';
import { TEST_DB_KIND, useTestApp } from './helper';

const { ctx } = useTestApp();

/** A queue of this file's own: no worker of the app takes its jobs meanwhile. */
const QUEUE = 'upkeep-probe';

/** The pages a worker's fetch of `QUEUE` reads to find its 20 first jobs (pg-boss's query,
 *  without the rows' locks). */
async function fetchReads(): Promise<number> {
  const { rows } = await ctx.app.database.executeSql(
    `explain (analyze, buffers, format json)
     select id from pgboss.job
     where name = $1 and state < 'active' and start_after < now()
     order by priority desc, created_on, id limit 20`,
    [QUEUE],
  );
  const [{ Plan: plan }] = rows[0]!['QUERY PLAN'] as [{ Plan: Record<string, number> }];
  return plan['Shared Hit Blocks']! + plan['Shared Read Blocks']!;
}

/** When `pgboss.job`'s partition of `QUEUE` was last vacuumed and analysed. */
async function lastUpkeep() {
  const { rows } = await ctx.app.database.executeSql(
    `select s.last_vacuum, s.last_analyze from pg_stat_user_tables s
     join pg_inherits i on i.inhrelid = s.relid
     join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'pgboss.job'::regclass
       and pg_get_expr(c.relpartbound, c.oid) like '%' || $1 || '%'`,
    [QUEUE],
  );
  return rows[0];
}

describe("the embedded database's nightly upkeep", () => {
  it.runIf(TEST_DB_KIND === 'pglite')(
    "vacuums and analyses it: a queue's fetch then reads the jobs waiting, not every job ever done",
    async () => {
      const database = ctx.app.database;
      await database.executeSql(`select pgboss.create_queue($1, '{"policy":"standard"}')`, [QUEUE]);
      // 5,000 jobs done as the workers leave them (taken, then completed: each update a new
      // row version, its old ones still in the indexes), then 20 waiting.
      await database.executeSql(
        `insert into pgboss.job (id, name, data)
         select gen_random_uuid(), $1, '{}'::jsonb from generate_series(1, 5000)`,
        [QUEUE],
      );
      await database.executeSql(
        `update pgboss.job set state = 'active', started_on = now() where name = $1`,
        [QUEUE],
      );
      await database.executeSql(
        `update pgboss.job set state = 'completed', completed_on = now() where name = $1`,
        [QUEUE],
      );
      await database.executeSql(
        `insert into pgboss.job (id, name, data)
         select gen_random_uuid(), $1, '{}'::jsonb from generate_series(1, 20)`,
        [QUEUE],
      );
      const before = await fetchReads();
      expect(await lastUpkeep()).toEqual({ last_vacuum: null, last_analyze: null });

      expect(await keepUpEmbeddedDatabase(ctx.app)).toBe(true);

      const after = await lastUpkeep();
      expect(after?.last_vacuum).toBeInstanceOf(Date);
      expect(after?.last_analyze).toBeInstanceOf(Date);
      // Before: every done job's index entries and rows (over a hundred pages); after: the
      // waiting ones' (a few).
      expect(before).toBeGreaterThan(100);
      expect(await fetchReads()).toBeLessThan(10);
    },
  );

  it.runIf(TEST_DB_KIND === 'postgres')(
    'leaves a PostgreSQL server to its own autovacuum',
    async () => {
      expect(await keepUpEmbeddedDatabase(ctx.app)).toBe(false);
      const { rows } = await ctx.app.database.executeSql(
        `select count(*)::int as n from pg_stat_user_tables
         where last_vacuum > now() - interval '1 minute'`,
      );
      expect(rows[0]).toEqual({ n: 0 });
    },
  );
});
