import { existsSync } from 'node:fs';
import path from 'node:path';

/** Where the server keeps its files when DATA_DIR is not set (config.ts). */
export const DEFAULT_DATA_DIR = './data';

/**
 * The embedded database a restart opens, read from the environment as config.ts reads it
 * (embedded without DATABASE_URL, under DATA_DIR), before the settings and zod load: null
 * on PostgreSQL, or where no database is there yet (a first start creates it only once
 * the settings are known to be right). The server checks it against its settings.
 */
export function existingEmbeddedDir(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.DATABASE_URL) return null;
  const dir = path.join(path.resolve(env.DATA_DIR ?? DEFAULT_DATA_DIR), 'pglite');
  return existsSync(path.join(dir, 'PG_VERSION')) ? dir : null;
}
