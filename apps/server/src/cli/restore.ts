/**
 * `npm run restore -- FILE`: brings back the embedded database (PGlite) from a file of
 * `npm run backup` into `$DATA_DIR/pglite`. It never overwrites a database: the directory
 * must be absent or empty (move the old one aside first). The copy is unpacked beside it,
 * opened and counted, and only then moved into place; the next start applies any newer
 * migrations. It holds the database's lock, so it refuses while a server runs there.
 * PostgreSQL (DATABASE_URL) is restored with its own tools: `pg_restore`.
 * Exit code 0 when restored, 1 when refused, 2 when it could not run.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { PGLITE_EXTENSIONS } from '../db/client';
import { embeddedOnly, fileArgument, lockOrRefuse, runCommand } from './command';

const USAGE = 'Usage: npm run restore -- FILE   (a file made by npm run backup)';

/** How many rows a restored database holds, told to the operator. */
async function contents(db: PGlite) {
  const count = async (table: string) =>
    (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0;
  return {
    accounts: await count('"user"'),
    funds: await count('funds'),
    donations: await count(`payments where status in ('succeeded', 'refunded')`),
  };
}

async function main(argv: string[]): Promise<number> {
  const file = fileArgument(argv, USAGE);
  if (file === undefined) return 2;
  const config = loadConfig();
  if (!embeddedOnly(config, 'restore PostgreSQL with pg_restore')) return 2;
  const source = path.resolve(file);
  if (!existsSync(source)) {
    console.error(`No such file: ${source}`);
    return 2;
  }
  const dir = path.join(config.dataDir, 'pglite');
  mkdirSync(config.dataDir, { recursive: true });
  const unlock = await lockOrRefuse(dir, 'npm run restore');
  if (!unlock) return 1;
  const staging = `${dir}.restoring-${process.pid}`;
  try {
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      console.error(
        `${dir} already holds a database: a restore never overwrites one. Move it aside first (mv ${dir} ${dir}.old), then restore again.`,
      );
      return 1;
    }
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    const db = new PGlite(staging, {
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: new Blob([readFileSync(source)]),
    });
    let found;
    try {
      found = await contents(db);
    } finally {
      await db.close();
    }
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
    console.log(
      `Restored ${source} into ${dir}: ${found.accounts} accounts, ${found.funds} funds, ${found.donations} donations. Start the server.`,
    );
    return 0;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    unlock();
  }
}

runCommand(main, 'The restore could not run (is it a file of npm run backup?)');
