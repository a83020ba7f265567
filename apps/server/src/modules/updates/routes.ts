import type { FastifyPluginAsync } from 'fastify';
import { updates } from '@easyfund/shared/api/updates';
import { route } from '../../plugins/route';
import { notifyFundUpdate, type NotifyDeps } from './notify';
import { getSubscription, listFundUpdates, postFundUpdate, unsubscribe } from './service';

/** /api/funds/:id/updates and the unsubscribe links of update e-mails. */
const updatesRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const secret = app.config.authSecret;
  const notify: NotifyDeps = {
    db,
    mailer: app.mailer,
    publicUrl: app.publicUrl,
    secret,
    log: app.log,
  };

  route(app, updates.list, async ({ currentUser, params, query }) =>
    listFundUpdates(db, await currentUser(), params.id, query),
  );
  route(app, updates.create, async ({ user, params, body }) => {
    const posted = await postFundUpdate(db, user, params.id, body);
    await notifyFundUpdate(notify, posted);
    return posted.update;
  });
  route(app, updates.unsubscribeInfo, ({ params }) => getSubscription(db, secret, params.token));
  route(app, updates.unsubscribe, ({ params }) => unsubscribe(db, secret, params.token));
};

export default updatesRoutes;
