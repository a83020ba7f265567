import type { FastifyPluginAsync } from 'fastify';
import { organisers } from '@easyfund/shared/api/organisers';
import { hasAdminRights } from '../../plugins/session';
import { route } from '../../plugins/route';
import { getOrganiser } from './service';

/** The organiser card of a fund page. */
const organisersRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, organisers.get, async ({ currentUser, params }) => {
    const me = await currentUser();
    return getOrganiser(db, { me, admin: hasAdminRights(app.config, me) }, params.id);
  });
};

export default organisersRoutes;
