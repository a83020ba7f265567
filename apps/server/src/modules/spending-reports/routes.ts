import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { spending } from '@easyfund/shared/api/spending';
import { QUEUES } from '../../lib/job-queue';
import { notifyDecision } from '../notifications/service';
import { route } from '../../plugins/route';
import type { NotifyDeps } from '../updates/notify';
import { notifySpendingReport } from './notify';
import { decideSpendingReport, listSpendingReportsForReview, postSpendingReport } from './service';

const ZReportMailsJob = z.object({
  fund: z.object({ id: z.string(), name: z.string() }),
  report: z.object({ id: z.string(), body: z.string(), totalPoisha: z.number() }),
});

/** Spending reports of paid payouts: posted by the raiser, reviewed by admins. */
const spendingReportsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const notify: NotifyDeps = {
    db,
    mailQueue: app.mailQueue,
    publicUrl: app.publicUrl,
    secret: app.config.authSecret,
  };
  // A published report's e-mails go out from the job queue, once per report.
  app.jobs.handle(QUEUES.spendingReportMails, async (data) => {
    await notifySpendingReport(notify, ZReportMailsJob.parse(data));
  });

  route(app, spending.create, ({ user, params, body }) =>
    postSpendingReport(db, user, params.id, body),
  );
  route(app, spending.adminList, ({ query }) => listSpendingReportsForReview(db, query));
  route(app, spending.decide, async ({ user, params, body }) => {
    const decided = await decideSpendingReport(db, user, params.id, body);
    await notifyDecision(db, app.mailQueue, 'spendingReport', params.id);
    if (decided.published)
      await app.jobs.send(
        QUEUES.spendingReportMails,
        { ...decided.published },
        { id: decided.published.report.id },
      );
    return decided.report;
  });
};

export default spendingReportsRoutes;
