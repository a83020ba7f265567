import { createHash } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once';
import type { Db } from '../../db/client';
import { sentMails } from '../../db/schema';
import { type Jobs, QUEUES } from '../../lib/job-queue';
import type { Mail, Mailer } from '../../lib/mailer';
import type { MailQueue } from './service';

/**
 * Sends a background mail once per key: a job retried after its process died finds the
 * key recorded and stops; the outbox keeps one file per key, so even a crash between
 * writing and recording leaves one mail (decision 226).
 */
export async function sendOnce(db: Db, mailer: Mailer, key: string, mail: Mail): Promise<boolean> {
  const [done] = await sentMail(db).execute({ key });
  if (done) return false;
  await deliverOnce(db, mailer, key, mail);
  return true;
}

/**
 * Sends a mail whose key was just found unsent (by `sendOnce`, or by the statement that
 * read the mail's data with `mailSent`) and records its key.
 */
export async function deliverOnce(db: Db, mailer: Mailer, key: string, mail: Mail) {
  await mailer.send({ ...mail, key });
  await markAllSent(db, [key]);
}

/** Whether the mail of `key` was sent, as a column of another statement. */
export const mailSent = (key: SQL) =>
  sql<boolean>`exists (select 1 from ${sentMails} where ${sentMails.key} = ${key})`;

const sentMail = builtOnce((db) =>
  db
    .select({ key: sentMails.key })
    .from(sentMails)
    .where(eq(sentMails.key, sql.placeholder('key')))
    .prepare(''),
);

/** Records the keys of mails just sent, in one statement (one mail, or a batch of receipts). */
export async function markAllSent(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length) await markManySent(db).execute({ keys });
}

const markManySent = builtOnce((db) =>
  db
    .insert(sentMails)
    // Both columns, as the insert lists them: the keys and the time they were sent.
    .select(sql`select unnest(${sql.placeholder('keys')}::text[]), now()`)
    .onConflictDoNothing()
    .prepare(''),
);

/** A stable job id (a UUID) for a mail key: the same key queues one job. */
export function jobIdFor(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Queues a background mail (sent by a worker, retried, once per key). */
export function queueMail(jobs: Jobs, key: string, mail: Omit<Mail, 'key' | 'attachments'>) {
  return jobs.send(QUEUES.mail, { key, mail }, { id: jobIdFor(key) });
}

/** The server's mail queue: each mail a job, sent by a worker, retried, once per key. */
export function jobsMailQueue(jobs: Jobs, publicUrl?: string): MailQueue {
  return {
    publicUrl,
    async enqueueMail(key, mail) {
      await queueMail(jobs, key, mail);
    },
    async enqueueCreditNote(refundId) {
      await jobs.send(
        QUEUES.creditNoteMail,
        { refundId },
        { id: jobIdFor(`credit-note:${refundId}`) },
      );
    },
    async enqueueDecisionSms(kind, id, status) {
      await jobs.send(
        QUEUES.decisionSms,
        { kind, id },
        { id: jobIdFor(`decision-sms:${kind}:${id}:${status}`) },
      );
    },
  };
}

/** Sends each mail at once, once per key: the command-line tools, which run no workers. */
export function directMailQueue(db: Db, mailer: Mailer, publicUrl?: string): MailQueue {
  return {
    publicUrl,
    async enqueueMail(key, mail) {
      await sendOnce(db, mailer, key, mail);
    },
  };
}
