import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { QUEUES } from '../../lib/job-queue';
import { sendOnce } from './sent-mails';

const ZMailJob = z.object({
  key: z.string().min(1),
  mail: z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    headers: z.record(z.string(), z.string()).optional(),
  }),
});

/** The queue's mail worker: each queued mail sent once, whatever the retries (sent-mails.ts). */
export default fp(
  async function mailJob(app: FastifyInstance) {
    app.jobs.handle(QUEUES.mail, async (data) => {
      const { key, mail } = ZMailJob.parse(data);
      await sendOnce(app.database.db, app.mailer, key, mail);
    });
  },
  { name: 'mail-job', dependencies: ['jobs'] },
);
