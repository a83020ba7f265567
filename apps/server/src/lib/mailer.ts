import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when a URL is configured; otherwise a local outbox folder the demo can show. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: Pick<FastifyBaseLogger, 'info'>;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      await mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@.-]/gi, '_')}.txt`,
      );
      const body = `From: ${opts.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
      await writeFile(file, body, { mode: 0o600 });
      opts.log.info({ outbox: file, to: mail.to, subject: mail.subject }, 'mail written to outbox');
    },
  };
}
