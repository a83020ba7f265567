import type { FastifyPluginAsync } from 'fastify';
import { donations } from '@easyfund/shared/api/donations';
import { route } from '../../plugins/route';
import { listMyDonations } from './service';

/** The signed-in user's donation history. */
const donationsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, donations.mine, ({ user, query }) => listMyDonations(db, user, query));
};

export default donationsRoutes;
