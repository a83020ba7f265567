#!/usr/bin/env node
// `npm test`: every test — type checks and lint, unit and API tests (PGlite, and
// PostgreSQL too when TEST_DATABASE_URL is set), browser tests in Debian's Chromium —
// then a line per suite and one closing line with the passed, failed, skipped and flaky
// counts. A flaky browser test (passed only on a retry) fails the run.
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledServerDir } from '../e2e/build-dirs.mjs';
import { childrenCpuMs } from './lib/children-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(tmpdir(), 'easyfund-test-report-'));
function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}
let commands = 0;
/**
 * Runs a command through scripts/processor-time.mjs, its output to the terminal or, given
 * `log`, into that file (printed whole afterwards, so that the lines of stages running
 * side by side do not interleave). Settles with its exit status and processor time (ms).
 */
function exec(cmd, args, { env = {}, log } = {}) {
  const cpuFile = path.join(out, `processor-${++commands}`);
  const fd = log ? openSync(log, 'a') : undefined;
  const child = spawn(
    process.execPath,
    [path.join(root, 'scripts/processor-time.mjs'), cpuFile, cmd, ...args],
    {
      cwd: root,
      stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd],
      env: { ...process.env, ...env },
    },
  );
  if (fd !== undefined) closeSync(fd);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const cpuMs = existsSync(cpuFile) ? Number(readFileSync(cpuFile, 'utf8')) : 0;
      resolve({ status: code ?? 1, cpuMs });
    }),
  );
}

/** Browser tests use Debian's Chromium; install it when missing (root, or sudo). */
function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  console.log('Installing Debian’s chromium for the browser tests…');
  const asRoot = process.getuid?.() === 0;
  const sh = (c) => run(asRoot ? 'sh' : 'sudo', asRoot ? ['-c', c] : ['sh', '-c', c]);
  sh('apt-get update -qq');
  sh('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
  return existsSync('/usr/bin/chromium');
}

let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
/**
 * Every passed test once (file › name): a test passed on both databases or both runtimes
 * counts once here, while `passed` counts each run of it.
 */
const distinct = new Set();
const problems = [];
/** The failed tests by name, printed beside the closing line (a long log's tail is what is read). */
const failedTests = [];
/** One line per suite, printed before the closing line. */
const summary = [];
/**
 * Each stage's wall-clock time and the processor time its processes used (each command's
 * waited-for processes' user + system time, from /proc). On a machine shared with other
 * work the wall clock stretches, the processor time hardly: a stage on an idle 2-core
 * machine takes at least half of it.
 */
const timings = [];
const started = performance.now();
const seconds = (ms) =>
  `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;
const cpuStarted = childrenCpuMs();
/**
 * Runs one stage of the run under a heading and records how long it took. `fn` runs its
 * commands through the function it is handed (`exec`'s arguments), which counts their
 * processor time for this stage. A stage given `log` (one running beside another) writes
 * its heading, its commands' output and its time line into that file instead of the
 * terminal.
 */
async function stage(title, fn, { log } = {}) {
  const say = (text) => (log ? appendFileSync(log, `${text}\n`) : console.log(text));
  say(`\n== ${title} ==`);
  const t = performance.now();
  let cpu = 0;
  const result = await fn(async (cmd, args, options = {}) => {
    const r = await exec(cmd, args, { log, ...options });
    cpu += r.cpuMs;
    return r.status;
  });
  const line = `${title}: ${seconds(performance.now() - t)} (processor ${seconds(cpu)})`;
  timings.push(line);
  say(`\n-- ${line}`);
  return result;
}

const counted = (c) =>
  c ? `${c.failed ? `, ${c.failed} failed` : ''}${c.skipped ? `, ${c.skipped} skipped` : ''}` : '';

/** Vitest with the per-project counts reporter; adds to the totals, returns the counts. */
async function vitest(x, label, args, env = {}) {
  const countsFile = path.join(out, `${label}-counts.json`);
  const status = await x(
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=./scripts/vitest-project-counts.mjs',
    ],
    { env: { ...env, VITEST_COUNTS_FILE: countsFile } },
  );
  if (!existsSync(countsFile)) {
    problems.push(`vitest (${label}) wrote no report`);
    return {};
  }
  const counts = JSON.parse(readFileSync(countsFile, 'utf8'));
  let failedHere = 0;
  for (const [project, c] of Object.entries(counts)) {
    for (const id of c.ids ?? []) distinct.add(id);
    passed += c.passed;
    failed += c.failed + c.brokenFiles;
    skipped += c.skipped;
    failedHere += c.failed + c.brokenFiles;
    for (const f of c.failures ?? []) failedTests.push(`${label}, ${project}: ${f}`);
  }
  if (status !== 0 && failedHere === 0) problems.push(`vitest (${label}) exited with an error`);
  return counts;
}

/** The unit, API and process lines of a Vitest run's counts. */
function vitestSummary(counts, suffix = '') {
  const { unit, processes } = counts;
  const pglite = counts['api-pglite'];
  const postgres = counts['api-postgres'];
  if (unit) summary.push(`${unit.passed} unit tests${suffix}${counted(unit)}`);
  if (pglite && postgres) {
    const same = pglite.passed === postgres.passed;
    summary.push(
      same
        ? `${pglite.passed} API tests × 2 databases${suffix}${counted(pglite)}${counted(postgres)}`
        : `API tests × 2 databases${suffix}: ${pglite.passed} on PGlite${counted(pglite)}, ${postgres.passed} on PostgreSQL${counted(postgres)}`,
    );
  } else if (pglite) {
    summary.push(`${pglite.passed} API tests × 1 database (PGlite)${suffix}${counted(pglite)}`);
  } else if (postgres) {
    summary.push(
      `${postgres.passed} API tests × 1 database (PostgreSQL)${suffix}${counted(postgres)}`,
    );
  }
  if (processes) summary.push(`${processes.passed} process tests${suffix}${counted(processes)}`);
}

/** Playwright's stats; a flaky test counts as flaky (not passed) and fails the run. */
async function browser(x, label, args, env = {}) {
  const slug = label.replace(/[^\w.-]+/g, '-');
  const pwJson = path.join(out, `${slug}.json`);
  // An output folder (traces and screenshots of failures) of this run and this browser run
  // alone: Playwright empties it as it starts, which would remove the files of another
  // browser run writing there, of this run or of another in the same checkout.
  const outputDir = path.join(out, 'browser-results', slug);
  const status = await x('npx', ['playwright', 'test', ...args], {
    env: { ...env, PW_JSON_REPORT: pwJson, PW_OUTPUT_DIR: outputDir },
  });
  if (!existsSync(pwJson)) {
    problems.push(`playwright (${label}) wrote no report`);
    return;
  }
  const report = JSON.parse(readFileSync(pwJson, 'utf8'));
  const s = report.stats;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const name = `e2e/${spec.file} › ${[...titles, spec.title].join(' › ')}`;
      if (spec.tests.every((t) => t.status === 'expected')) distinct.add(name);
      else if (spec.tests.some((t) => t.status === 'unexpected' || t.status === 'flaky'))
        failedTests.push(`${label}: ${name}`);
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const file of report.suites ?? []) walk(file, []);
  passed += s.expected;
  failed += s.unexpected;
  skipped += s.skipped;
  flaky += s.flaky;
  if (s.flaky)
    problems.push(`${s.flaky} flaky browser test(s) in ${label}: passed only on a retry`);
  if (status !== 0 && s.unexpected === 0 && s.flaky === 0)
    problems.push(`playwright (${label}) exited with an error`);
  summary.push(
    `${s.expected} browser tests (${label})${s.unexpected ? `, ${s.unexpected} failed` : ''}${s.skipped ? `, ${s.skipped} skipped` : ''}, ${s.flaky} flaky${s.unexpected || s.flaky ? ` (traces and screenshots in ${outputDir})` : ''}`,
  );
}

// Node 24 LTS as well (CI sets TEST_NODE24_BIN to its binary). The API suite runs twice,
// once per database and each on one runtime: PGlite on this Node, PostgreSQL (as
// production runs) on Node 24, so both databases and both runtimes stay covered; without
// Node 24 both run here. The browser smoke test runs against a server on Node 24 too: the
// tests tagged @smoke (home, list, fund page, sign-in, a card donation, its receipt mailed,
// the contact form), the paths a runtime change could break (decision 459).
const node24 = process.env.TEST_NODE24_BIN;
const node24Env = node24 ? { PATH: `${path.dirname(node24)}:${process.env.PATH}` } : {};
const node24Version = node24
  ? spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout.trim()
  : '';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const postgresOnNode24 = Boolean(node24) && onPostgres;

// The static checks (types, lint, format). With Node 24 (CI) they run beside its API
// tests; without, first and on their own.
const checksLog = path.join(out, 'static-checks.log');
const checksTitle = 'Static checks (types, lint, format)';
let checked = true;
if (!node24) checked = (await stage(checksTitle, (x) => x('npm', ['run', 'check']))) === 0;

// The production web build and the compiled server (what `npm start` runs), built once
// for every run that needs them: the compiled-server test and each browser run.
const builds = path.join(out, 'builds');
const webDist = path.join(builds, 'web');
const serverDist = compiledServerDir(root);
process.env.E2E_WEB_DIST = webDist;
process.env.E2E_SERVER_DIST = serverDist;
const built = await stage('Builds (web app, compiled server)', async (x) => {
  const web = await x('npm', ['run', 'build', '-w', '@easyfund/web', '--', '--outDir', webDist]);
  const server = await x(process.execPath, ['scripts/build-server.mjs', '--outDir', serverDist]);
  if (web !== 0) problems.push('the web build failed');
  if (server !== 0) problems.push('the server build failed');
  return web === 0 && server === 0;
});
const chromium = built && ensureChromium();
if (built && !chromium) problems.push('chromium is not installed and could not be installed');

// The browser stages run beside the Vitest ones: a browser test spends most of its time
// waiting on the page, the server and the database, so the browser suite alone keeps well
// under two cores busy; the Vitest stages take what it leaves. They contend on nothing
// else: each browser run has its own ports, data folder, output folder and (on
// PostgreSQL) database, as every API test file and process test has its own.
const browserLog = path.join(out, 'browser.log');
const browsing = chromium
  ? (async () => {
      // Where a PostgreSQL server is at hand (CI), the full browser suite runs against it,
      // as a live site does; the smoke test keeps the embedded database of the demo
      // covered in a browser (decision 022).
      await stage(
        `Browser tests (Playwright, Chromium, ${onPostgres ? 'PostgreSQL' : 'PGlite'})`,
        (x) =>
          browser(
            x,
            'all',
            [],
            onPostgres ? { E2E_DATABASE_URL: process.env.TEST_DATABASE_URL } : {},
          ),
        { log: browserLog },
      );
      if (node24)
        await stage(
          `Browser smoke test on Node ${node24Version} (PGlite)`,
          (x) => browser(x, `smoke on Node ${node24Version}`, ['--grep', '@smoke'], node24Env),
          { log: browserLog },
        );
    })()
  : Promise.resolve();
if (chromium)
  console.log('\n(the browser tests run beside the stages below; their output follows them)');

await stage('Unit, API and process tests (Vitest)', async (x) =>
  vitestSummary(
    await vitest(
      x,
      'vitest',
      postgresOnNode24
        ? ['--project', 'unit', '--project', 'api-pglite', '--project', 'processes']
        : [],
    ),
  ),
);

if (node24)
  checked = await stage(
    `Unit and API tests on Node ${node24Version} (${onPostgres ? 'PostgreSQL' : 'PGlite'}), static checks beside them`,
    async (x) => {
      // The API tests keep about one core busy (PostgreSQL answers the rest of the time).
      const checking = x('npm', ['run', 'check'], { log: checksLog });
      vitestSummary(
        await vitest(
          x,
          'vitest-node24',
          ['--project', 'unit', '--project', onPostgres ? 'api-postgres' : 'api-pglite'],
          node24Env,
        ),
        ` on Node ${node24Version}`,
      );
      const status = await checking;
      console.log(`\n== ${checksTitle} (beside the tests above) ==`);
      console.log(readFileSync(checksLog, 'utf8'));
      return status === 0;
    },
  );
if (!checked) problems.push('npm run check failed');
summary.unshift(`static checks: ${checked ? 'passed' : 'FAILED'}`);

await browsing;
if (existsSync(browserLog)) {
  console.log('\n== The browser tests, run beside the stages above ==');
  console.log(readFileSync(browserLog, 'utf8'));
}
rmSync(builds, { recursive: true, force: true });
rmSync(serverDist, { recursive: true, force: true });

console.log('');
for (const line of timings) console.log(`time: ${line}`);
console.log(
  `time: whole run: ${seconds(performance.now() - started)} (processor ${seconds(childrenCpuMs() - cpuStarted)})`,
);
console.log('');
for (const line of summary) console.log(line);
for (const p of problems) console.log(`problem: ${p}`);
for (const t of failedTests) console.log(`failed: ${t}`);
console.log(
  `\nTotal: ${passed} passed (${distinct.size} distinct tests), ${failed + problems.length} failed, ${skipped} skipped, ${flaky} flaky`,
);
const clean = failed + flaky + problems.length === 0;
// The report folder keeps the browser tests' traces and screenshots of a run that failed.
if (clean) rmSync(out, { recursive: true, force: true });
process.exit(clean ? 0 : 1);
