import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { updates } from '@easyfund/shared/api/updates';
import { QUEUES } from '../../lib/jobs';
import { route } from '../../plugins/route';
import { notifyFundUpdate, type NotifyDeps } from './notify';
import { getSubscription, listFundUpdates, postFundUpdate, unsubscribe } from './service';

const ZUpdateMailsJob = z.object({
  fund: z.object({ id: z.string(), name: z.string() }),
  update: z.object({ id: z.string(), body: z.string() }),
});

/** /api/funds/:id/updates and the unsubscribe links of update e-mails. */
const updatesRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const secret = app.config.authSecret;
  const notify: NotifyDeps = { db, mailQueue: app.mailQueue, publicUrl: app.publicUrl, secret };
  // The e-mails of a new update go out from the job queue, not from the request.
  app.jobs.handle(QUEUES.updateMails, async (data) => {
    await notifyFundUpdate(notify, ZUpdateMailsJob.parse(data));
  });

  route(app, updates.list, async ({ currentUser, params, query }) =>
    listFundUpdates(db, await currentUser(), params.id, query),
  );
  route(app, updates.create, async ({ user, params, body }) => {
    const posted = await postFundUpdate(db, user, params.id, body);
    await app.jobs.send(
      QUEUES.updateMails,
      { fund: posted.fund, update: { id: posted.update.id, body: posted.update.body } },
      { id: posted.update.id },
    );
    return posted.update;
  });
  route(app, updates.unsubscribeInfo, ({ params }) => getSubscription(db, secret, params.token));
  route(app, updates.unsubscribe, ({ params }) => unsubscribe(db, secret, params.token));
};

export default updatesRoutes;
