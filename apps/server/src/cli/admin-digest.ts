/**
 * `npm run digest`: sends today's digest (Asia/Dhaka day) of what waits for a decision to
 * every admin, one mail each, and nothing when nothing waits. The server's job queue
 * sends it every day at 09:00 Asia/Dhaka; this sends it now (once a day: a second run the
 * same day sends nothing more).
 * Exit code 0 when done, 2 when it could not run.
 * In embedded mode stop the server first: one embedded database, one process.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { errorLine, withSafeErrors } from '../lib/log-errors';
import { createMailer } from '../lib/mailer';
import { directMailQueue } from '../lib/sent-mails';
import { sendTodaysDigest } from '../modules/overview/digest';
import { openProjectDatabase } from './project-database';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openProjectDatabase(config, { poolSize: 1, migrate: false });
  if (!database) return 2;
  try {
    const log = {
      info: () => {},
      warn: (obj: object, msg: string) => console.error(msg, JSON.stringify(withSafeErrors(obj))),
    };
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log,
    });
    const sent = await sendTodaysDigest(
      database.db,
      directMailQueue(database.db, mailer),
      config.publicUrl,
    );
    console.log(sent === 0 ? 'Nothing waits: no digest sent.' : `Digest sent to ${sent} admin(s).`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof ConfigError ? err.message : `The digest could not be sent: ${errorLine(err)}`,
    );
    process.exit(2);
  },
);
