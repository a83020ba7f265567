import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config-error';

/**
 * The embedded database (PGlite) belongs to one process: two processes on one data
 * directory each see only their own writes and lose the other's on exit. The first to
 * open it creates a lock file naming itself; any other stops at once with one line
 * (docs/decisions/406-one-process-per-embedded-database.md).
 *
 * Whether the holder still runs is asked of the operating system, not guessed from a
 * host name and a pid: the holder listens on a Unix socket of its own beside the lock
 * (named in the lock), and the kernel closes that socket when the process ends however it
 * ends (SIGKILL, a crash, its container removed). A lock whose socket refuses connections
 * is stale and is taken over — also when it names another host, as a recreated container
 * does (new host name, pids counted anew), since the data directory is on a local disk.
 * Where no socket can be made (a path too long for one, a file system without them), a
 * lock is stale only when its process is gone from this same host, as before.
 */
export class DataDirLocked extends ConfigError {}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
  /** The holder's Unix socket, listening while it runs (absent where none could be made). */
  socket?: string;
}

/** Longest Unix socket path every platform accepts (sun_path: 104 bytes on macOS, 108 on Linux). */
const MAX_SOCKET_PATH = 100;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockInfo>;
    return typeof info.pid === 'number' && typeof info.host === 'string'
      ? (info as LockInfo)
      : null;
  } catch {
    return null;
  }
}

const sameLock = (a: LockInfo | null, b: LockInfo | null) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Asks the holder's socket: 'running' when it accepts a connection (the kernel accepts it
 * even while the holder is busy), 'gone' when nobody listens there any more, 'unknown'
 * when the answer says nothing (no permission, no such support, no answer in time).
 */
function probe(socket: string): Promise<'running' | 'gone' | 'unknown'> {
  return new Promise((resolve) => {
    const conn = net.connect(socket);
    const done = (answer: 'running' | 'gone' | 'unknown') => {
      clearTimeout(timer);
      conn.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done('unknown'), 2_000);
    conn.once('connect', () => done('running'));
    conn.once('error', (err: NodeJS.ErrnoException) =>
      done(err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? 'gone' : 'unknown'),
    );
  });
}

/** Listens on a socket of this process's own beside the lock; null where none can be made. */
async function listenBeside(dir: string): Promise<{ path: string; close(): void } | null> {
  const socket = `${dir}.${process.pid}-${randomBytes(4).toString('hex')}.sock`;
  if (process.platform === 'win32' || Buffer.byteLength(socket) > MAX_SOCKET_PATH) return null;
  const server = net.createServer((conn) => conn.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, () => resolve());
    });
  } catch {
    return null;
  }
  // It only answers whether this process runs: it never keeps the process running.
  server.unref();
  return {
    path: socket,
    close() {
      server.close();
      removeQuietly(socket);
    },
  };
}

function removeQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch {
    /* already gone */
  }
}

/** Whether the lock `held` (read from the file) belongs to nobody any more. */
async function isStale(held: LockInfo | null, me: LockInfo): Promise<boolean> {
  // Unreadable: a lock is written whole (see below), so this one is damaged.
  if (held === null) return true;
  // The socket first: two containers may share a host name and a pid (pid 1 in each),
  // so "my own host and pid" proves nothing while the holder's socket answers.
  if (held.socket) {
    const answer = await probe(held.socket);
    if (answer !== 'unknown') return answer === 'gone';
  }
  if (held.host !== me.host) return false;
  // Without a socket's answer: this host's process of that pid, which is not us, runs.
  return held.pid === me.pid || !isAlive(held.pid);
}

/** Hard links unsupported by the file system (some network and FUSE mounts). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Creates the lock file with `content` unless it exists (EEXIST): linked into place from
 * a draft written whole, or, where the file system has no hard links, created exclusively
 * and written (then a reader may briefly see it empty).
 */
function createLock(draft: string, file: string, content: string) {
  try {
    linkSync(draft, file);
  } catch (err) {
    if (!NO_LINKS.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
    writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
  }
}

/**
 * Takes the lock of `dir` (the file `dir`.lock beside it) for this process; resolves to its
 * release. Refuses with DataDirLocked while another running process holds it.
 */
export async function lockDataDir(
  dir: string,
  command = path.basename(process.argv[1] ?? 'node'),
): Promise<() => void> {
  const file = `${dir}.lock`;
  const socket = await listenBeside(dir);
  const mine: LockInfo = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    command,
    ...(socket ? { socket: socket.path } : {}),
  };
  // Written whole under another name, then linked into place: creating the lock and its
  // content is one step (a link fails if the lock exists), so nobody reads half a lock.
  const draft = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(draft, JSON.stringify(mine), { mode: 0o600 });
    for (let attempt = 0; ; attempt++) {
      try {
        createLock(draft, file, JSON.stringify(mine));
        // Two processes that both found the same stale lock: the later replaced the
        // earlier's; the earlier sees that here and tries again (and finds it held).
        if (sameLock(readLock(file), mine)) break;
        continue;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const held = readLock(file);
      if (attempt > 2 || !(await isStale(held, mine))) {
        const who = held
          ? `${held.command} (pid ${held.pid} on ${held.host}, since ${held.startedAt})`
          : 'another process';
        throw new DataDirLocked(
          `The embedded database in ${dir} is in use by ${who}: stop that process first, or set DATABASE_URL to a PostgreSQL database to run several processes.`,
        );
      }
      // Left by a process that no longer runs: take it over (unless it changed meanwhile).
      if (sameLock(readLock(file), held)) {
        removeQuietly(file);
        if (held?.socket && held.socket !== socket?.path) removeQuietly(held.socket);
      }
    }
  } catch (err) {
    // Every way out without the lock closes this process's socket.
    socket?.close();
    throw err;
  } finally {
    removeQuietly(draft);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (sameLock(readLock(file), mine)) removeQuietly(file);
    socket?.close();
  };
  process.on('exit', release);
  return release;
}
