import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { updates } from '@easyfund/shared/api/updates';
import { QUEUES } from '../../lib/job-queue';
import { hasAdminRights } from '../../plugins/session';
import { route } from '../../plugins/route';
import { sendUpdateSms } from '../sms/notices';
import { notifyFundUpdate, type NotifyDeps } from './notify';
import {
  decideFundUpdate,
  getSubscription,
  listFundUpdates,
  listUpdatesForReview,
  postFundUpdate,
  type PublishedUpdate,
  unsubscribe,
} from './service';

const ZUpdateMailsJob = z.object({
  fund: z.object({ id: z.string(), name: z.string() }),
  update: z.object({ id: z.string(), body: z.string() }),
});

/**
 * /api/funds/:id/updates, the admins' review of a fund's first update, and the
 * unsubscribe links of update e-mails.
 */
const updatesRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const secret = app.config.authSecret;
  const notify: NotifyDeps = { db, mailQueue: app.mailQueue, publicUrl: app.publicUrl, secret };
  // The e-mails and SMS of a new update go out from the job queue, not from the request.
  app.jobs.handle(QUEUES.updateMails, async (data) => {
    const notice = ZUpdateMailsJob.parse(data);
    await notifyFundUpdate(notify, notice);
    // Donors who chose SMS for updates get a short one too.
    await sendUpdateSms({ db, sms: app.sms, publicUrl: app.publicUrl }, notice);
  });

  route(app, updates.list, async ({ currentUser, params, query }) => {
    const me = await currentUser();
    return listFundUpdates(db, { me, admin: hasAdminRights(app.config, me) }, params.id, query);
  });
  // An update's mails are queued once it is approved (keyed by the update: once).
  const mailSubscribers = (published: PublishedUpdate | null) =>
    published
      ? app.jobs.send(QUEUES.updateMails, { ...published }, { id: published.update.id })
      : Promise.resolve();
  route(app, updates.create, async ({ user, params, body }) => {
    const posted = await postFundUpdate(db, user, params.id, body);
    await mailSubscribers(posted.published);
    return posted.update;
  });
  route(app, updates.adminList, ({ query }) => listUpdatesForReview(db, query));
  route(app, updates.decide, async ({ user, params, body }) => {
    const decided = await decideFundUpdate(db, user, params.id, body);
    await mailSubscribers(decided.published);
    return decided.update;
  });
  route(app, updates.unsubscribeInfo, ({ params }) => getSubscription(db, secret, params.token));
  route(app, updates.unsubscribe, ({ params }) => unsubscribe(db, secret, params.token));
};

export default updatesRoutes;
