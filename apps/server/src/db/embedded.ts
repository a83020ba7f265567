import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockDataDir } from './data-dir-lock';
import { RemotePGlite } from './pglite-remote';

/** The migrations, beside this module (the compiled server has a copy beside its own). */
export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/** The embedded database's worker, started on a locked data directory. */
export interface EmbeddedWorker {
  /** Usable at once: queries made before the database has opened wait for it. */
  remote: RemotePGlite;
  /** Settles once the database has opened (migrations applied), or with why it could not. */
  opened: Promise<void>;
  /** Closes the database and lets go of the data directory. */
  close(): Promise<void>;
}

/**
 * Locks the data directory and starts the worker that opens it (pglite-worker.mjs). Only
 * the lock and the worker's thread are needed here, not the database drivers nor the
 * schema: a starting server calls this before it loads them, so that the database opens
 * while the rest of its code loads (the open is the longest part of a restart).
 */
export async function startEmbedded(dataDir: string, migrate: boolean): Promise<EmbeddedWorker> {
  mkdirSync(dataDir, { recursive: true });
  // One process per embedded database (server, seed, reconcile, check:ledger, admin).
  const unlock = await lockDataDir(dataDir);
  const remote = RemotePGlite.start({ dataDir, migrationsFolder, migrate });
  // A database that did not open is let go at once (its worker has stopped).
  const opened = remote.opened.catch((err: unknown) => {
    unlock();
    throw err;
  });
  opened.catch(() => {});
  const close = async () => {
    try {
      await remote.close();
    } finally {
      unlock();
    }
  };
  return { remote, opened, close };
}
