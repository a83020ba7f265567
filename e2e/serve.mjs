#!/usr/bin/env node
// Starts what the browser tests run against: a local OpenID Connect provider standing
// in for Google, and the production build served by the real server on a fresh data
// directory with demo data: on the embedded PGlite, or, given E2E_DATABASE_URL (as `npm
// test` does where a PostgreSQL server is at hand), on a database of its own on that
// server, dropped afterwards.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';
import pg from 'pg';
import { compiledServerDir } from './build-dirs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3100';
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? '3101');

// The production web build and the compiled server (what `npm start` runs). `npm test`
// builds both once and hands every browser run the same folders (E2E_WEB_DIST,
// E2E_SERVER_DIST); a folder without a build gets one here, of its own, so that
// concurrent runs never serve each other's half-written files.
const webDist = process.env.E2E_WEB_DIST ?? mkdtempSync(path.join(tmpdir(), 'easyfund-e2e-web-'));
const serverDist = process.env.E2E_SERVER_DIST ?? compiledServerDir(root);
const builtHere = [];
if (!existsSync(path.join(webDist, 'index.html'))) {
  builtHere.push(webDist);
  const build = spawnSync(
    'npm',
    ['run', 'build', '-w', '@easyfund/web', '--', '--outDir', webDist, '--emptyOutDir'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!existsSync(path.join(serverDist, 'main.js'))) {
  builtHere.push(serverDist);
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'scripts/build-server.mjs'), '--outDir', serverDist],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
// The signed-in person the provider reports.
oidc.service.on('beforeUserinfo', (userInfoResponse) => {
  userInfoResponse.body = {
    sub: 'oidc-user-1',
    email: 'oidc.user@example.com',
    email_verified: true,
    name: 'Oidc Person',
    picture: '/images/avatar.svg',
  };
});
oidc.service.on('beforeTokenSigning', (token) => {
  token.payload.sub = 'oidc-user-1';
  token.payload.email = 'oidc.user@example.com';
  token.payload.email_verified = true;
  token.payload.name = 'Oidc Person';
  token.payload.aud = 'easyfund-e2e';
});
await oidc.start(oidcPort, '127.0.0.1');

// The runner chooses it (tests read the mail outbox in it); a fresh one otherwise.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'easyfund-e2e-'));
const database = process.env.E2E_DATABASE_URL
  ? await scratchDatabase(process.env.E2E_DATABASE_URL)
  : undefined;
const server = spawn(process.execPath, ['--enable-source-maps', path.join(serverDist, 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER ?? 'test',
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    WEB_DIST: webDist,
    SEED_DEMO: 'true',
    ADMIN_EMAILS: 'e2e-admin@example.com',
    AUTH_RATE_LIMIT_MAX: '10000',
    AUTH_EMAIL_RATE_LIMIT_MAX: '10000',
    RESET_EMAIL_RATE_LIMIT_MAX: '10000',
    PAYMENT_RATE_LIMIT_MAX: '10000',
    // A payout account added in a test is usable once approved, without the 24-hour wait.
    PAYOUT_ACCOUNT_HOLD_HOURS: '0',
    // Background mails (receipts, decisions, updates) leave the job queue sooner.
    JOBS_POLL_SECONDS: '0.5',
    // The tests' own HTTP client (Playwright's request context, unlike a browser) does not
    // send a request again when the server closes its idle kept-alive connection as the
    // request goes out (ECONNRESET after a pause of about the 5 s default): kept longer
    // than any pause of a test.
    KEEP_ALIVE_TIMEOUT_SECONDS: '120',
    OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
    OIDC_CLIENT_ID: 'easyfund-e2e',
    OIDC_CLIENT_SECRET: 'easyfund-e2e-secret',
    OIDC_NAME: 'Google (test provider)',
    LOG_LEVEL: 'warn',
  },
});

const serverExited = new Promise((resolve) => server.once('exit', resolve));
let stopping = false;
const stop = async () => {
  stopping = true;
  server.kill('SIGTERM');
  await Promise.all([serverExited, oidc.stop().catch(() => {})]);
  await database?.drop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  for (const dir of builtHere) rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  if (stopping) return;
  void Promise.all([oidc.stop(), database?.drop()])
    .catch(() => {})
    .finally(() => process.exit(code ?? 1));
});

/** A new, empty database on the PostgreSQL server of `serverUrl`, and how to drop it. */
async function scratchDatabase(serverUrl) {
  const name = `easyfund_e2e_${process.pid}_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}
