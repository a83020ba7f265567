import type { FastifyPluginAsync } from 'fastify';
import { supporters } from '@easyfund/shared/api/supporters';
import { hasAdminRights } from '../../plugins/session';
import { route } from '../../plugins/route';
import { listSupporters, setMessageHidden } from './service';

/** The donor wall of a fund page, and hiding a message from it. */
const supportersRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, supporters.list, async ({ currentUser, params, query }) => {
    const me = await currentUser();
    return listSupporters(db, { me, admin: hasAdminRights(app.config, me) }, params.id, query);
  });
  route(app, supporters.hideMessage, ({ user, params, body }) =>
    setMessageHidden(
      db,
      { me: user, admin: hasAdminRights(app.config, user) },
      params.id,
      params.donationId,
      body.hidden,
    ),
  );
};

export default supportersRoutes;
