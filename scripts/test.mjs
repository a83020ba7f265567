#!/usr/bin/env node
// `npm test`: every test — type checks and lint, unit and API tests (PGlite, and
// PostgreSQL too when TEST_DATABASE_URL is set), browser tests in Debian's Chromium —
// then one closing line with the passed and failed counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(tmpdir(), 'easyfund-test-report-'));
function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
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
const problems = [];

console.log('\n== Static checks (types, lint, format) ==');
if (run('npm', ['run', 'check']) !== 0) problems.push('npm run check failed');

console.log('\n== Unit and API tests (Vitest) ==');
const vitestJson = path.join(out, 'vitest.json');
const vStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  if (vStatus !== 0 && r.numFailedTests === 0) problems.push('vitest exited with an error');
} else {
  problems.push('vitest wrote no report');
}

console.log('\n== Browser tests (Playwright, Chromium) ==');
if (!ensureChromium()) {
  problems.push('chromium is not installed and could not be installed');
} else {
  const pwJson = path.join(out, 'playwright.json');
  const pStatus = run('npx', ['playwright', 'test'], { PW_JSON_REPORT: pwJson });
  if (existsSync(pwJson)) {
    const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    skipped += s.skipped;
    if (pStatus !== 0 && s.unexpected === 0) problems.push('playwright exited with an error');
  } else {
    problems.push('playwright wrote no report');
  }
}

for (const p of problems) console.log(`problem: ${p}`);
console.log(`\nTotal: ${passed} passed, ${failed + problems.length} failed, ${skipped} skipped`);
process.exit(failed + problems.length > 0 ? 1 : 0);
