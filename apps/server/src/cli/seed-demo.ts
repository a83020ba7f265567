/**
 * `npm run seed`: puts the demo data (README accounts, funds, donations, an application)
 * into the configured database (DATABASE_URL, or the embedded one under DATA_DIR) when
 * it has no users yet; never into a live site (decision 449). In embedded mode stop the
 * server first: one process per database.
 */
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createAuth } from '../modules/identity/better-auth';
import { Jobs } from '../lib/job-queue';
import { errorLine, serializeError } from '../lib/log-errors';
import { createSms } from '../modules/sms/setup';
import { createMailer } from '../lib/mailer';
import { seedDemo } from '../seed/demo';
import { liveStartReason } from '../seed/demo-presence';

async function main(): Promise<number> {
  const config = loadConfig();
  // Asked for by name, the demo may go into a sandbox or test-key site too; never where
  // real money is taken, and on a production https site only with ALLOW_DEMO_DATA=true.
  if (config.paymentMode === 'live' || (config.liveStart && !config.ALLOW_DEMO_DATA)) {
    console.error(
      `Not seeded: demo data never goes into a live site (${liveStartReason(config)}).`,
    );
    return 1;
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  const log = pino({ level: config.LOG_LEVEL, serializers: { err: serializeError } });
  // Only adds jobs (an ADMIN_EMAILS promotion's mail): the server sends them.
  const jobs = Jobs.sendOnly(database, log, config);
  try {
    await jobs.start();
    const auth = createAuth({
      config,
      db: database.db,
      mailer: createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log,
      }),
      sms: createSms(config, database.db, log),
      log,
      jobs: () => jobs,
    });
    const seeded = await seedDemo(auth, database.db);
    console.log(
      seeded
        ? 'Demo data seeded (accounts in the README).'
        : 'The database already has users: nothing seeded.',
    );
    return 0;
  } finally {
    await jobs.stop();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : errorLine(err));
    process.exit(2);
  },
);
