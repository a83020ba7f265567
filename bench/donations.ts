/**
 * `npm run bench:donations [-- --pglite] [-- --wallets] [-- --bangla]
 * [-- --donations 1000 --clients 50] [-- --warmup 300] [-- --processes 1] [-- --pdf-threads 1]
 * [-- --no-reference] [-- --rounds 3]`
 *
 * The production server (compiled, as `npm start` runs it) on a fresh PostgreSQL database
 * (dropped afterwards), or on the embedded PGlite with --pglite, with one approved fund
 * (its story as long as the form allows, in Bangla). 50 concurrent clients, each signed in
 * as its own donor, make 1,000 card donations through the real HTTP API with the embedded
 * test processor: create the intent → confirm the card at the processor → our confirmation
 * (the server re-reads the intent and records the donation); each recorded donation's
 * receipt e-mail, with its PDF, is then written by the server's job queue. The run ends
 * when the last receipt is in the servers' outboxes: the rate is one the site keeps up
 * with, receipts not falling behind (the rate of recording alone, receipts still queued, is
 * printed beside it). Each server is first warmed up by --warmup donations (300 each, so
 * 600 for two processes; of the same clients into the same fund, their receipts sent)
 * that are checked but not timed: a site runs for days, so the figures are its steady
 * state, not its first seconds' compiling. The clients use kept-alive node:http connections, so that their own processor
 * time takes as little as it can from the server's on the same machine. With --processes N
 * (PostgreSQL), N server processes share the database and client k talks to process k mod
 * N, each with a pool of 10 ÷ N connections (`DATABASE_POOL_SIZE`, the processes' pools
 * sized together as docs/deploying.md says; one process keeps the default 10); one process
 * is then measured too, in the same run, and the ratio N ÷ 1 printed with
 * MET or MISSED (goal ≥ 1.0 for 2); the reference's goals below are then judged on the
 * one-process runs.
 * Prints donations/s, latency and the processor time per donation (receipts included) of
 * the server (its event loop's thread apart from its other threads), PostgreSQL and the
 * bench's clients (from /proc), then stops the server and checks, in the database, that
 * the fund's raised total and donation count equal the sum and the count of the recorded
 * payments exactly, that every donation a client saw succeed is recorded once, and that
 * every one has its receipt mailed.
 * On PostgreSQL the same clients also drive the minimal reference
 * (bench/donation-reference.mjs: raw node:http + pg, one statement per step, the receipt
 * drawn by the same renderReceipt on one thread) on a database of its own, with the same
 * checks, before and after each run of the app: --rounds (3) runs of the app, each between
 * two of the reference's, so a machine that speeds up or slows down moves both sides of a
 * round alike. Each round's ratios app ÷ the mean of the reference's two runs around it
 * are printed, recording only (goal ≥ 0.6) and with every receipt mailed (goal ≥ 0.7),
 * and each goal is judged on the median of the rounds' ratios (on a shared machine one
 * round's ratio moves by a quarter; decision 488). Then pgbench's TPC-B (scale 1, the same number of
 * clients) runs on a scratch database of the same server, the machine's ceiling for a
 * hot-row transaction (goal ≥ 0.3 with receipts). --no-reference leaves the reference out.
 * With --wallets every other donation goes through the bKash test checkout instead
 * (checkout → wallet page → IPN → the browser's return; the reference has no wallet, so
 * it is left out). With --bangla every donor has chosen Bangla, so every receipt is printed
 * in Bangla. --pdf-threads N sets the servers' PDF_THREADS (the threads that draw
 * receipts; default the server's own, 1).
 * Exit code 1 when any check fails. Writes bench/results/donations.json (PostgreSQL)
 * or bench/results/donations-pglite.json (-wallets, -bangla, -processes-N in the name with
 * those flags).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { and, count, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { funds, payments, user } from '../apps/server/src/db/schema';
import { checkLedger } from '../apps/server/src/modules/ledger/check';
import { createFund } from '../apps/server/src/seed/factories';
import {
  donate,
  donateByWallet,
  http,
  setTransport,
  signUpHttp,
} from '../apps/server/test/support/http-client';
import { startServer } from '../apps/server/test/support/server-process';
import {
  buildServer,
  cpuSecondsOf,
  cpuSecondsOfCommand,
  createPostgresDatabase,
  mainThreadCpuSecondsOf,
  flag,
  hasFlag,
  machine,
  median,
  pgbenchTps,
  receiptsSent,
  serverNodeArgs,
  repoRoot,
  tempDir,
} from './lib/kit';
import { keepAliveTransport } from './lib/keep-alive-transport';

const usePglite = hasFlag('pglite');
const withWallets = hasFlag('wallets');
const inBangla = hasFlag('bangla');
const TOTAL = flag('donations', 1000);
const CLIENTS = flag('clients', 50);
/** Donations made (and their receipts sent) before the measured ones, on every server. */
const WARMUP = flag('warmup', 300);
/** Server processes on the one database, as a deployment runs one per core (PostgreSQL only). */
const PROCESSES = usePglite ? 1 : flag('processes', 1);
/** Each server's receipt-drawing threads (PDF_THREADS). */
const PDF_THREADS = flag('pdf-threads', 1);
/** The minimal reference runs on PostgreSQL, card donations only. */
const WITH_REFERENCE = !usePglite && !withWallets && !hasFlag('no-reference');
/** Runs of the app, each between two runs of the reference (or, without it, one after another). */
const ROUNDS = Math.max(1, flag('rounds', WITH_REFERENCE ? 3 : 1));
/** Goal (issue: performance): donations into one fund ÷ pgbench TPC-B tps, same run. */
const RATIO_GOAL = 0.3;
/** Goals (issue 46): the app ÷ its minimal reference, recording only and with receipts. */
const REFERENCE_GOALS = { recording: 0.6, withReceipts: 0.7 } as const;
/** Goal (issue 46): N processes on one PostgreSQL ÷ one process, with receipts. */
const SCALE_OUT_GOAL = 1.0;
const log = (...a: unknown[]) => console.error(...a);

/**
 * The fund's story, as long as the form allows (5,000 characters) and in Bangla, as a real
 * appeal's is: what a donation costs must not grow with it (decision 480).
 */
const STORY = Array.from(
  { length: 120 },
  (_, i) =>
    `দিন ${i + 1}: বন্যাদুর্গত ${(i % 7) + 2}টি গ্রামে ${(i * 37) % 500} পরিবারের কাছে বিশুদ্ধ পানি পৌঁছেছে।`,
)
  .join(' ')
  .slice(0, 5000);

/**
 * The servers' data folders (their outboxes), removed once every run is done: thousands of
 * files removed just before a run make that run's new files dearer (ext4 looks past the
 * inodes freed in the last minutes), which would charge a server for the one before it.
 */
const dataFolders: { remove(): void }[] = [];

/** A data folder for a server, removed at the end of the benchmark. */
function dataFolder(prefix: string): string {
  const data = tempDir(prefix);
  dataFolders.push(data);
  return data.dir;
}

/** A spread of whole-Tk amounts between 10 and 5,000 (deterministic, so runs compare). */
const amountFor = (i: number) => 10 + ((i * 7919) % 4991);

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A server under load: its address, its process and its data folder (the outbox). */
interface Target {
  url: string;
  pid: number;
  dataDir: string;
}

interface LoadRun {
  seen: { amountTk: number; status: string; ms: number }[];
  failures: string[];
  /** From the first donation to the last one recorded, and to the last receipt sent. */
  elapsedMs: number;
  withReceiptsMs: number;
  receiptsAtRecorded: number;
  receipts: number;
  cpuSeconds: { server: number; serverEventLoop: number; database: number; benchClients: number };
}

/**
 * What every run checks in its database once its servers are stopped: the fund's totals
 * against the payments, receipt numbers 1..n per year with no gap, the ledger's own check.
 */
interface Stored {
  receiptNumbers: number;
  receiptNumbersGapFree: boolean;
  fundRaisedPoisha: number;
  fundDonationCount: number;
  succeededPayments: number;
  succeededPoisha: number;
  otherPayments: number;
  ledgerOk: boolean;
}

/** Receipt numbers `…-YYYY-NNNNNN` run 1..n per year, with no gap and no duplicate. */
function gapFree(numbers: readonly (string | null)[]): boolean {
  const byYear = new Map<string, number[]>();
  for (const n of numbers) {
    if (!n) continue;
    const m = /-(\d{4})-(\d{6})$/.exec(n);
    if (!m) return false;
    byYear.set(m[1]!, [...(byYear.get(m[1]!) ?? []), Number(m[2])]);
  }
  return [...byYear.values()].every((list) =>
    list.sort((a, b) => a - b).every((v, i) => v === i + 1),
  );
}

/**
 * `total` donations of the clients against running servers (client k to server k mod N;
 * amounts from the `first`th on), then the wait for each of their receipts in the
 * outboxes; the processor time of each side meanwhile. Receipts are counted from those
 * already sent when it starts.
 */
async function drive(
  targets: readonly Target[],
  cookies: readonly string[],
  fundId: string,
  total: number,
  first = 0,
): Promise<LoadRun> {
  const serverOf = (k: number) => targets[k % targets.length]!;
  const client = keepAliveTransport(CLIENTS);
  // The donations' clients on kept-alive node:http connections (see keep-alive-transport).
  setTransport(client.transport);
  const seen: LoadRun['seen'] = [];
  const failures: string[] = [];
  try {
    // Processor time of each side while the donations run (PGlite is inside the server;
    // "PostgreSQL" is every postgres process of the machine).
    const cpuNow = () => {
      const own = process.cpuUsage();
      return {
        server: targets.reduce((sum, x) => sum + cpuSecondsOf(x.pid), 0),
        serverEventLoop: targets.reduce((sum, x) => sum + mainThreadCpuSecondsOf(x.pid), 0),
        database: usePglite ? 0 : cpuSecondsOfCommand('postgres'),
        benchClients: (own.user + own.system) / 1e6,
      };
    };
    const sentBefore = receiptsSent(targets);
    const cpuBefore = cpuNow();
    let next = first;
    const t0 = performance.now();
    await Promise.all(
      cookies.map(async (cookie, k) => {
        const { url } = serverOf(k);
        for (let i = next++; i < first + total; i = next++) {
          const amountTk = amountFor(i);
          const started = performance.now();
          try {
            const outcome =
              withWallets && i % 2 === 1
                ? await donateByWallet(url, cookie, fundId, amountTk)
                : await donate(url, cookie, fundId, amountTk);
            seen.push({ amountTk, status: outcome.status, ms: performance.now() - started });
          } catch (err) {
            failures.push(String(err));
            seen.push({ amountTk, status: 'error', ms: performance.now() - started });
          }
        }
      }),
    );
    const elapsedMs = performance.now() - t0;
    // The receipts the servers still have to send (they keep running meanwhile).
    const recorded = seen.filter((x) => x.status === 'succeeded').length;
    const receiptsAtRecorded = receiptsSent(targets) - sentBefore;
    let receipts = receiptsAtRecorded;
    const receiptDeadline = performance.now() + 300_000;
    while (receipts < recorded && performance.now() < receiptDeadline) {
      await new Promise((r) => setTimeout(r, 100));
      receipts = receiptsSent(targets) - sentBefore;
    }
    const withReceiptsMs = performance.now() - t0;
    const cpuAfter = cpuNow();
    return {
      seen,
      failures: failures.slice(0, 10),
      elapsedMs,
      withReceiptsMs,
      receiptsAtRecorded,
      receipts,
      cpuSeconds: {
        server: cpuAfter.server - cpuBefore.server,
        serverEventLoop: cpuAfter.serverEventLoop - cpuBefore.serverEventLoop,
        database: cpuAfter.database - cpuBefore.database,
        benchClients: cpuAfter.benchClients - cpuBefore.benchClients,
      },
    };
  } finally {
    setTransport(undefined);
    client.close();
  }
}

/** Signs up one donor per client, ten at a time (client k on server k mod N). */
async function signUpDonors(targets: readonly Target[], tag: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < CLIENTS; i += 10) {
    const batch = Array.from({ length: Math.min(10, CLIENTS - i) }, (_, j) =>
      signUpHttp(
        targets[(i + j) % targets.length]!.url,
        `bench-donor-${tag}-${i + j}-${Date.now()}@example.com`,
      ),
    );
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}

/** What the clients saw: the warm-up donations (`warmedUp` of them), then the measured. */
interface Driven {
  warmUp: LoadRun | undefined;
  warmedUp: number;
  load: LoadRun;
}

/**
 * The warm-up donations, `WARMUP` for each server (each process compiles its own code),
 * then the measured ones, by the same clients into the same fund (the database's checks
 * cover both).
 */
async function warmUpAndDrive(
  targets: readonly Target[],
  cookies: readonly string[],
  fundId: string,
): Promise<Driven> {
  const warmedUp = WARMUP * targets.length;
  let warmUp: LoadRun | undefined;
  if (warmedUp > 0) {
    log(`warming up: ${warmedUp} donations…`);
    warmUp = await drive(targets, cookies, fundId, warmedUp);
  }
  log('donating…');
  return { warmUp, warmedUp, load: await drive(targets, cookies, fundId, TOTAL, warmedUp) };
}

/** One measured run: what the clients saw, what the database holds, and the summary. */
interface Measured {
  load: LoadRun;
  stored: Stored;
  checks: Record<string, boolean>;
  summary: ReturnType<typeof summarize>;
}

/** The checks of a run's database against everything its clients saw, warm-up included. */
function judge(
  { warmUp, warmedUp, load }: Driven,
  stored: Stored,
): Omit<Measured, 'summary'> & {
  summary: ReturnType<typeof summarize>;
} {
  const succeededIn = (run: LoadRun) => run.seen.filter((s) => s.status === 'succeeded');
  const poishaOf = (run: LoadRun) => succeededIn(run).reduce((a, s) => a + s.amountTk * 100, 0);
  const runs = warmUp ? [warmUp, load] : [load];
  const sum = (f: (run: LoadRun) => number) => runs.reduce((a, run) => a + f(run), 0);
  const succeeded = sum((run) => succeededIn(run).length);
  const checks = {
    everyDonationSucceeded: succeeded === warmedUp + TOTAL,
    fundTotalEqualsPayments: stored.fundRaisedPoisha === stored.succeededPoisha,
    fundCountEqualsPayments: stored.fundDonationCount === stored.succeededPayments,
    paymentsEqualWhatClientsSaw:
      stored.succeededPayments === succeeded && stored.succeededPoisha === sum(poishaOf),
    noPendingOrFailedPayments: stored.otherPayments === 0,
    everyDonationHasAReceiptNumber: stored.receiptNumbers === stored.succeededPayments,
    everyReceiptMailed: sum((run) => run.receipts) === stored.succeededPayments,
    receiptNumbersGapFree: stored.receiptNumbersGapFree,
    ledgerCheckOk: stored.ledgerOk,
  };
  return { load, stored, checks, summary: summarize(load, poishaOf(load)) };
}

/** The figures of one run, as the results file keeps them. */
function summarize(load: LoadRun, clientPoisha: number) {
  const succeeded = load.seen.filter((s) => s.status === 'succeeded');
  const latencies = load.seen.map((s) => s.ms).sort((a, b) => a - b);
  const perSecond = (ms: number) => Math.round((succeeded.length / (ms / 1000)) * 10) / 10;
  return {
    elapsedSeconds: Math.round(load.withReceiptsMs) / 1000,
    /** Donations recorded with their receipts sent, per second. */
    donationsPerSecond: perSecond(load.withReceiptsMs),
    // Recording alone, with receipts still queued at its end.
    recordingSeconds: Math.round(load.elapsedMs) / 1000,
    recordedPerSecond: perSecond(load.elapsedMs),
    receiptsSentWhenRecordingEnded: load.receiptsAtRecorded,
    // Processor milliseconds per donation (its receipt included), per side: what it costs,
    // steadier than the rate on a shared machine.
    cpuMsPerDonation: Object.fromEntries(
      Object.entries(load.cpuSeconds).map(([side, seconds]) => [
        side,
        Math.round((seconds * 1000 * 100) / Math.max(1, succeeded.length)) / 100,
      ]),
    ) as Record<keyof LoadRun['cpuSeconds'], number>,
    latencyMs: {
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      p99: Math.round(percentile(latencies, 99)),
      max: Math.round(latencies.at(-1) ?? 0),
    },
    clientsSaw: { succeeded: succeeded.length, poisha: clientPoisha, errors: load.failures.length },
  };
}

/** Each of `processes` processes' pool: together the connections one process keeps. */
const poolSizeOf = (processes: number) => Math.max(1, Math.round(10 / processes));

/** The app: a database of its own with one fund, `processes` servers, the load, the checks. */
async function measureApp(processes: number): Promise<Measured> {
  const kind = usePglite ? 'pglite' : 'postgres';
  let dbEnv: Record<string, string>;
  let openArgs: Parameters<typeof openDatabase>[0];
  // The data folders go at the end of the benchmark (`dataFolder`); a database of its own now.
  let cleanup = async () => {};
  if (usePglite) {
    const dir = dataFolder('easyfund-bench-donations-');
    dbEnv = { DATA_DIR: dir };
    openArgs = { dataDir: path.join(dir, 'pglite') };
  } else {
    const created = await createPostgresDatabase();
    dbEnv = { DATABASE_URL: created.url };
    openArgs = { url: created.url, poolSize: 2 };
    cleanup = created.drop;
  }
  try {
    const seeded = await openDatabase(openArgs);
    const raiserId = `bench-raiser-${Math.random().toString(36).slice(2, 8)}`;
    await seeded.db.insert(user).values({
      id: raiserId,
      name: 'Bench Raiser',
      email: `${raiserId}@example.com`,
      role: 'verified',
    });
    const fund = await createFund(seeded.db, {
      raiserId,
      name: 'Bench: flood relief',
      description: STORY,
      goalTk: 100_000_000,
      suggestedTk: 500,
      status: 'approved',
    });
    await seeded.close();

    const servers: Awaited<ReturnType<typeof startServer>>[] = [];
    let driven: Awaited<ReturnType<typeof warmUpAndDrive>>;
    try {
      for (let p = 0; p < processes; p++) {
        servers.push(
          await startServer({
            name: `bench-donations-${kind}-${p + 1}`,
            compiled: true,
            nodeArgs: serverNodeArgs(),
            env: {
              // With PGlite the database's data folder (DATA_DIR), else one of its own.
              ...(usePglite ? {} : { DATA_DIR: dataFolder(`easyfund-bench-donations-${p + 1}-`) }),
              ...dbEnv,
              // High enough for 50 clients on one address; the limit itself is tested elsewhere.
              PAYMENT_RATE_LIMIT_MAX: String(TOTAL * 10),
              AUTH_RATE_LIMIT_MAX: String(CLIENTS * 10),
              PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
              PDF_THREADS: String(PDF_THREADS),
              DATABASE_POOL_SIZE: String(poolSizeOf(processes)),
            },
          }),
        );
      }
      log(
        `app: ${processes} process(es) on ${servers.map((x) => x.url).join(', ')}; signing up ${CLIENTS} donors…`,
      );
      const cookies = await signUpDonors(servers, `app${processes}`);
      if (inBangla) {
        for (const [k, cookie] of cookies.entries()) {
          const chose = await http(servers[k % servers.length]!.url, 'PUT', '/api/me/language', {
            cookie,
            body: { language: 'bn' },
          });
          if (chose.status !== 200) throw new Error(`choosing Bangla: ${chose.status}`);
        }
      }
      driven = await warmUpAndDrive(servers, cookies, fund.id);
    } finally {
      await Promise.all(servers.map((x) => x.stop()));
    }

    // The server is stopped (PGlite has one process at a time): read the ledger.
    const database = await openDatabase({ ...openArgs, migrate: false });
    try {
      const [f] = await database.db
        .select({ raisedPoisha: funds.raisedPoisha, donationCount: funds.donationCount })
        .from(funds)
        .where(eq(funds.id, fund.id));
      const [paid] = await database.db
        .select({
          n: count(),
          sum: sql<string>`coalesce(sum(${payments.amountPoisha}), 0)`,
        })
        .from(payments)
        .where(and(eq(payments.fundId, fund.id), eq(payments.status, 'succeeded')));
      const [other] = await database.db
        .select({ n: count() })
        .from(payments)
        .where(and(eq(payments.fundId, fund.id), sql`${payments.status} <> 'succeeded'`));
      const numbers = await database.db
        .select({ n: payments.receiptNumber })
        .from(payments)
        .where(eq(payments.status, 'succeeded'));
      const stored: Stored = {
        receiptNumbers: numbers.filter((r) => r.n).length,
        receiptNumbersGapFree: gapFree(numbers.map((r) => r.n)),
        fundRaisedPoisha: f?.raisedPoisha ?? -1,
        fundDonationCount: f?.donationCount ?? -1,
        succeededPayments: paid?.n ?? 0,
        succeededPoisha: Number(paid?.sum ?? 0),
        otherPayments: other?.n ?? 0,
        ledgerOk: (await checkLedger(database.db)).ok,
      };
      return judge(driven, stored);
    } finally {
      await database.close();
    }
  } finally {
    await cleanup();
  }
}

/** The minimal reference (bench/donation-reference.mjs) on a database of its own. */
async function measureReference(): Promise<Measured> {
  const created = await createPostgresDatabase();
  const dataDir = dataFolder('easyfund-bench-reference-');
  const fundId = 'bench-fund';
  try {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'bench/donation-reference.mjs'), '--seed-fund', fundId],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, DATABASE_URL: created.url, DATA_DIR: dataDir },
      },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let driven: Awaited<ReturnType<typeof warmUpAndDrive>>;
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        child.once('exit', (code) => reject(new Error(`reference exited with ${code}`)));
      });
      const target: Target = {
        url: `http://127.0.0.1:${port}`,
        pid: child.pid!,
        dataDir,
      };
      log(`reference on ${target.url}; signing up ${CLIENTS} donors…`);
      const cookies = await signUpDonors([target], 'reference');
      driven = await warmUpAndDrive([target], cookies, fundId);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    try {
      const one = async <T>(text: string) => (await client.query(text)).rows[0] as T;
      const f = await one<{ raised: string; n: number }>(
        `select raised_poisha as raised, donation_count as n from ref_funds where id = '${fundId}'`,
      );
      const paid = await one<{ n: string; sum: string; other: string; numbered: string }>(
        `select count(*) filter (where status = 'succeeded') as n,
           coalesce(sum(amount_poisha) filter (where status = 'succeeded'), 0) as sum,
           count(*) filter (where status <> 'succeeded') as other,
           count(receipt_number) filter (where status = 'succeeded') as numbered
         from ref_payments`,
      );
      const numbers = (
        await client.query<{ n: string }>('select receipt_number as n from ref_payments')
      ).rows.map((r) => r.n);
      // The ledger: the daily rows add up to the fund's totals and to the payments by day.
      const days = await one<{ n: string; sum: string; mismatched: string }>(
        `select coalesce(sum(d.donations), 0) as n, coalesce(sum(d.amount_poisha), 0) as sum,
           (select count(*) from ref_donation_days d2 full join (
              select (succeeded_at at time zone 'Asia/Dhaka')::date as day, count(*) as n,
                     sum(amount_poisha) as amount
              from ref_payments where status = 'succeeded' group by 1) p on p.day = d2.day
            where d2.donations is distinct from p.n::int
               or d2.amount_poisha is distinct from p.amount) as mismatched
         from ref_donation_days d`,
      );
      const stored: Stored = {
        receiptNumbers: Number(paid.numbered),
        receiptNumbersGapFree: gapFree(numbers),
        fundRaisedPoisha: Number(f.raised),
        fundDonationCount: f.n,
        succeededPayments: Number(paid.n),
        succeededPoisha: Number(paid.sum),
        otherPayments: Number(paid.other),
        ledgerOk:
          Number(days.mismatched) === 0 &&
          Number(days.n) === f.n &&
          Number(days.sum) === Number(f.raised),
      };
      return judge(driven, stored);
    } finally {
      await client.end();
    }
  } finally {
    await created.drop();
  }
}

/** Two runs of the reference as one: the mean of their rates and processor times. */
function meanOf(a: Measured, b: Measured): Measured {
  const mean = (x: number, y: number) => Math.round(((x + y) / 2) * 100) / 100;
  const cpu = Object.fromEntries(
    Object.keys(a.summary.cpuMsPerDonation).map((k) => {
      const side = k as keyof LoadRun['cpuSeconds'];
      return [side, mean(a.summary.cpuMsPerDonation[side], b.summary.cpuMsPerDonation[side])];
    }),
  ) as Measured['summary']['cpuMsPerDonation'];
  return {
    ...a,
    checks: Object.fromEntries(
      Object.entries(a.checks).map(([k, v]) => [k, v && Boolean(b.checks[k])]),
    ),
    summary: {
      ...a.summary,
      recordedPerSecond: mean(a.summary.recordedPerSecond, b.summary.recordedPerSecond),
      donationsPerSecond: mean(a.summary.donationsPerSecond, b.summary.donationsPerSecond),
      cpuMsPerDonation: cpu,
    },
  };
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
const verdict = (met: boolean) => (met ? 'MET' : 'MISSED');

function printRun(label: string, m: Measured, withDatabase: boolean) {
  const s = m.summary;
  console.log(
    `${label}: ${s.clientsSaw.succeeded}/${TOTAL} donations (after ${WARMUP} a process to warm up) recorded in ${s.recordingSeconds} s: ` +
      `${s.recordedPerSecond} donations/s (p50 ${s.latencyMs.p50} ms, p99 ${s.latencyMs.p99} ms per donation), ` +
      `${s.receiptsSentWhenRecordingEnded} receipts sent by then; with every receipt sent ` +
      `(${m.load.receipts}): ${s.elapsedSeconds} s, ${s.donationsPerSecond} donations/s`,
  );
  const d = s.cpuMsPerDonation;
  const otherThreads = Math.round((d.server - d.serverEventLoop) * 100) / 100;
  console.log(
    `  processor per donation: server ${d.server} ms` +
      (usePglite ? ', the embedded database included' : '') +
      ` (event loop ${d.serverEventLoop} ms; other threads ${otherThreads} ms: receipts' PDFs, ` +
      `${usePglite ? 'the embedded database, ' : ''}garbage collection, compilers)` +
      (withDatabase ? `, PostgreSQL ${d.database} ms` : '') +
      `, the bench's clients ${d.benchClients} ms`,
  );
  console.log(
    `  fund: ${m.stored.fundDonationCount} donations, ${m.stored.fundRaisedPoisha / 100} Tk raised; ` +
      `payments: ${m.stored.succeededPayments} succeeded for ${m.stored.succeededPoisha / 100} Tk, ${m.stored.otherPayments} other.`,
  );
  for (const [name, passed] of Object.entries(m.checks)) {
    console.log(`  ${passed ? 'ok  ' : 'FAIL'} ${name}`);
  }
  for (const f of m.load.failures) console.log(`  error: ${f}`);
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const kind = usePglite ? 'pglite' : 'postgres';
  log(`bench:donations on ${kind}: ${TOTAL} donations from ${CLIENTS} concurrent clients`);
  const loadAverageAtStart = loadavg().map((l) => round(l, 2));
  buildServer();

  // The minimal reference first and last, each run of the app between two of its runs
  // (and, for the scale-out, one app process after it): each round's ratio uses the mean of
  // the reference's runs around it, as bench:api does with its raw server, so a machine
  // that speeds up or slows down during the round moves both sides alike.
  const references: Measured[] = [];
  const rounds: { app: Measured; oneProcess?: Measured; reference?: Measured }[] = [];
  if (WITH_REFERENCE) references.push(await measureReference());
  for (let r = 0; r < ROUNDS; r++) {
    if (ROUNDS > 1) log(`round ${r + 1} of ${ROUNDS}`);
    const app = await measureApp(PROCESSES);
    const oneProcess = PROCESSES > 1 ? await measureApp(1) : undefined;
    if (WITH_REFERENCE) references.push(await measureReference());
    const reference = WITH_REFERENCE ? meanOf(references[r]!, references[r + 1]!) : undefined;
    rounds.push({ app, oneProcess, reference });
  }
  // The machine's ceiling in the same minutes (PostgreSQL only).
  const pgbench = usePglite ? undefined : await pgbenchTps(CLIENTS);
  const loadAverageAtEnd = loadavg().map((l) => round(l, 2));

  // Every run of either side, the one-process runs of a scale-out among them, passed its checks.
  const runs = [
    ...references,
    ...rounds.flatMap((x) => (x.oneProcess ? [x.app, x.oneProcess] : [x.app])),
  ];
  const ok = runs.every((m) => Object.values(m.checks).every(Boolean));
  const commandFlags = [
    ...(usePglite ? ['--pglite'] : []),
    ...(withWallets ? ['--wallets'] : []),
    ...(inBangla ? ['--bangla'] : []),
    ...(TOTAL !== 1000 ? ['--donations', String(TOTAL)] : []),
    ...(WARMUP !== 300 ? ['--warmup', String(WARMUP)] : []),
    ...(CLIENTS !== 50 ? ['--clients', String(CLIENTS)] : []),
    ...(PROCESSES !== 1 ? ['--processes', String(PROCESSES)] : []),
    ...(PDF_THREADS !== 1 ? ['--pdf-threads', String(PDF_THREADS)] : []),
    ...(hasFlag('no-reference') ? ['--no-reference'] : []),
    ...(ROUNDS !== (WITH_REFERENCE ? 3 : 1) ? ['--rounds', String(ROUNDS)] : []),
  ];
  if (commandFlags.length) commandFlags.unshift('--');
  /** Processor per donation of the server and PostgreSQL together, receipts included. */
  const cpuOf = (m: Measured) =>
    m.summary.cpuMsPerDonation.server + m.summary.cpuMsPerDonation.database;
  const ratiosOf = (m: Measured, to: Measured) => ({
    recording: round(m.summary.recordedPerSecond / to.summary.recordedPerSecond),
    withReceipts: round(m.summary.donationsPerSecond / to.summary.donationsPerSecond),
    // What the rate would be on a machine given to the two alone: the other's processor
    // per donation ÷ this one's (steadier than the rates when other work shares the machine).
    processorWithReceipts: round(cpuOf(to) / cpuOf(m)),
  });
  type Ratios = ReturnType<typeof ratiosOf>;
  /** The median of the rounds' ratios, each measure on its own, and their range. */
  const medianOf = (all: Ratios[]) => {
    const of = (k: keyof Ratios) => median(all.map((x) => x[k]));
    const range = (k: keyof Ratios) => [
      Math.min(...all.map((x) => x[k])),
      Math.max(...all.map((x) => x[k])),
    ];
    return {
      recording: of('recording'),
      withReceipts: of('withReceipts'),
      processorWithReceipts: of('processorWithReceipts'),
      ...(all.length > 1
        ? {
            ranges: {
              recording: range('recording'),
              withReceipts: range('withReceipts'),
              processorWithReceipts: range('processorWithReceipts'),
            },
          }
        : {}),
    };
  };
  // The reference's goals are one app process's (a scale-out run judges its one-process
  // runs against the reference, and its N processes against those).
  const roundRatios = rounds.map((x) => ({
    toReference: x.reference && ratiosOf(x.oneProcess ?? x.app, x.reference),
    toOneProcess: x.oneProcess && ratiosOf(x.app, x.oneProcess),
  }));
  const toReference = WITH_REFERENCE ? medianOf(roundRatios.map((x) => x.toReference!)) : undefined;
  const toOneProcess =
    PROCESSES > 1 ? medianOf(roundRatios.map((x) => x.toOneProcess!)) : undefined;
  // The round whose ratio with receipts is the median (or, without a reference, the one with
  // the median rate) is the one whose figures the result shows in full.
  const shownAt = (() => {
    const key = (i: number) =>
      roundRatios[i]!.toOneProcess?.withReceipts ??
      roundRatios[i]!.toReference?.withReceipts ??
      rounds[i]!.app.summary.donationsPerSecond;
    const order = rounds.map((_, i) => i).sort((a, b) => key(a) - key(b));
    return order[Math.floor((order.length - 1) / 2)]!;
  })();
  const { app, oneProcess, reference } = rounds[shownAt]!;
  const { donationsPerSecond } = app.summary;
  const result = {
    benchmark: 'donations',
    command: ['npm run bench:donations', ...commandFlags].join(' '),
    date: startedAt.toISOString(),
    database: kind,
    settings: {
      donations: TOTAL,
      warmUpDonationsPerProcess: WARMUP,
      clients: CLIENTS,
      serverProcesses: PROCESSES,
      poolSizePerProcess: poolSizeOf(PROCESSES),
      pdfThreadsPerProcess: PDF_THREADS,
      provider: 'test',
      receiptLanguage: inBangla ? 'bn' : 'en',
      amountsTk: '10 to 5,000',
    },
    machine: { ...machine(), loadAverageAtStart, loadAverageAtEnd },
    ...app.summary,
    ...(pgbench === undefined
      ? {}
      : {
          pgbenchTps: Math.round(pgbench),
          ratioToPgbench: round(donationsPerSecond / pgbench),
          goal: {
            ratioToPgbench: RATIO_GOAL,
            met: donationsPerSecond / pgbench >= RATIO_GOAL,
          },
        }),
    rounds: rounds.map((x, i) => ({
      recordedPerSecond: x.app.summary.recordedPerSecond,
      donationsPerSecond: x.app.summary.donationsPerSecond,
      ...(x.reference
        ? {
            reference: {
              recordedPerSecond: x.reference.summary.recordedPerSecond,
              donationsPerSecond: x.reference.summary.donationsPerSecond,
            },
            ratioToReference: roundRatios[i]!.toReference,
          }
        : {}),
      ...(x.oneProcess
        ? {
            oneProcess: {
              recordedPerSecond: x.oneProcess.summary.recordedPerSecond,
              donationsPerSecond: x.oneProcess.summary.donationsPerSecond,
            },
            ratioToOneProcess: roundRatios[i]!.toOneProcess,
          }
        : {}),
    })),
    shownRound: shownAt + 1,
    ...(reference && toReference
      ? {
          // The minimal reference in the same run, same clients, same load.
          reference: {
            command: 'node bench/donation-reference.mjs',
            // The mean of its two runs around the round shown (the rates, the processor per
            // donation); each of its runs whole below, in order.
            recordedPerSecond: reference.summary.recordedPerSecond,
            donationsPerSecond: reference.summary.donationsPerSecond,
            cpuMsPerDonation: reference.summary.cpuMsPerDonation,
            runs: references.map((r) => ({ ...r.summary, stored: r.stored, checks: r.checks })),
          },
          // The medians of the rounds' ratios (the goals are judged on them).
          ratioToReference: toReference,
          referenceGoals: {
            recording: {
              goal: REFERENCE_GOALS.recording,
              met: toReference.recording >= REFERENCE_GOALS.recording,
            },
            withReceipts: {
              goal: REFERENCE_GOALS.withReceipts,
              met: toReference.withReceipts >= REFERENCE_GOALS.withReceipts,
            },
          },
        }
      : {}),
    ...(oneProcess && toOneProcess
      ? {
          oneProcess: {
            ...oneProcess.summary,
            stored: oneProcess.stored,
            checks: oneProcess.checks,
          },
          ratioToOneProcess: toOneProcess,
          scaleOutGoal: {
            withReceipts: SCALE_OUT_GOAL,
            met: toOneProcess.withReceipts >= SCALE_OUT_GOAL,
          },
        }
      : {}),
    stored: app.stored,
    checks: app.checks,
    ok,
    ...(app.load.failures.length ? { firstErrors: app.load.failures } : {}),
  };

  const dir = path.join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const name =
    `donations${withWallets ? '-wallets' : ''}${inBangla ? '-bangla' : ''}` +
    `${PROCESSES > 1 ? `-processes-${PROCESSES}` : ''}${usePglite ? '-pglite' : ''}.json`;
  const file = path.join(dir, name);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

  const shown = ROUNDS > 1 ? ` (round ${shownAt + 1} of ${ROUNDS}, the median)` : '';
  printRun(
    `App (${PROCESSES} process${PROCESSES > 1 ? 'es' : ''}) on ${kind}${shown}`,
    app,
    !usePglite,
  );
  if (reference) {
    printRun('Minimal reference (before that run of the app)', references[shownAt]!, true);
    printRun('Minimal reference (after it)', references[shownAt + 1]!, true);
    console.log(
      `Minimal reference, mean of both runs: ${reference.summary.recordedPerSecond} donations/s recorded, ` +
        `${reference.summary.donationsPerSecond} with every receipt mailed`,
    );
  }
  if (oneProcess) printRun('App (1 process)', oneProcess, true);
  if (ROUNDS > 1) {
    for (const [i, x] of rounds.entries()) {
      const ratios = roundRatios[i]!;
      console.log(
        `Round ${i + 1}: app ${x.app.summary.recordedPerSecond} donations/s recorded, ` +
          `${x.app.summary.donationsPerSecond} with receipts` +
          (ratios.toReference
            ? `; ${PROCESSES > 1 ? '1 process ' : ''}÷ reference ${ratios.toReference.recording} / ${ratios.toReference.withReceipts}`
            : '') +
          (ratios.toOneProcess
            ? `; ÷ 1 process ${ratios.toOneProcess.recording} / ${ratios.toOneProcess.withReceipts}`
            : ''),
      );
    }
  }
  const ofRounds = ROUNDS > 1 ? ` (median of ${ROUNDS} rounds)` : '';
  console.log(
    `Load average at start ${result.machine.loadAverageAtStart.join(' ')}, at end ${loadAverageAtEnd.join(' ')}`,
  );
  const appOf = PROCESSES > 1 ? 'One app process' : 'App';
  if (toReference) {
    console.log(
      `${appOf} ÷ reference, recording only${ofRounds}: ${toReference.recording} (goal >= ${REFERENCE_GOALS.recording}): ` +
        `${verdict(toReference.recording >= REFERENCE_GOALS.recording)}`,
    );
    console.log(
      `${appOf} ÷ reference, with every receipt mailed${ofRounds}: ${toReference.withReceipts} (goal >= ${REFERENCE_GOALS.withReceipts}): ` +
        `${verdict(toReference.withReceipts >= REFERENCE_GOALS.withReceipts)}`,
    );
    console.log(
      `Reference ÷ ${appOf.toLowerCase()} in processor per donation (server and PostgreSQL, receipts included): ` +
        `${toReference.processorWithReceipts}`,
    );
  }
  if (toOneProcess) {
    console.log(
      `${PROCESSES} processes ÷ 1, with every receipt mailed${ofRounds}: ${toOneProcess.withReceipts} ` +
        `(recording only ${toOneProcess.recording}; processor per donation 1 ÷ ${PROCESSES}: ` +
        `${toOneProcess.processorWithReceipts}; goal >= ${SCALE_OUT_GOAL}): ` +
        `${verdict(toOneProcess.withReceipts >= SCALE_OUT_GOAL)}`,
    );
  }
  if (result.pgbenchTps !== undefined) {
    console.log(
      `pgbench TPC-B (scale 1, ${CLIENTS} clients) on the same server: ${result.pgbenchTps} tps; ` +
        `ratio ${result.ratioToPgbench} (goal >= ${RATIO_GOAL}): ${verdict(Boolean(result.goal?.met))}`,
    );
  }
  console.log(`Result written to ${path.relative(repoRoot, file)}`);
  return ok ? 0 : 1;
}

main()
  .finally(() => {
    for (const data of dataFolders) data.remove();
  })
  .then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
