/**
 * Real server processes for the scale-out, fault and benchmark runs: `main.ts` started
 * by tsx exactly as in production, on a port of its own, with its output kept.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLIC_ORIGIN } from './http-client';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The same secret on every process: a session made by one is valid on all. */
export const SHARED_AUTH_SECRET = 'scale-out-secret-scale-out-secret-0123456789';

export interface ServerProcess {
  name: string;
  url: string;
  port: number;
  pid: number;
  /** Its data folder (`DATA_DIR`): the outbox, and the embedded database's files. */
  dataDir: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** True once the process has exited. */
  exited(): boolean;
  exitCode(): number | null;
  /** SIGKILL: no shutdown hook runs, in-flight requests die with the process. */
  kill(): Promise<void>;
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<void>;
}

export interface StartOptions {
  name?: string;
  env?: Record<string, string>;
  /** Fixed port (to restart a process on its old address); default: any free port. */
  port?: number;
  timeoutMs?: number;
  /** Extra `node` flags (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** The node binary (another runtime for the benchmarks); default: this process's. */
  node?: string;
  /** Run the compiled server (`compiledServerDir()`, see `npm run build:server`) with plain node. */
  compiled?: boolean;
}

/**
 * The compiled server's folder: the one the test run built once for every run that needs
 * it (`E2E_SERVER_DIST`, set by `npm test` and the browser tests' configuration), else
 * `apps/server/dist` (`npm run build:server`).
 */
export function compiledServerDir(): string {
  return process.env.E2E_SERVER_DIST ?? path.join(repoRoot, 'apps/server/dist');
}

/** VmRSS of a process in bytes, read from outside (Linux /proc). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) * 1024;
}

/** Starts `apps/server/src/main.ts` and resolves when it prints its address. */
export async function startServer(opts: StartOptions = {}): Promise<ServerProcess> {
  const name = opts.name ?? 'server';
  const dataDir = mkdtempSync(path.join(tmpdir(), `easyfund-${name}-`));
  // `node --import tsx` runs the server in this one process (the tsx command line would
  // start a second process: a SIGKILL to the first would leave the server running).
  const child: ChildProcess = spawn(
    opts.node ?? process.execPath,
    [
      ...(opts.nodeArgs ?? []),
      ...(opts.compiled
        ? [path.join(compiledServerDir(), 'main.js')]
        : ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')]),
    ],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'test',
        HOST: '127.0.0.1',
        PORT: String(opts.port ?? 0),
        DATA_DIR: dataDir,
        AUTH_SECRET: SHARED_AUTH_SECRET,
        PUBLIC_URL: PUBLIC_ORIGIN,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_MAX: '100000',
        AUTH_EMAIL_RATE_LIMIT_MAX: '100000',
        RESET_EMAIL_RATE_LIMIT_MAX: '100000',
        PAYMENT_RATE_LIMIT_MAX: '100000',
        ...opts.env,
      },
    },
  );
  let out = '';
  let exitCode: number | null = null;
  let hasExited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      hasExited = true;
      exitCode = code ?? (signal ? 128 : null);
      rmSync(dataDir, { recursive: true, force: true });
      resolve();
    });
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in time:\n${out}`)),
      opts.timeoutMs ?? 120_000,
    );
    const onData = () => {
      const m = /Easy Fund is running at http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on('data', onData);
    void exitPromise.then(() => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${exitCode} before listening:\n${out}`));
    });
  });

  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    dataDir: opts.env?.DATA_DIR ?? dataDir,
    output: () => out,
    exited: () => hasExited,
    exitCode: () => exitCode,
    async kill() {
      if (!hasExited) child.kill('SIGKILL');
      await exitPromise;
    },
    async stop() {
      if (!hasExited) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(timer);
    },
  };
}

/**
 * A TCP proxy between the server and PostgreSQL that can cut the line: while cut, it
 * drops every open connection and resets new ones, as a database outage or a network
 * partition looks to the server. The real database is never touched.
 */
export interface TcpProxy {
  port: number;
  /** Drop every connection now and refuse new ones until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let isCut = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy did not listen');
  return {
    port: address.port,
    cut() {
      isCut = true;
      for (const s of open) s.resetAndDestroy();
      open.clear();
    },
    restore() {
      isCut = false;
    },
    close() {
      for (const s of open) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A database URL with its host and port replaced (e.g. to go through the proxy). */
export function withHostPort(url: string, host: string, port: number): string {
  const u = new URL(url);
  u.hostname = host;
  u.port = String(port);
  return u.toString();
}
