import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type Database, openDatabase } from '../db/client';

/**
 * The database a command works on: `DATABASE_URL`, or the embedded one in the data
 * directory. Null (with one line on stderr) when there is neither: a command never
 * creates an empty embedded database by accident.
 */
export async function openProjectDatabase(
  config: Config,
  options: { poolSize: number; migrate?: boolean },
): Promise<Database | null> {
  const dataDir = path.join(config.dataDir, 'pglite');
  if (!config.DATABASE_URL && !existsSync(dataDir)) {
    console.error(
      `No database: DATABASE_URL is not set and there is no embedded database in ${dataDir}.`,
    );
    return null;
  }
  return openDatabase({
    url: config.DATABASE_URL,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    dataDir,
    ...options,
  });
}
