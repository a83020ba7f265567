import { PGlite } from '@electric-sql/pglite';
import { type Database, PGLITE_EXTENSIONS, pgliteDatabase } from '../../src/db/client';

/**
 * The in-memory databases of the PGlite API suite, one worker's files after another on one
 * PGlite: opening one from the migrated dump costs 0.6–1.5 s of processor (the dump's
 * 1,400 files written into PGlite's JavaScript file system, then PostgreSQL's start), a
 * reset to the dump's contents about a tenth of that. A finished file's database is reset
 * and kept for the next one when its schema is the dump's (the fingerprint below): a file
 * that changed the schema (a constraint added, a trigger dropped, a table ANALYZEd) or
 * left a transaction open hands in a database that is closed instead, and the next one
 * starts from the dump.
 */

/** User schemas: everything but PostgreSQL's own. */
const USER_NAMESPACES = `(select oid from pg_namespace where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%')`;

/** The catalogs a change of schema, settings or planner statistics writes a row of. */
const CATALOGS = [
  'pg_attribute',
  'pg_attrdef',
  'pg_constraint',
  'pg_index',
  'pg_inherits',
  'pg_trigger',
  'pg_event_trigger',
  'pg_rewrite',
  'pg_policy',
  'pg_proc',
  'pg_type',
  'pg_enum',
  'pg_cast',
  'pg_operator',
  'pg_opclass',
  'pg_collation',
  'pg_sequence',
  'pg_extension',
  'pg_namespace',
  'pg_authid',
  'pg_auth_members',
  'pg_database',
  'pg_db_role_setting',
  'pg_default_acl',
  'pg_init_privs',
  'pg_statistic',
  'pg_statistic_ext',
  'pg_statistic_ext_data',
  'pg_foreign_server',
  'pg_foreign_table',
  'pg_publication',
  'pg_subscription',
];

/**
 * One text for the database's schema and planner statistics. A catalog row written (a
 * table, column, constraint, index, trigger, function or type made, changed or dropped; a
 * setting stored; a table ANALYZEd) carries the newest transaction id, a row dropped
 * lowers the count: each catalog's row count and newest row version; and the relations'
 * rows (pg_class, whose rows a TRUNCATE also rewrites) by their columns of schema and
 * statistics.
 */
const SCHEMA_FINGERPRINT = `select md5(concat_ws(' ',
  (select string_agg(c::text, ',' order by c.oid) from (
     select oid, relname, relnamespace, reltype, relowner, relam, relkind, relpersistence, relnatts,
            relchecks, relhasrules, relhastriggers, relrowsecurity, relforcerowsecurity,
            relreplident, relispartition, relacl, reloptions, relpages, reltuples, relallvisible
       from pg_class) c),
  ${CATALOGS.map((c) => `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${c})`).join(',\n  ')}
)) as fingerprint`;

/** The dump's contents besides its schema, as the first database opened from it shows them. */
interface Baseline {
  fingerprint: string;
  /** Answers the tables whose rows are not the dump's (`dirty`, a list of names). */
  dirty: string;
  /** Puts the dump's rows back into those of its tables that are empty. */
  refill: string;
  /** Sets every sequence where the dump has it. */
  sequences: string;
}

let baseline: Promise<Baseline> | undefined;
/** A reset database waiting for this worker's next file. */
const idle: PGlite[] = [];

async function fingerprintOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return rows[0]!.fingerprint;
}

/** The reset, read from a database fresh from the dump: its tables, the rows it holds
 *  (migrations applied, the job queue's queues, the ledger's mode) and its sequences. */
async function readBaseline(client: PGlite): Promise<Baseline> {
  const fingerprint = await fingerprintOf(client);
  const { rows: tables } = await client.query<{ name: string; oid: number }>(
    `select format('%I.%I', n.nspname, c.relname) as name, c.oid::int as oid
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and c.relnamespace in ${USER_NAMESPACES}
      order by 1`,
  );
  const checks: string[] = [];
  const refills: string[] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ rows: string | null; columns: string | null }>(
      `select (select json_agg(t)::text from ${table.name} t) as rows,
              (select string_agg(quote_ident(attname), ', ' order by attnum) from pg_attribute
                where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated = '') as columns`,
      [table.oid],
    );
    const [{ rows: json, columns } = { rows: null, columns: null }] = rows;
    const name = quoteLiteral(table.name);
    if (json === null || columns === null) {
      checks.push(`case when exists (select from ${table.name}) then ${name} end`);
      continue;
    }
    const seed = quoteLiteral(json);
    checks.push(
      `case when (select json_agg(t)::text from ${table.name} t) is distinct from ${seed} then ${name} end`,
    );
    refills.push(
      `insert into ${table.name} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${table.name}, ${seed})
          where not exists (select from ${table.name})`,
    );
  }
  const { rows: sequences } = await client.query<{ restore: string | null }>(
    `select string_agg(format('setval(%L, %s, %s)', format('%I.%I', schemaname, sequencename),
              coalesce(last_value, start_value), (last_value is not null)::text), ', ') as restore
       from pg_sequences where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  return {
    fingerprint,
    dirty: `select array_remove(array[${checks.join(', ')}], null) as dirty`,
    refill: refills.join(';\n'),
    sequences: sequences[0]?.restore ? `select ${sequences[0].restore}` : '',
  };
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Brings a finished file's database back to the dump's contents: the rows of its tables
 * whose rows are not the dump's deleted and the dump's put back, with triggers off (as
 * when the dump was made: the ledger's guards forbid deleting money rows, and the foreign
 * keys are checked by triggers too). DELETE rather than TRUNCATE: emptying a table by
 * TRUNCATE costs PGlite new files for it and each of its indexes, ten times the
 * processor. False, and the database closed, when it cannot be: closed by its test, a
 * transaction left open, its schema or planner statistics not the dump's.
 */
async function reset(client: PGlite, baseline: Baseline): Promise<boolean> {
  if (client.closed) return false;
  try {
    // Settings, prepared statements, temporary tables and LISTENs of the session; fails
    // inside a transaction block.
    await client.exec('discard all');
    if ((await fingerprintOf(client)) !== baseline.fingerprint) throw new Error('schema changed');
    const { rows } = await client.query<{ dirty: string[] }>(baseline.dirty);
    const dirty = rows[0]?.dirty ?? [];
    await client.exec(
      [
        'begin',
        'set local session_replication_role = replica',
        ...dirty.map((table) => `delete from ${table}`),
        ...(dirty.length ? [baseline.refill] : []),
        baseline.sequences,
        'commit',
      ]
        .filter(Boolean)
        .join(';\n'),
    );
    return true;
  } catch {
    await client.close().catch(() => {});
    return false;
  }
}

/**
 * A test app's database: the dump's contents on a PGlite this worker used before when one
 * is waiting, else on a new one. Closing it makes it answer "PGlite is closed", as a
 * closed PGlite does, and hands its PGlite in for the next file.
 */
export async function openTestPglite(dump: Blob): Promise<Database> {
  let client = idle.pop();
  if (!client) {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS, loadDataDir: dump });
    baseline ??= readBaseline(client);
    await baseline;
  }
  const shared = client;
  let closed = false;
  let handedIn: Promise<void> | undefined;
  // What the app sees: the PGlite, whose queries fail once the database is closed.
  const guarded = new Proxy(shared, {
    get(target, key) {
      if (key === 'closed') return closed;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (key !== 'query' && key !== 'exec' && key !== 'transaction' && key !== 'sql')
        return value.bind(target);
      return (...args: unknown[]) =>
        closed
          ? Promise.reject(new Error('PGlite is closed'))
          : (value as (...a: unknown[]) => unknown).apply(target, args);
    },
  });
  return pgliteDatabase(guarded, () => {
    closed = true;
    handedIn ??= (async () => {
      if (await reset(shared, await baseline!)) idle.push(shared);
    })();
    return handedIn;
  });
}
