/**
 * `npm run bench:api [-- --duration 20 --connections 100 --warmup 5 --no-pglite]`
 *
 * The production server (built web app, NODE_ENV=production) on PostgreSQL with 50
 * approved funds, and the same on the embedded PGlite, against a bare node:http server
 * answering a fixed 2 KB JSON — all in one run, so the ratios compare like with like on
 * a shared, noisy machine. autocannon drives GET /api/funds, GET /api/funds/:id and
 * GET / with 100 connections for 20 s each after a warm-up. Writes bench/results/api.json.
 * Goal on PostgreSQL: the list at ≥ 0.5 of the raw server's req/s with p99 ≤ 50 ms, and
 * no errors on any target. Exit code 1 when a goal is missed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client';
import { startServer } from '../apps/server/test/support/server-process';
import {
  buildWeb,
  cannon,
  type CannonSummary,
  createPostgresDatabase,
  flag,
  hasFlag,
  machine,
  repoRoot,
  seedFunds,
  startRawServer,
  tempDir,
} from './lib/kit';

const duration = flag('duration', 20);
const connections = flag('connections', 100);
const warmup = flag('warmup', 5);
const FUNDS = 50;
const GOAL = { listRatio: 0.5, p99Ms: 50 };

interface Row extends CannonSummary {
  database: 'postgres' | 'pglite' | 'none';
  ratioToRaw: number;
}

const log = (...a: unknown[]) => console.error(...a);

async function measureServer(
  database: 'postgres' | 'pglite',
  webDist: string,
): Promise<CannonSummary[]> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (database === 'postgres') {
    const created = await createPostgresDatabase();
    const opened = await openDatabase({ url: created.url, poolSize: 2 });
    await seedFunds(opened.db, FUNDS);
    await opened.close();
    env = { DATABASE_URL: created.url };
    cleanup = created.drop;
  } else {
    const data = tempDir('easyfund-bench-pglite-');
    const opened = await openDatabase({ dataDir: path.join(data.dir, 'pglite') });
    await seedFunds(opened.db, FUNDS);
    await opened.close();
    env = { DATA_DIR: data.dir };
    cleanup = async () => data.remove();
  }
  const server = await startServer({
    name: `bench-${database}`,
    env: { ...env, WEB_DIST: webDist },
  });
  try {
    const list = await fetch(`${server.url}/api/funds`).then(
      (r) => r.json() as Promise<{ items: { id: string }[]; total: number }>,
    );
    if (list.total !== FUNDS)
      throw new Error(`expected ${FUNDS} funds, the list says ${list.total}`);
    const fundId = list.items[0]!.id;
    const targets: [string, string][] = [
      ['GET /api/funds', '/api/funds'],
      ['GET /api/funds/:id', `/api/funds/${fundId}`],
      ['GET /', '/'],
    ];
    const out: CannonSummary[] = [];
    for (const [name, url] of targets) {
      const check = await fetch(server.url + url);
      if (check.status !== 200) throw new Error(`${name} answered ${check.status}`);
      log(`  ${database}: ${name} …`);
      out.push(await cannon(name, { url: server.url + url, connections, duration }, warmup));
    }
    if (server.exited()) throw new Error(`the server exited:\n${server.output()}`);
    return out;
  } finally {
    await server.stop();
    await cleanup();
  }
}

async function main() {
  const startedAt = new Date();
  const machineInfo = machine();
  log(`bench:api — ${connections} connections, ${duration} s per target after ${warmup} s warm-up`);
  log('building the web app …');
  const webDist = buildWeb();

  const raw = await startRawServer();
  log('raw node:http server …');
  const rawBefore = await cannon('raw 2 KB JSON', { url: raw.url, connections, duration }, warmup);

  const measured: { database: 'postgres' | 'pglite'; rows: CannonSummary[] }[] = [];
  measured.push({ database: 'postgres', rows: await measureServer('postgres', webDist) });
  if (!hasFlag('no-pglite')) {
    measured.push({ database: 'pglite', rows: await measureServer('pglite', webDist) });
  }

  log('raw node:http server again (the machine may have changed in between) …');
  const rawAfter = await cannon('raw 2 KB JSON', { url: raw.url, connections, duration }, warmup);
  raw.stop();
  rmSync(webDist, { recursive: true, force: true });

  const rawRps = (rawBefore.requestsPerSecond + rawAfter.requestsPerSecond) / 2;
  const ratio = (rps: number) => Math.round((rps / rawRps) * 100) / 100;
  const rows: Row[] = [
    { database: 'none', ...rawBefore, ratioToRaw: ratio(rawBefore.requestsPerSecond) },
    ...measured.flatMap(({ database, rows: rs }) =>
      rs.map((r) => ({ database, ...r, ratioToRaw: ratio(r.requestsPerSecond) })),
    ),
    { database: 'none', ...rawAfter, ratioToRaw: ratio(rawAfter.requestsPerSecond) },
  ];

  const pgRows = rows.filter((r) => r.database === 'postgres');
  const pgList = pgRows.find((r) => r.target === 'GET /api/funds');
  const goals = {
    listAtLeastHalfOfRaw: (pgList?.ratioToRaw ?? 0) >= GOAL.listRatio,
    listP99AtMost50ms: (pgList?.latencyP99Ms ?? Infinity) <= GOAL.p99Ms,
    noErrorsOnPostgres: pgRows.every((r) => r.errors + r.timeouts + r.non2xx === 0),
  };

  console.log('');
  console.log('database  target               req/s   ×raw   p50 ms  p99 ms  errors  non-2xx');
  for (const r of rows) {
    console.log(
      [
        r.database.padEnd(9),
        r.target.padEnd(19),
        String(r.requestsPerSecond).padStart(7),
        r.ratioToRaw.toFixed(2).padStart(6),
        String(r.latencyP50Ms).padStart(8),
        String(r.latencyP99Ms).padStart(7),
        String(r.errors + r.timeouts).padStart(7),
        String(r.non2xx).padStart(8),
      ].join(' '),
    );
  }
  console.log('');
  for (const [goal, met] of Object.entries(goals))
    console.log(`${met ? 'MET ' : 'MISSED'} ${goal}`);

  const result = {
    benchmark: 'api',
    command: 'npm run bench:api',
    startedAt: startedAt.toISOString(),
    settings: {
      connections,
      durationSeconds: duration,
      warmupSeconds: warmup,
      funds: FUNDS,
      logLevel: 'warn',
    },
    machine: machineInfo,
    rawRequestsPerSecond: Math.round(rawRps),
    rows,
    goals,
  };
  const file = path.join(repoRoot, 'bench/results/api.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwritten to bench/results/api.json`);
  process.exitCode = Object.values(goals).every(Boolean) ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
