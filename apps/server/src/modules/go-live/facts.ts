/** What the go-live checklist reads besides the configuration: the data directory, the database. */
import { readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

/** What the database says, or why it could not be asked. */
export type DemoDataFacts =
  { accounts: number; testPayments: number } | { notChecked: string } | { noDatabase: true };

/**
 * A PostgreSQL server's own upkeep: autovacuum, and the row counts it decides from
 * (`track_counts`). The embedded database has neither; the server keeps it up (decision 481).
 */
export interface UpkeepFacts {
  autovacuum: boolean;
  trackCounts: boolean;
}

export interface GoLiveFacts {
  /** Permission bits of `$DATA_DIR/auth-secret` when the secret comes from it. */
  authSecretFileMode?: number | null;
  /** When `npm run backup` last copied the embedded database (null: never). */
  lastBackupAt?: Date | null;
  /** The CLI could not reach PostgreSQL: why. */
  databaseError?: string;
  demoData: DemoDataFacts;
  /** On PostgreSQL, what the server says of its upkeep (absent: not asked). */
  upkeep?: UpkeepFacts;
  now?: Date;
}

/** Written beside the embedded database by `npm run backup` (read by the checklist). */
export const BACKUP_MARKER = 'last-backup.json';

/** A host the internet cannot reach: loopback, private and link-local addresses, local names. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (net.isIPv4(host)) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (net.isIPv6(host)) {
    return host === '::1' || host === '::' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
  }
  // A name without a dot is resolved on this network only.
  return !host.includes('.');
}

/** The facts read from the data directory: the secret file's mode, the last backup. */
export function localFacts(config: Config): Omit<GoLiveFacts, 'demoData'> {
  let authSecretFileMode: number | null = null;
  if (!config.AUTH_SECRET) {
    try {
      authSecretFileMode = statSync(path.join(config.dataDir, 'auth-secret')).mode & 0o777;
    } catch {
      authSecretFileMode = null;
    }
  }
  return { authSecretFileMode, lastBackupAt: lastBackup(config.dataDir) };
}

function lastBackup(dataDir: string): Date | null {
  try {
    const { at } = JSON.parse(readFileSync(path.join(dataDir, BACKUP_MARKER), 'utf8')) as {
      at?: string;
    };
    const date = at ? new Date(at) : null;
    return date && !Number.isNaN(date.getTime()) ? date : null;
  } catch {
    return null;
  }
}

/** What a PostgreSQL server says of its upkeep; nothing on the embedded database. */
export async function upkeepFacts(
  database: Pick<Database, 'kind' | 'executeSql'>,
): Promise<UpkeepFacts | undefined> {
  if (database.kind !== 'postgres') return undefined;
  const { rows } = await database.executeSql(
    "select current_setting('autovacuum') as autovacuum, current_setting('track_counts') as track_counts",
  );
  return { autovacuum: rows[0]?.autovacuum === 'on', trackCounts: rows[0]?.track_counts === 'on' };
}
