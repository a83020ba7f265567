import { type Config, ConfigError } from '../config';
import type { Database } from '../db/client';
import { DataDirLocked, lockDataDir } from '../db/data-dir-lock';
import { errorLine } from '../lib/log-errors';
import { openProjectDatabase } from './project-database';

/**
 * Runs a command and exits with the code its `main` returns (0 done, 1 refused, 2 could
 * not run). A bad setting is told as its own message; any other failure as one line
 * after `couldNotRun` (e.g. "The backup could not run"), with exit code 2.
 */
export function runCommand(
  main: (argv: string[]) => Promise<number>,
  couldNotRun: string,
  explain: (err: unknown) => string = errorLine,
): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof ConfigError ? err.message : `${couldNotRun}: ${explain(err)}`);
      process.exit(2);
    },
  );
}

/**
 * Opens the project's database ({@link openProjectDatabase}), gives it to `use` and closes
 * it however `use` ends. Exit code 2 when there is no database to open.
 */
export async function withProjectDatabase(
  config: Config,
  options: { poolSize: number; migrate?: boolean },
  use: (database: Database) => Promise<number>,
): Promise<number> {
  const database = await openProjectDatabase(config, options);
  if (!database) return 2;
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/** The word after `name` on the command line (`--after 30` gives "30"); undefined without `name`. */
export function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** The one FILE argument of a command (`npm run backup -- FILE`); undefined, with the usage, else. */
export function fileArgument(argv: string[], usage: string): string | undefined {
  const [file, ...rest] = argv;
  if (!file || file.startsWith('-') || rest.length > 0) {
    console.error(usage);
    return undefined;
  }
  return file;
}

/**
 * Whether the command may work on the embedded database: with DATABASE_URL set it says to
 * use PostgreSQL's own tool (`advice`, e.g. "back up PostgreSQL with pg_dump -Fc") instead.
 */
export function embeddedOnly(config: Config, advice: string): boolean {
  if (!config.DATABASE_URL) return true;
  console.error(`DATABASE_URL is set: ${advice} (docs/deploying.md, "Backup and restore").`);
  return false;
}

/**
 * Takes the embedded database's lock for `holder` (e.g. "npm run backup"); null, with the
 * reason on stderr, while a server or another command holds it.
 */
export async function lockOrRefuse(dir: string, holder: string): Promise<(() => void) | null> {
  try {
    return await lockDataDir(dir, holder);
  } catch (err) {
    if (!(err instanceof DataDirLocked)) throw err;
    console.error(err.message);
    return null;
  }
}
