import type { FastifyPluginAsync } from 'fastify';
import { withdrawals } from '@easyfund/shared/api/withdrawals';
import { route } from '../../plugins/route';
import {
  decideWithdrawal,
  listAdminWithdrawals,
  listMyWithdrawals,
  requestWithdrawal,
} from './service';

/** Raisers' withdrawal requests and their review by admins. */
const withdrawalsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, withdrawals.request, ({ user, body }) => requestWithdrawal(db, user, body));
  route(app, withdrawals.mine, ({ user }) => listMyWithdrawals(db, user));
  route(app, withdrawals.list, ({ query }) => listAdminWithdrawals(db, query));
  route(app, withdrawals.decide, ({ user, params, body }) =>
    decideWithdrawal(db, user, params.id, body),
  );
};

export default withdrawalsRoutes;
