import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { isRealEmail } from '@easyfund/shared/phone';

export interface Attachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: Attachment[];
  /** A stable key (a background mail's): the outbox keeps one file per key, so a mail
   *  sent again after a crash replaces itself instead of arriving twice. */
  key?: string;
  /** Extra headers (List-Unsubscribe, …). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * A mailer that drops mails to the stand-in address of an account made from a mobile
 * number (`…@phone.easyfund.invalid`): those people are reached by SMS instead.
 */
export function withoutPhoneOnlyAddresses(mailer: Mailer): Mailer {
  return {
    async send(mail) {
      if (!isRealEmail(mail.to)) return;
      await mailer.send(mail);
    },
  };
}

const safe = (s: string) => s.replace(/[^a-z0-9@.-]/gi, '_');

/** SMTP when a URL is configured; otherwise a local outbox folder the demo can show. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: Pick<FastifyBaseLogger, 'info'>;
}): Mailer {
  if (opts.smtpUrl) {
    // A mail server that accepts and then hangs must not hold a request (a sign-up's
    // verification mail) or a job for minutes (the library waits up to 2 min to connect,
    // 30 s for the greeting and 10 min on a silent socket): the send fails and is
    // reported or retried. The URL's own query (?greetingTimeout=…) still wins.
    // The SMTP library loads with the first mail, not at every start.
    let transport: Promise<Transporter> | undefined;
    const connect = async () => {
      const { default: nodemailer } = await import('nodemailer');
      return nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
    };
    return {
      async send({ key, ...mail }) {
        const transporter = await (transport ??= connect());
        await transporter.sendMail({
          from: opts.from,
          ...mail,
          ...(key ? { messageId: `<${safe(key)}@easyfund>` } : {}),
        });
      },
    };
  }
  return {
    async send(mail) {
      // A keyed mail keeps its first file name: sending it again overwrites, never adds.
      const base = mail.key
        ? `mail-${safe(mail.key)}`
        : `${new Date().toISOString().replace(/[:.]/g, '-')}-${safe(mail.to)}`;
      // Attachments go in a folder named like the mail (the outbox's files stay mails);
      // made with it, the outbox itself is made (again, if someone emptied it).
      const hasAttachments = Boolean(mail.attachments?.length);
      await mkdir(hasAttachments ? path.join(opts.outboxDir, base) : opts.outboxDir, {
        recursive: true,
      });
      const lines: string[] = [];
      if (mail.attachments && hasAttachments) {
        for (const a of mail.attachments) {
          const name = safe(a.filename);
          await writeFile(path.join(opts.outboxDir, base, name), a.content, { mode: 0o600 });
          lines.push(`Attachment: ${base}/${name} (${a.contentType}, ${a.content.length} bytes)`);
        }
      }
      const file = path.join(opts.outboxDir, `${base}.txt`);
      const extra = Object.entries(mail.headers ?? {})
        .map(([name, value]) => `${name}: ${value}\n`)
        .join('');
      const body =
        `From: ${opts.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n${extra}` +
        lines.map((l) => `${l}\n`).join('') +
        `\n${mail.text}\n`;
      await writeFile(file, body, { mode: 0o600 });
      opts.log.info({ outbox: file, to: mail.to, subject: mail.subject }, 'mail written to outbox');
    },
  };
}
