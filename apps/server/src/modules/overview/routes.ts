import type { FastifyPluginAsync } from 'fastify';
import { overview } from '@easyfund/shared/api/overview';
import { route } from '../../plugins/route';
import { adminOverview } from './service';

/** The admins' overview of giving and of what waits for them. */
const overviewRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, overview.get, () => adminOverview(db));
};

export default overviewRoutes;
