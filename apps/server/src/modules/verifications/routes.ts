import type { FastifyPluginAsync } from 'fastify';
import { verifications } from '@easyfund/shared/api/verifications';
import { notifyDecision } from '../notifications/service';
import { route } from '../../plugins/route';
import { apply, decideApplication, listApplications, mine } from './service';

/** Be a Fund Raiser applications and their review by admins. */
const verificationsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, verifications.apply, ({ user, body }) => apply(db, user, body));
  route(app, verifications.mine, ({ user }) => mine(db, user));
  route(app, verifications.list, ({ query }) => listApplications(db, query));
  route(app, verifications.decide, async ({ user, params, body }) => {
    const decided = await decideApplication(db, user, params.id, body);
    await notifyDecision(db, app.mailQueue, 'application', params.id);
    return decided;
  });
};

export default verificationsRoutes;
