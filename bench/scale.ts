/**
 * `npm run bench:scale`: how the cost of each list, search, export and document grows
 * with the data. Seeds 10k, 100k and 1M payments, each size in a database of its own
 * (with a fund per ten payments, a donor per five, updates, withdrawals and refunds in
 * proportion) by SQL `generate_series`, then asks the app for each page alone and uncached
 * (caches off), at least five times (`--runs`), and prints the median, the growth factor
 * from one size to the next and whether the goal is MET. Every SELECT a request ran is
 * EXPLAINed (ANALYZE) and the plans are kept in bench/results/scale-<database>.json. A step
 * that grows faster than the data grew (super-linear) fails the run.
 *
 * The figures are what a running site serves, read under the same load at every size:
 * - the seeded tables vacuumed (autovacuum's work, off on some test servers): without it an
 *   index-only read visits the table, and the first requests timed wrote the rows' hint
 *   bits — a cost of the seeding, not of the page;
 * - three untimed requests per probe and size (a download: one), so its code is optimised
 *   (with one, page 200 of the payments took 31.8 ms at 10k and 16.3 ms at 100k, the same
 *   plan);
 * - the sizes asked in turn, round after round (a request of a few milliseconds for 300 ms
 *   a size, up to 31 rounds): timed one size after the other, minutes apart on a shared
 *   machine, the same request moved by ×2–×4 between sizes with the same plans and buffers
 *   (`admin fund updates` 3 → 11 → 3.7 ms, its queries 0.05 ms), which the flatness rule
 *   (a step under ×2) read as growth;
 * - the exports' dates as Asia/Dhaka days, as the app reads them (after 18:00 UTC the UTC
 *   date is Dhaka's yesterday: the refunds, recorded now, fell outside the range).
 *
 *   npm run bench:scale                       PostgreSQL 10k,100k,1M; PGlite 10k,100k
 *   npm run bench:scale -- --db postgres --sizes 10000,100000
 *   npm run bench:scale -- --runs 3
 *   npm run bench:scale -- --db postgres --keep   keeps the seeded databases (URLs printed)
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
// First: it must see the drivers before the server's database module keeps their methods.
import { type Statement, statementsOf } from './lib/statements';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import {
  DONATION_DAYS_FROM_PAYMENTS,
  FUND_PAYMENT_SUMS_FROM_PAYMENTS,
} from '../apps/server/src/modules/ledger/check';
import type { Mailer } from '../apps/server/src/lib/mailer';
import { dhakaDay } from '../apps/server/src/modules/overview/digest';
import { createUser } from '../apps/server/src/seed/factories';
import { createPostgresDatabase, machine, median, repoRoot, tempDir } from './lib/kit';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    sizes: { type: 'string' },
    'pglite-sizes': { type: 'string', default: '10000,100000' },
    runs: { type: 'string', default: '5' },
    // Keep the PostgreSQL database afterwards (its URL printed), to read plans by hand.
    keep: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const POSTGRES_SIZES = (args.sizes ?? '10000,100000,1000000').split(',').map(Number);
const PGLITE_SIZES = (args.sizes ?? args['pglite-sizes']).split(',').map(Number);
/** The sizes a database is seeded through, the smaller first (`openSite`). */
const SEED_STEPS = [10_000, 100_000, 1_000_000];
/** PostgreSQL's `md5(text)`, as the seeding names people. */
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The donor whose yearly statement is measured: this many gifts this year. */
const STATEMENT_GIFTS = 10_000;
const YEAR = new Date().getUTCFullYear();

/* ---------- seeding by SQL ---------- */

/*
 * A fund's day is `i % 301` and its title `i % 6`: coprime, so each day holds every title,
 * as real funds do (with 300 days every fund of a day had one title, and the newest-first
 * search skipped whole days of others: ~1,000 funds read for a page of 12 at 100k funds).
 */

/** Fund `n`'s id, the same at every size: an md5 shaped as a version-4 UUID. */
const fundId = (n: string) =>
  `overlay(overlay(md5('fund' || (${n})) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * Adds rows so the database holds `to` payments (from `from`): funds, donors, updates,
 * withdrawals and refunds in proportion. Triggers are off while rows go in (the commit
 * trigger would update a fund row per payment); the totals, receipt counters and donor
 * counts are then recomputed from the rows, as the ledger check recomputes them, after
 * the sums the database checks the totals against (`fund_payment_sums`).
 */
async function seed(database: Database, from: number, to: number, mode: string) {
  const fundsFrom = Math.floor(from / 10);
  const fundsTo = Math.floor(to / 10);
  const donorsFrom = Math.floor(from / 5);
  const donorsTo = Math.floor(to / 5);
  const raisers = Math.max(1, Math.floor(fundsTo / 20));
  const raisersFrom = Math.max(1, Math.floor(fundsFrom / 20));
  // One implicit transaction: `set local` lifts the app's statement timeout (15 s) for the
  // seeding alone, which at 1M rows on a busy machine takes longer.
  await database.executeSql(`
    set local statement_timeout = 0;
    set session_replication_role = replica;
    insert into "user" (id, name, email, email_verified, role, created_at)
      select 'scale-raiser-' || i, 'Raiser ' || i, 'raiser' || i || '@scale.test', true, 'verified',
             now() - interval '400 days'
      from generate_series(${from === 0 ? 0 : raisersFrom}, ${raisers - 1}) i
      on conflict do nothing;
    insert into "user" (id, name, email, email_verified, created_at)
      select 'scale-donor-' || i, 'Donor ' || md5(i::text), 'donor' || i || '@scale.test', true,
             now() - (i % 365) * interval '1 day'
      from generate_series(${donorsFrom}, ${donorsTo - 1}) i;
    insert into funds (id, raiser_id, name, image, description, cause, goal_poisha,
                       suggested_poisha, status, zakat_eligible, zakat_note, created_at, decided_at)
      select ${fundId('i')}, 'scale-raiser-' || (i % ${raisers}),
             (array['Flood relief','School meals','Clinic beds','Clean water','Orphan care','Winter clothes'])[1 + i % 6]
               || ' ' || substr(md5(i::text), 1, 10),
             '/images/funds/relief-fund.webp',
             'Families need clean water, dry food and medicine; every taka goes to relief kits. ' || md5(i::text),
             (array['startup','charitable-trust','health-care','education','relief-fund','social-care'])[1 + i % 6],
             (100000 + (i % 97) * 5000) * 100, 50000, 'approved', i % 7 = 0,
             case when i % 7 = 0 then 'Helps the poor directly' end,
             now() - (i % 301) * interval '1 day', now() - (i % 301) * interval '1 day'
      from generate_series(${fundsFrom}, ${fundsTo - 1}) i;
    insert into payments (user_id, fund_id, provider, provider_payment_id, amount_poisha, status,
                          method, mode, created_at, updated_at, succeeded_at, receipt_number,
                          anonymous, support_message)
      select 'scale-donor-' || (i % ${donorsTo}), ${fundId(`(i::bigint * 7919) % ${fundsTo}`)},
             'test', 'scale_' || i, (100 + (i % 50) * 100) * 100,
             case when i % 50 = 0 then 'failed' else 'succeeded' end,
             (array['card','bkash','nagad','rocket'])[1 + i % 4], '${mode}',
             now() - (i % 700) * interval '1 day' - (i % 86400) * interval '1 second',
             now() - (i % 700) * interval '1 day',
             case when i % 50 = 0 then null else now() - (i % 700) * interval '1 day' - (i % 86400) * interval '1 second' end,
             case when i % 50 = 0 then null else 'EF-S-' || lpad(i::text, 8, '0') end,
             i % 9 = 0, case when i % 11 = 0 then 'Stay strong, from Dhaka' end
      from generate_series(${from}, ${to - 1}) i;
    insert into fund_updates (fund_id, author_id, body, created_at)
      select ${fundId('i')}, 'scale-raiser-' || (i % ${raisers}),
             'We delivered 40 relief kits this week. ' || md5(i::text), now() - (i % 200) * interval '1 day'
      from generate_series(${fundsFrom}, ${fundsTo - 1}) i where i % 2 = 0;
    insert into withdrawals (fund_id, raiser_id, amount_poisha, status, mode, created_at)
      select ${fundId('i')}, 'scale-raiser-' || (i % ${raisers}), 10000,
             (array['pending','approved','denied'])[1 + i % 3], '${mode}', now() - (i % 200) * interval '1 day'
      from generate_series(${fundsFrom}, ${fundsTo - 1}) i where i % 10 = 0;
    with chosen as (
      select id, amount_poisha from payments
      where provider_payment_id in (select 'scale_' || i from generate_series(${from}, ${to - 1}) i where i % 100 = 1)
    ), ins as (
      insert into refunds (payment_id, kind, amount_poisha, source, created_at)
      select id, 'refund', 10000, 'scale', now() from chosen returning payment_id
    )
    update payments p set refunded_poisha = p.refunded_poisha + 10000 from ins where p.id = ins.payment_id;
    set session_replication_role = origin;
  `);
  await recountTotals(database, mode);
}

async function recountTotals(database: Database, mode: string) {
  // Kept only by triggers, which were off: rebuilt with them off too.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`delete from fund_payment_sums`);
    await tx.execute(
      sql`insert into fund_payment_sums (fund_id, mode, raised_poisha, donation_count) ${FUND_PAYMENT_SUMS_FROM_PAYMENTS}`,
    );
  });
  await database.executeSql(`
    set local statement_timeout = 0;
    update funds f set raised_poisha = coalesce(s.raised, 0), donation_count = coalesce(s.n, 0),
                       donor_count = coalesce(s.donors, 0)
    from funds f2 left join (
      select fund_id, sum(amount_poisha - refunded_poisha) raised,
             count(*) filter (where status = 'succeeded') n,
             count(distinct user_id) filter (where status = 'succeeded') donors
      from payments where status in ('succeeded', 'refunded') and mode = '${mode}' group by fund_id
    ) s on s.fund_id = f2.id
    where f.id = f2.id;
    -- The funds' searched texts (migration 0042), kept by a trigger that was off.
    insert into fund_search_texts (fund_id, search_text)
      select id, lower(name || E'\n' || description) from funds
      on conflict (fund_id) do nothing;
    delete from open_fund_counts;
    insert into open_fund_counts (cause, zakat_eligible, funds)
      select cause, zakat_eligible, count(*) from funds
      where status = 'approved' and hold is null group by cause, zakat_eligible;
    delete from donation_days;
  `);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(
      sql`insert into donation_days (day, mode, cause, donations, amount_poisha) ${DONATION_DAYS_FROM_PAYMENTS}`,
    );
  });
  // What autovacuum does on a running site after rows go in (this machine's server runs
  // without it): the visibility map set, so an index-only count reads no table pages, and
  // the rows' hint bits written once here, not by the first requests timed.
  await database.executeSql('vacuum analyze');
}

/** The statement donor's gifts, this year, into a handful of funds. */
async function seedStatementDonor(database: Database, donorId: string, mode: string) {
  await database.executeSql(`
    set session_replication_role = replica;
    insert into payments (user_id, fund_id, provider, provider_payment_id, amount_poisha, status,
                          method, mode, created_at, updated_at, succeeded_at, receipt_number)
      select '${donorId}', ${fundId('i % 5')}, 'test', 'scale_statement_' || i,
             (100 + i % 20) * 100, 'succeeded', 'card', '${mode}',
             make_timestamptz(${YEAR}, 1, 1, 6, 0, 0, 'UTC') + (i % 300) * interval '1 day' + i * interval '1 second',
             now(),
             make_timestamptz(${YEAR}, 1, 1, 6, 0, 0, 'UTC') + (i % 300) * interval '1 day' + i * interval '1 second',
             'EF-${YEAR}-9' || lpad(i::text, 6, '0')
      from generate_series(1, ${STATEMENT_GIFTS}) i;
    set session_replication_role = origin;
  `);
}

/* ---------- what each request ran ---------- */

async function explain(database: Database, statements: Statement[]) {
  const plans: { sql: string; ms: number; plan: string }[] = [];
  const seen = new Set<string>();
  for (const s of statements) {
    if (seen.has(s.text)) continue;
    seen.add(s.text);
    try {
      const { rows } = await database.executeSql(`explain (analyze, buffers) ${s.text}`, s.values);
      const lines = rows.map((r) => String(Object.values(r)[0]));
      const total = lines.find((l) => l.startsWith('Execution Time'));
      plans.push({
        sql: s.text.replace(/\s+/g, ' ').slice(0, 400),
        ms: total ? Number(/([\d.]+) ms/.exec(total)?.[1]) : NaN,
        plan: lines.join('\n'),
      });
    } catch (error) {
      plans.push({
        sql: s.text.slice(0, 400),
        ms: NaN,
        plan: `not explained: ${(error as Error).message}`,
      });
    }
  }
  return plans.sort((a, b) => (b.ms || 0) - (a.ms || 0));
}

/* ---------- measuring ---------- */

interface Probe {
  name: string;
  path: string;
  /** Who asks. */
  as: 'admin' | 'donor' | 'visitor';
  /** Goal on the median: ms, or rows a second for a download. */
  goal: { maxMs?: number; minRowsPerSecond?: number; flat?: boolean };
  download?: boolean;
  /** A search whose answer must hold funds: one found nothing measures nothing. */
  finds?: boolean;
}

async function timeOnce(base: string, probe: Probe, cookie: string | undefined) {
  const started = performance.now();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const res = await fetch(base + probe.path, { headers: cookie ? { cookie } : {} });
  let bytes = 0;
  let lines = 0;
  let firstByteMs = NaN;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
    bytes += value.byteLength;
    // Found by the buffer's own search: a loop over every byte here, on the server's
    // thread, would be counted as the server's time.
    for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) lines++;
  }
  clearInterval(sampler);
  if (res.status !== 200) throw new Error(`${probe.path}: ${res.status}`);
  return {
    ms: performance.now() - started,
    firstByteMs,
    bytes,
    rows: Math.max(0, lines - 1),
    peakMb: (peak - rssBefore) / 1e6,
  };
}

/** Throws when a search's answer holds no item (its seeded texts missing, say). */
async function expectFound(base: string, probe: Probe, cookie: string | undefined) {
  const res = await fetch(base + probe.path, { headers: cookie ? { cookie } : {} });
  const body = (await res.json()) as { items?: unknown[] };
  if (!body.items?.length) throw new Error(`${probe.name} (${probe.path}) found nothing`);
}

/** V8's full collection, so a memory reading starts from the live heap, not old garbage. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * The server's own memory over one download: another process (curl) reads the answer to
 * /dev/null, so the growth of this process's resident memory is the server's alone, from a
 * collected heap. Flat memory is the same growth at every size.
 */
async function serverMemoryOnce(base: string, probe: Probe, cookie: string | undefined) {
  collectGarbage();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const client = spawn(
    'curl',
    [
      '-sS',
      '--fail',
      '-o',
      '/dev/null',
      ...(cookie ? ['-H', `cookie: ${cookie}`] : []),
      base + probe.path,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  client.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(client, 'close')) as [number | null];
  clearInterval(sampler);
  if (code !== 0) throw new Error(`${probe.path}: curl ${code} ${stderr.trim()}`);
  return (peak - rssBefore) / 1e6;
}

/** Untimed requests before a probe's timed ones: its code paths optimised, its plans made. */
const WARM_RUNS = 3;
/** A quick request is timed until this much time has passed, up to `MAX_RUNS` times. */
const SAMPLE_MS = 300;
const MAX_RUNS = 31;

/** One timed request per size, in turn, so each size is timed under the same load. */
type Timed = Awaited<ReturnType<typeof timeOnce>>;

/**
 * A probe at every size: warmed, then timed in rounds that ask each size in turn (at least
 * `RUNS` rounds; a quick request's for `SAMPLE_MS` a size, up to `MAX_RUNS`), so a moment
 * of load on this shared machine falls on every size alike; then each size's statements
 * explained.
 */
async function measure(sites: Site[], probeIndex: number) {
  const ask = (site: Site) => {
    const probe = site.probes[probeIndex]!;
    return { probe, cookie: site.cookies[probe.as] };
  };
  for (const site of sites) {
    const { probe, cookie } = ask(site);
    // A download warms its code on its own thousands of rows: one untimed run.
    for (let i = 0; i < (probe.download ? 1 : WARM_RUNS); i++)
      await timeOnce(site.base, probe, cookie);
    if (probe.finds) await expectFound(site.base, probe, cookie);
  }
  const runs: Timed[][] = sites.map(() => []);
  const started = performance.now();
  for (
    let round = 0;
    round < RUNS || (round < MAX_RUNS && performance.now() - started < SAMPLE_MS * sites.length);
    round++
  ) {
    for (const [i, site] of sites.entries()) {
      const { probe, cookie } = ask(site);
      runs[i]!.push(await timeOnce(site.base, probe, cookie));
    }
  }
  const measured = [];
  for (const [i, site] of sites.entries()) {
    const { probe, cookie } = ask(site);
    const serverPeakMb = probe.download
      ? await serverMemoryOnce(site.base, probe, cookie)
      : undefined;
    const statements = await statementsOf(() => timeOnce(site.base, probe, cookie));
    measured.push(
      summary(probe, runs[i]!, serverPeakMb, statements, await explain(site.database, statements)),
    );
  }
  return measured;
}

function summary(
  probe: Probe,
  runs: Timed[],
  serverPeakMb: number | undefined,
  statements: Statement[],
  plans: Awaited<ReturnType<typeof explain>>,
) {
  const ms = median(runs.map((r) => r.ms));
  const rows = runs[0]!.rows;
  return {
    ms: Math.round(ms * 10) / 10,
    firstByteMs: Math.round(median(runs.map((r) => r.firstByteMs)) * 10) / 10,
    bytes: runs[0]!.bytes,
    rows,
    runs: runs.length,
    rowsPerSecond: probe.download ? Math.round(rows / (ms / 1000)) : undefined,
    /** This process (the server and the client reading the answer) over a timed run. */
    peakMb: Math.round(Math.max(...runs.map((r) => r.peakMb)) * 10) / 10,
    /** The server alone over a download read by another process. */
    serverPeakMb: serverPeakMb === undefined ? undefined : Math.round(serverPeakMb * 10) / 10,
    statements: statements.length,
    plans,
  };
}

async function signedIn(base: string, email: string, password: string) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A database of one size with the app serving it, signed in as an admin and a donor. */
interface Site {
  size: number;
  database: Database;
  base: string;
  cookies: Record<Probe['as'], string | undefined>;
  probes: Probe[];
  /** The PostgreSQL database's URL (to keep it). */
  url: string;
  close(keep: boolean): Promise<void>;
}

/** A new database seeded to `size` payments, and the app on it. */
async function openSite(kind: 'postgres' | 'pglite', size: number): Promise<Site> {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let url = '';
  if (kind === 'postgres') {
    const created = await createPostgresDatabase();
    drop = created.drop;
    url = created.url;
    database = await openDatabase({ url: created.url, poolSize: 10 });
  } else {
    database = await openDatabase({});
  }
  const data = tempDir('easyfund-bench-scale-');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: data.dir,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    PUBLIC_CACHE_MS: '0',
    SESSION_CACHE_MS: '0',
    AUTH_RATE_LIMIT_MAX: '100000',
    AUTH_EMAIL_RATE_LIMIT_MAX: '100000',
    PDF_RATE_LIMIT_MAX: '100000',
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
  });
  const mailer: Mailer = { async send() {} };
  const app = await buildApp({ config, database, mailer });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const admin = await createUser(app.auth, database.db, {
    email: 'admin@scale.test',
    role: 'admin',
  });
  const statementDonor = await createUser(app.auth, database.db, { email: 'statement@scale.test' });
  const { rows: modeRows } = await database.executeSql('select mode from ledger_settings');
  const mode = String(modeRows[0]?.mode ?? 'test');
  await seedStatementDonor(database, statementDonor.id, mode);
  const adminCookie = await signedIn(base, admin.email, admin.password);
  const donorCookie = await signedIn(base, statementDonor.email, statementDonor.password);

  const t = performance.now();
  // Through the same steps at every size (10k, then 100k, then 1M), as when one database
  // grew through them: each step's rows spread over its own number of funds and donors,
  // so the first funds have more payments and donors than the last. Seeded at once, every
  // fund has the same ten donors, and "most donors" sorts every fund of that one step
  // (50.7 ms at 1M): its steps (decision 463) order funds whose donor counts differ.
  let seeded = 0;
  for (const step of SEED_STEPS.filter((s) => s < size).concat(size)) {
    await seed(database, seeded, step, mode);
    seeded = step;
  }
  console.log(
    `[${kind}] ${size.toLocaleString('en')} payments seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  // Fund 0 takes a payment in every `funds` (i * 7919 % funds), and the statement donor's.
  const { rows } = await database.executeSql(`select ${fundId('0')} as id`);
  const bigFund = String(rows[0]!.id);
  // Page 199's last payment (20 a page): page 200 read on from it, as the next page is.
  const { rows: before200 } = await database.executeSql(
    `select id from payments where mode = '${mode}' order by created_at desc, id desc offset 3979 limit 1`,
  );
  const page199Last = String(before200[0]!.id);
  // The exports' days are Asia/Dhaka days: after 18:00 UTC, the UTC date is Dhaka's
  // yesterday, and the refunds (recorded now) fell outside the range (0 rows read).
  const today = dhakaDay();
  const yearAgo = dhakaDay(new Date(Date.now() - 365 * 86400_000));
  const probes: Probe[] = [
    {
      name: 'admin payments list',
      path: '/api/admin/payments',
      as: 'admin',
      goal: { maxMs: 50, flat: true },
    },
    {
      name: 'admin payments list, page 200',
      path: '/api/admin/payments?page=200',
      as: 'admin',
      goal: { maxMs: 50, flat: true },
    },
    {
      name: 'admin payments list, page 200 after 199',
      path: `/api/admin/payments?page=200&after=${page199Last}`,
      as: 'admin',
      goal: { maxMs: 50, flat: true },
    },
    // A donor's whole name, as an admin types it from a receipt or a call: one person at
    // every size. A fragment of a seeded name (its md5) matches more people as they grow.
    {
      name: "admin payments search (a donor's name)",
      path: `/api/admin/payments?q=${encodeURIComponent(`Donor ${md5('1234')}`)}`,
      as: 'admin',
      goal: { maxMs: 50, flat: true },
      finds: true,
    },
    // A word in every seeded person's name, as "Mohammad" is in many: the page and its
    // count (up to the cap) must not read every person who shares it.
    {
      name: 'admin payments search (a name everyone shares)',
      path: '/api/admin/payments?q=Donor',
      as: 'admin',
      goal: { maxMs: 50, flat: true },
      finds: true,
    },
    {
      name: 'admin payments search (receipt)',
      path: '/api/admin/payments?q=EF-S-00004321',
      as: 'admin',
      goal: { maxMs: 50, flat: true },
    },
    {
      name: 'admin held payments',
      path: '/api/admin/payments/held',
      as: 'admin',
      goal: { maxMs: 50, flat: true },
    },
    {
      name: 'admin overview',
      path: '/api/admin/overview',
      as: 'admin',
      goal: { maxMs: 50, flat: true },
    },
    {
      name: 'admin funds list',
      path: '/api/admin/funds',
      as: 'admin',
      goal: { maxMs: 50, flat: true },
    },
    {
      name: 'admin users list',
      path: '/api/admin/users',
      as: 'admin',
      goal: { maxMs: 50, flat: true },
    },
    {
      name: 'admin users search',
      path: '/api/admin/users?q=donor77',
      as: 'admin',
      goal: { maxMs: 50, flat: true },
    },
    {
      name: 'admin users search (a name everyone shares)',
      path: '/api/admin/users?q=Donor',
      as: 'admin',
      goal: { maxMs: 50, flat: true },
      finds: true,
    },
    {
      name: 'admin withdrawals',
      path: '/api/admin/withdrawals',
      as: 'admin',
      goal: { maxMs: 50, flat: true },
    },
    {
      name: 'admin fund updates',
      path: '/api/admin/fund-updates',
      as: 'admin',
      goal: { maxMs: 50, flat: true },
    },
    {
      name: 'admin payments CSV, a year',
      path: `/api/admin/exports/payments.csv?from=${yearAgo}&to=${today}`,
      as: 'admin',
      goal: { minRowsPerSecond: 20_000 },
      download: true,
    },
    {
      name: 'admin refunds CSV, a year',
      path: `/api/admin/exports/refunds.csv?from=${yearAgo}&to=${today}`,
      as: 'admin',
      goal: { minRowsPerSecond: 20_000 },
      download: true,
    },
    {
      name: 'admin withdrawals CSV, a year',
      path: `/api/admin/exports/withdrawals.csv?from=${yearAgo}&to=${today}`,
      as: 'admin',
      goal: { minRowsPerSecond: 20_000 },
      download: true,
    },
    {
      name: `yearly statement (${STATEMENT_GIFTS.toLocaleString('en')} gifts)`,
      path: `/api/me/statements/${YEAR}`,
      as: 'donor',
      goal: { flat: true },
      download: true,
    },
    {
      name: 'donor payment history',
      path: '/api/me/payments',
      as: 'donor',
      goal: { maxMs: 50, flat: true },
    },
    {
      name: 'donor wall, biggest fund',
      path: `/api/funds/${bigFund}/supporters`,
      as: 'visitor',
      goal: { maxMs: 50, flat: true },
    },
    {
      name: 'fund updates, biggest fund',
      path: `/api/funds/${bigFund}/updates`,
      as: 'visitor',
      goal: { maxMs: 50, flat: true },
    },
    {
      name: 'public fund list',
      path: '/api/funds',
      as: 'visitor',
      goal: { maxMs: 20, flat: true },
    },
    {
      name: 'public fund list, page 100',
      path: '/api/funds?page=100',
      as: 'visitor',
      goal: { maxMs: 20, flat: true },
    },
    {
      name: 'public fund search',
      path: '/api/funds?q=clinic%20beds',
      as: 'visitor',
      goal: { maxMs: 20, flat: true },
      finds: true,
    },
    {
      name: 'public fund list, nearly funded',
      path: '/api/funds?sort=nearly-funded',
      as: 'visitor',
      goal: { maxMs: 20, flat: true },
    },
    {
      name: 'public fund list, most donors',
      path: '/api/funds?sort=most-donors',
      as: 'visitor',
      goal: { maxMs: 20, flat: true },
    },
    {
      name: 'fund page data',
      path: `/api/funds/${bigFund}`,
      as: 'visitor',
      goal: { maxMs: 20, flat: true },
    },
  ];
  return {
    size,
    database,
    base,
    cookies: { admin: adminCookie, donor: donorCookie, visitor: undefined },
    probes,
    url,
    async close(keep) {
      await app.close();
      await database.close();
      if (!keep) await drop?.();
      data.remove();
    },
  };
}

/**
 * Each size on a database of its own, all open at once: every probe is timed at each size
 * in turn (`measure`), so the growth from one size to the next is read under the same load.
 */
async function run(kind: 'postgres' | 'pglite', sizes: number[]) {
  const sites: Site[] = [];
  for (const size of sizes) sites.push(await openSite(kind, size));
  const results: Record<string, Record<string, ReturnType<typeof summary>>> = {};
  for (const site of sites) results[site.size] = {};
  for (const [index, probe] of sites[0]!.probes.entries()) {
    try {
      const measured = await measure(sites, index);
      for (const [i, m] of measured.entries()) {
        results[sites[i]!.size]![probe.name] = m;
        const slowest = m.plans[0];
        console.log(
          `  ${probe.name.padEnd(40)} ${`${sites[i]!.size / 1000}k`.padStart(6)} ${String(m.ms).padStart(8)} ms` +
            (m.rowsPerSecond !== undefined
              ? `  ${m.rows} rows, ${m.rowsPerSecond.toLocaleString('en')} rows/s, +${m.peakMb} MB` +
                `, server alone +${m.serverPeakMb} MB`
              : '') +
            `  ${m.runs} runs, ${m.statements} statements` +
            (slowest ? `, slowest ${slowest.ms} ms` : ''),
        );
      }
    } catch (error) {
      console.log(`  ${probe.name.padEnd(40)} FAILED: ${(error as Error).message}`);
    }
  }
  const keep = args.keep && kind === 'postgres';
  for (const site of sites) {
    await site.close(keep);
    if (keep) console.log(`[${kind}] ${site.size.toLocaleString('en')} kept: ${site.url}`);
  }
  const goals = Object.fromEntries(sites[0]!.probes.map((p) => [p.name, p.goal]));
  return { results, goals };
}

/** Growth per step and the goals, as lines and as verdicts. */
function verdicts(kind: string, { results, goals }: Awaited<ReturnType<typeof run>>) {
  const sizes = Object.keys(results)
    .map(Number)
    .sort((a, b) => a - b);
  const names = Object.keys(results[sizes[0]!] ?? {});
  const out: { name: string; growth: number[]; verdict: string; detail: string }[] = [];
  let failed = false;
  for (const name of names) {
    const series = sizes.map((s) => results[s]?.[name]);
    if (series.some((m) => !m)) continue;
    const growth = series.slice(1).map((m, i) => Math.round((m!.ms / series[i]!.ms) * 100) / 100);
    const dataGrowth = sizes.slice(1).map((s, i) => s / sizes[i]!);
    // Super-linear: a step grew more than the data did (with room for this machine's noise).
    const superLinear = growth.some((g, i) => g > dataGrowth[i]! * 1.5 && series[i + 1]!.ms > 20);
    const last = series.at(-1)!;
    const goal = goals[name] ?? {};
    let met = !superLinear;
    if (goal.maxMs !== undefined) met &&= last.ms <= goal.maxMs;
    if (goal.flat) met &&= growth.every((g) => g < 2);
    if (goal.minRowsPerSecond !== undefined)
      met &&= (last.rowsPerSecond ?? 0) >= goal.minRowsPerSecond;
    if (superLinear) failed = true;
    const detail =
      series.map((m, i) => `${sizes[i]! / 1000}k ${m!.ms} ms`).join(' → ') +
      (last.rowsPerSecond !== undefined
        ? ` (${last.rowsPerSecond.toLocaleString('en')} rows/s; the server alone grew ` +
          `${series.map((m) => `+${m!.serverPeakMb} MB`).join(' → ')})`
        : '');
    out.push({
      name,
      growth,
      verdict: superLinear ? 'SUPER-LINEAR' : met ? 'MET' : 'MISSED',
      detail,
    });
  }
  console.log(`\n[${kind}] growth per step (×) and goals`);
  for (const o of out)
    console.log(
      `  ${o.verdict.padEnd(12)} ${o.name.padEnd(40)} ×${o.growth.join(' ×')}  ${o.detail}`,
    );
  return { out, failed };
}

async function main() {
  const kinds =
    args.db === 'both' ? (['postgres', 'pglite'] as const) : [args.db as 'postgres' | 'pglite'];
  let failed = false;
  mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
  for (const kind of kinds) {
    const sizes = kind === 'postgres' ? POSTGRES_SIZES : PGLITE_SIZES;
    const measured = await run(kind, sizes);
    const { results } = measured;
    const v = verdicts(kind, measured);
    failed ||= v.failed;
    writeFileSync(
      path.join(repoRoot, `bench/results/scale-${kind}.json`),
      JSON.stringify(
        {
          benchmark: 'scale',
          command: `npm run bench:scale -- --db ${kind} --sizes ${sizes.join(',')}`,
          startedAt: new Date().toISOString(),
          machine: machine(),
          runs: RUNS,
          verdicts: v.out,
          results,
        },
        null,
        1,
      ) + '\n',
    );
  }
  process.exit(failed ? 1 : 0);
}

await main();
