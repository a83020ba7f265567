/**
 * One process per embedded data directory, with real processes: a second server, the
 * seed, reconcile, check:ledger and admin commands stop at once with one clear line while
 * a server holds it; a server killed with SIGKILL does not block the restart.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLocked, lockDataDir } from '../src/db/data-dir-lock';
import { TEST_DB_KIND } from './helper';
import { repoRoot, startServer, type ServerProcess } from './support/server-process';

// Made only where the tests run: a skipped file's hooks do not run to remove it.
const dataDir =
  TEST_DB_KIND === 'postgres' ? '' : mkdtempSync(path.join(tmpdir(), 'easyfund-lock-'));
const lockFile = path.join(dataDir, 'pglite.lock');
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const s of started) await s.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

async function server(name: string) {
  const s = await startServer({ name, env: { DATA_DIR: dataDir } });
  started.push(s);
  return s;
}

function command(script: string, args: string[] = []) {
  return spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', `apps/server/src/cli/${script}`, ...args],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'test',
        AUTH_SECRET: 'x'.repeat(40),
      },
    },
  );
}

const IN_USE =
  /^The embedded database in .+ is in use by .+\(pid \d+ on .+, since .+\): stop that process first, or set DATABASE_URL to a PostgreSQL database to run several processes\.$/;

// The lock guards the embedded database only: one run (the PGlite project) proves it.
describe.skipIf(TEST_DB_KIND === 'postgres')('one process per embedded data directory', () => {
  it('stops a second server at once with one clear line, and the commands as well', async () => {
    const first = await server('lock-first');
    expect(existsSync(lockFile)).toBe(true);
    let refused = '';
    await server('lock-second').catch((err: Error) => (refused = err.message));
    expect(refused).toMatch(/exited with 1 before listening/);
    const lines = refused.split('\n').slice(1).filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(IN_USE);
    expect(lines[0]).toContain(`pid ${first.pid}`);
    for (const [script, args] of [
      ['check-ledger.ts', []],
      ['seed-demo.ts', []],
      ['reconcile-payments.ts', []],
      ['admin.ts', ['grant', 'someone@example.com']],
    ] as const) {
      const run = command(script, [...args]);
      expect(run.status, `${script}: ${run.stderr}`).not.toBe(0);
      expect(run.stderr.trim().split('\n'), script).toHaveLength(1);
      expect(run.stderr.trim(), script).toMatch(IN_USE);
    }
    // The refused processes left the holder's lock alone, and it still answers.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    await first.stop();
    expect(existsSync(lockFile)).toBe(false);
  }, 240_000);

  it('restarts after SIGKILL (the dead process’s lock is taken over) and releases on exit', async () => {
    const killed = await server('lock-killed');
    await killed.kill();
    expect(existsSync(lockFile)).toBe(true);
    const again = await server('lock-again');
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    await again.stop();
    expect(existsSync(lockFile)).toBe(false);
    const ledger = command('check-ledger.ts');
    expect(ledger.stderr).not.toMatch(/in use by/);
  }, 240_000);

  /** Rewrites the lock as a process elsewhere would have written it. */
  function rewriteLock(change: Record<string, unknown>) {
    const held = JSON.parse(readFileSync(lockFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(lockFile, JSON.stringify({ ...held, ...change }));
  }

  it('takes over the lock of a killed process that names another host, as a recreated container does', async () => {
    for (const host of ['container-before-recreate', hostname()]) {
      const killed = await server('lock-recreated');
      await killed.kill();
      // The old container had another host name, and its pid is in use here (a new
      // container counts pids anew): neither may keep the directory blocked.
      rewriteLock({ host, pid: process.pid });
      const again = await server('lock-after-recreate');
      expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
      await again.stop();
      expect(existsSync(lockFile)).toBe(false);
    }
    // The dead holders' sockets were cleared away with their locks.
    expect(readdirSync(dataDir).filter((f) => f.endsWith('.sock'))).toEqual([]);
  }, 240_000);

  it('refuses while the holder runs, whatever host its lock names', async () => {
    const first = await server('lock-running');
    rewriteLock({ host: 'another-container' });
    let refused = '';
    await server('lock-second-container').catch((err: Error) => (refused = err.message));
    expect(refused.split('\n').slice(1).filter(Boolean)).toEqual([expect.stringMatching(IN_USE)]);
    expect(refused).toContain(`pid ${first.pid} on another-container`);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    await first.stop();
  }, 240_000);

  it('refuses a lock naming this host and pid while its holder’s socket answers (another container)', async () => {
    // Two containers on one data directory may share a host name and a pid (pid 1).
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'efl-')), 'db');
    const holderSocket = `${dir}.holder.sock`;
    const holder = net.createServer((conn) => conn.destroy());
    await new Promise<void>((resolve) => holder.listen(holderSocket, resolve));
    const lock = { pid: process.pid, host: hostname(), startedAt: 'earlier', command: 'server' };
    writeFileSync(`${dir}.lock`, JSON.stringify({ ...lock, socket: holderSocket }));
    try {
      await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLocked);
      // Its socket gone (the holder ended), the same lock is stale and taken over.
      await new Promise<void>((resolve) => holder.close(() => resolve()));
      const release = await lockDataDir(dir);
      expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
      release();
      expect(existsSync(`${dir}.lock`)).toBe(false);
    } finally {
      holder.close();
    }
    // No socket of this process is left behind by the refusal.
    expect(readdirSync(path.dirname(dir)).filter((f) => f.endsWith('.sock'))).toEqual([]);
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });
});
