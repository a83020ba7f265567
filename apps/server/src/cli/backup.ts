/**
 * `npm run backup -- FILE`: copies the embedded database (PGlite, `$DATA_DIR/pglite`) into
 * FILE, a gzipped tar of its data directory, and notes the time for the go-live checklist
 * (`$DATA_DIR/last-backup.json`). It holds the database's lock while it copies, so it
 * refuses while the server runs: stop the server, back up, start it (a few seconds for a
 * small site's database). `npm run restore -- FILE` brings it back.
 * PostgreSQL (DATABASE_URL) is backed up with its own tools: `pg_dump -Fc`.
 * Exit code 0 when written, 1 when refused (the server runs), 2 when it could not run.
 */
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { PGLITE_EXTENSIONS } from '../db/client';
import { BACKUP_MARKER } from '../modules/go-live/facts';
import { embeddedOnly, fileArgument, lockOrRefuse, runCommand } from './command';

const USAGE = 'Usage: npm run backup -- FILE   (e.g. easyfund-2026-11-28.tar.gz)';

async function main(argv: string[]): Promise<number> {
  const file = fileArgument(argv, USAGE);
  if (file === undefined) return 2;
  const config = loadConfig();
  if (!embeddedOnly(config, 'back up PostgreSQL with pg_dump -Fc')) return 2;
  const dir = path.join(config.dataDir, 'pglite');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    console.error(`No embedded database in ${dir} (DATA_DIR=${config.dataDir}).`);
    return 2;
  }
  const target = path.resolve(file);
  const unlock = await lockOrRefuse(dir, 'npm run backup');
  if (!unlock) return 1;
  const partial = `${target}.partial`;
  try {
    const db = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
    let dump: Blob;
    try {
      // Everything written so far goes into the data files first: the copy then needs
      // no recovery from the write-ahead log when it is opened again.
      await db.exec('checkpoint');
      dump = await db.dumpDataDir('gzip');
    } finally {
      await db.close();
    }
    // Written whole under another name, then renamed: a cut-off copy never looks finished.
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    renameSync(partial, target);
    const at = new Date().toISOString();
    writeFileSync(
      path.join(config.dataDir, BACKUP_MARKER),
      `${JSON.stringify({ at, file: target })}\n`,
      { mode: 0o600 },
    );
    const mb = (dump.size / 1_048_576).toFixed(1);
    console.log(`The embedded database in ${dir} is backed up to ${target} (${mb} MB, ${at}).`);
    console.log(
      'Keep the file on another machine; restore with: npm run restore -- FILE (server stopped).',
    );
    return 0;
  } finally {
    rmSync(partial, { force: true });
    unlock();
  }
}

runCommand(main, 'The backup could not run');
