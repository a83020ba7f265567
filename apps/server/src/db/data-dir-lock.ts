import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config';

/**
 * The embedded database (PGlite) belongs to one process: two processes on one data
 * directory each see only their own writes and lose the other's on exit. The first to
 * open it writes a lock file (created exclusively) naming itself; any other stops at once
 * with one line. A lock whose process is gone (killed, crashed) on this machine is stale
 * and is taken over, so a restart after SIGKILL just works.
 */
export class DataDirLocked extends ConfigError {}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
}

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

/** Takes the lock of `dir` (the file `dir`.lock beside it) for this process; returns its release. */
export function lockDataDir(dir: string, command = path.basename(process.argv[1] ?? 'node')) {
  const file = `${dir}.lock`;
  const mine: LockInfo = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    command,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const held = readLock(file);
      const stale =
        held === null || (held.host === mine.host && (held.pid === mine.pid || !isAlive(held.pid)));
      if (!stale || attempt > 2) {
        const who = held
          ? `${held.command} (pid ${held.pid} on ${held.host}, since ${held.startedAt})`
          : 'another process';
        throw new DataDirLocked(
          `The embedded database in ${dir} is in use by ${who}: stop that process first, or set DATABASE_URL to a PostgreSQL database to run several processes.`,
        );
      }
      // Left by a process that no longer runs: take it over.
      try {
        unlinkSync(file);
      } catch {
        /* another process took it over first: try again */
      }
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readLock(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        /* already gone */
      }
    }
  };
  process.on('exit', release);
  return release;
}
