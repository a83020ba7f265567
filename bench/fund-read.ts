/**
 * `npm run bench:fund-read [-- --duration 15 --connections 100 --warmup 3 --rounds 2]`
 *
 * A fund's public read uncached (GET /api/funds/:id with the public micro-cache off,
 * PUBLIC_CACHE_MS=0: every request reads the database) against a bare node:http + pg
 * server running the same SQL on the same PostgreSQL database (bench/raw-fund-server.mjs).
 * The SQL is what the app's own read sends the driver (`getPublicFund`, captured here),
 * not a copy. The compiled server runs with `npm start`'s node flags. autocannon drives
 * each for `--duration` seconds after a warm-up, in turns (raw, app, raw, app, …, raw:
 * `--rounds` of the app), so a machine that slows down slows both; the medians compare.
 * Goals (the costs issue): the app's requests per second ≥ 0.4 × the raw server's, and its
 * p99 ≤ 2 × the raw server's p99 in the same run. Prints MET or MISSED, writes
 * bench/results/fund-read.json, exits 1 when a goal is missed.
 */
// First: it notes the statements the driver is sent (before the database module loads).
import { statementsOf } from './lib/statements';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client';
import { getPublicFund } from '../apps/server/src/modules/funds/service';
import { startServer } from '../apps/server/test/support/server-process';
import {
  buildServer,
  cannon,
  type CannonSummary,
  createPostgresDatabase,
  flag,
  machine,
  median,
  repoRoot,
  seedFunds,
  serverNodeArgs,
  startRawServer,
} from './lib/kit';

const duration = flag('duration', 15);
const connections = flag('connections', 100);
const warmup = flag('warmup', 3);
const rounds = Math.max(1, flag('rounds', 2));
const FUNDS = 50;
const GOAL = { ratioToRaw: 0.4, p99ToRaw: 2 };
const log = (...a: unknown[]) => console.error(...a);

/** The one statement the app's public read of a fund sends, with its parameters. */
async function appStatement(db: Parameters<typeof getPublicFund>[0], fundId: string) {
  const sent = await statementsOf(() => getPublicFund(db, fundId));
  if (sent.length !== 1) throw new Error(`the fund's read sent ${sent.length} statements, not 1`);
  const [statement] = sent as [(typeof sent)[0]];
  const idIndex = statement.values.indexOf(fundId);
  if (idIndex < 0) throw new Error('the fund id is not among the statement parameters');
  return { ...statement, idIndex };
}

async function main() {
  const startedAt = new Date();
  const machineInfo = machine();
  log(`bench:fund-read — ${connections} connections, ${duration} s per turn after ${warmup} s`);
  buildServer();
  const created = await createPostgresDatabase();
  const raws: CannonSummary[] = [];
  const apps: CannonSummary[] = [];
  let sql: string | undefined;
  try {
    const opened = await openDatabase({ url: created.url, poolSize: 2 });
    const { fundIds } = await seedFunds(opened.db, FUNDS);
    const fundId = fundIds[0]!;
    const statement = await appStatement(opened.db, fundId).finally(() => opened.close());
    sql = statement.text;
    log(`the app's statement: ${sql}`);

    const raw = await startRawServer(process.execPath, 'raw-fund-server.mjs', {
      RAW_DATABASE_URL: created.url,
      RAW_SQL: statement.text,
      RAW_VALUES: JSON.stringify(statement.values),
      RAW_ID_INDEX: String(statement.idIndex),
    });
    const app = await startServer({
      name: 'bench-fund-read',
      compiled: true,
      nodeArgs: serverNodeArgs(),
      env: { DATABASE_URL: created.url, PUBLIC_CACHE_MS: '0' },
    });
    try {
      const url = `/api/funds/${fundId}`;
      for (const [name, base] of [
        ['raw', raw.url],
        ['app', app.url],
      ] as const) {
        const res = await fetch(base + url);
        const body = (await res.json()) as { id?: string };
        if (res.status !== 200 || body.id !== fundId)
          throw new Error(`the ${name} server answered ${res.status} without the fund`);
      }
      const turn = (name: string, base: string) =>
        cannon(name, { url: base + url, connections, duration }, warmup);
      for (let i = 0; i < rounds; i++) {
        log(`round ${i + 1} of ${rounds}: raw, app …`);
        raws.push(await turn('raw node:http + pg', raw.url));
        apps.push(await turn('GET /api/funds/:id uncached', app.url));
      }
      log('raw again (the machine may have changed) …');
      raws.push(await turn('raw node:http + pg', raw.url));
      if (app.exited()) throw new Error(`the server exited:\n${app.output()}`);
    } finally {
      raw.stop();
      await app.stop();
    }
  } finally {
    await created.drop();
  }

  const rps = (rows: CannonSummary[]) => median(rows.map((r) => r.requestsPerSecond));
  const p99 = (rows: CannonSummary[]) => median(rows.map((r) => r.latencyP99Ms));
  const p50 = (rows: CannonSummary[]) => median(rows.map((r) => r.latencyP50Ms));
  const ratioToRaw = Math.round((rps(apps) / Math.max(1, rps(raws))) * 100) / 100;
  const p99ToRaw = Math.round((p99(apps) / Math.max(1, p99(raws))) * 100) / 100;
  const goals = {
    ratioToRaw: { goal: GOAL.ratioToRaw, value: ratioToRaw, met: ratioToRaw >= GOAL.ratioToRaw },
    p99ToRaw: { goal: GOAL.p99ToRaw, value: p99ToRaw, met: p99ToRaw <= GOAL.p99ToRaw },
  };
  const errors = [...raws, ...apps].reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);

  console.log('\nserver                         req/s   p50 ms  p99 ms  errors+non-2xx');
  for (const r of [...raws, ...apps]) {
    console.log(
      [
        r.target.padEnd(29),
        String(r.requestsPerSecond).padStart(7),
        String(r.latencyP50Ms).padStart(8),
        String(r.latencyP99Ms).padStart(7),
        String(r.errors + r.timeouts + r.non2xx).padStart(15),
      ].join(' '),
    );
  }
  console.log(
    `medians: app ${rps(apps)} req/s (p50 ${p50(apps)} ms, p99 ${p99(apps)} ms), ` +
      `raw ${rps(raws)} req/s (p50 ${p50(raws)} ms, p99 ${p99(raws)} ms)`,
  );
  console.log(
    `${goals.ratioToRaw.met ? 'MET   ' : 'MISSED'} uncached fund read ÷ raw, same query ≥ ${GOAL.ratioToRaw}: ${ratioToRaw}`,
  );
  console.log(
    `${goals.p99ToRaw.met ? 'MET   ' : 'MISSED'} its p99 ≤ ${GOAL.p99ToRaw} × the raw server's p99: ${p99ToRaw} ×`,
  );
  if (errors > 0) console.log(`MISSED no errors: ${errors}`);

  const result = {
    benchmark: 'fund-read',
    command: 'npm run bench:fund-read',
    startedAt: startedAt.toISOString(),
    settings: {
      connections,
      durationSeconds: duration,
      warmupSeconds: warmup,
      rounds,
      funds: FUNDS,
      database: 'postgres',
      server: 'compiled (apps/server/dist), NODE_ENV=production, PUBLIC_CACHE_MS=0',
      sql,
    },
    machine: machineInfo,
    raw: raws,
    app: apps,
    goals,
  };
  const file = path.join(repoRoot, 'bench/results/fund-read.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log('written to bench/results/fund-read.json');
  process.exitCode = goals.ratioToRaw.met && goals.p99ToRaw.met && errors === 0 ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
