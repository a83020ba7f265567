/**
 * `npm run digest`: sends today's digest (Asia/Dhaka day) of what waits for a decision to
 * every admin, one mail each, and nothing when nothing waits. The server's job queue
 * sends it every day at 09:00 Asia/Dhaka; this sends it now (once a day: a second run the
 * same day sends nothing more).
 * Exit code 0 when done, 2 when it could not run.
 * In embedded mode stop the server first: one embedded database, one process.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { withSafeErrors } from '../lib/log-errors';
import { createMailer } from '../lib/mailer';
import { directMailQueue } from '../modules/notifications/sent-mails';
import { sendTodaysDigest } from '../modules/overview/digest';
import { runCommand, withProjectDatabase } from './command';

async function main(): Promise<number> {
  const config = loadConfig();
  return withProjectDatabase(config, { poolSize: 1, migrate: false }, async (database) => {
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
  });
}

runCommand(main, 'The digest could not be sent');
