/**
 * `npm run demo -- remove`: deletes the demo data and every test payment from the
 * configured database (DATABASE_URL, or the embedded database under DATA_DIR) in one
 * transaction, then the uploads' files and the outbox mails to demo addresses, and prints
 * what was removed (decision 449). A live start refuses a database holding either.
 * Exit code 0 on success, 1 when refused, 2 when it could not run.
 * In embedded mode stop the server first: one embedded database, one process.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { createStorage } from '../lib/storage/storage';
import { DemoRemovalRefused, formatDemoRemoval, removeDemoData } from '../seed/demo-remove';
import { runCommand, withProjectDatabase } from './command';

const USAGE = 'Usage: npm run demo -- remove';

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0] !== 'remove') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  return withProjectDatabase(config, { poolSize: 1 }, async ({ db }) => {
    try {
      const removal = await removeDemoData(db, {
        storage: createStorage(config),
        outboxDir: path.join(config.dataDir, 'outbox'),
      });
      console.log(formatDemoRemoval(removal));
      return 0;
    } catch (err) {
      if (!(err instanceof DemoRemovalRefused)) throw err;
      console.error(err.message);
      return 1;
    }
  });
}

runCommand(main, 'The demo command could not run');
