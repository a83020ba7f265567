import type { FastifyPluginAsync } from 'fastify';
import { withdrawals } from '@easyfund/shared/api/withdrawals';
import { notifyDecision } from '../../lib/notifications';
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
  route(app, withdrawals.request, ({ user, body, request }) =>
    requestWithdrawal(db, user, body, request.language()),
  );
  route(app, withdrawals.mine, ({ user }) => listMyWithdrawals(db, user));
  route(app, withdrawals.list, ({ query }) => listAdminWithdrawals(db, query));
  route(app, withdrawals.decide, async ({ user, params, body }) => {
    const decided = await decideWithdrawal(db, user, params.id, body);
    await notifyDecision(db, app.mailQueue, 'withdrawal', params.id);
    return decided;
  });
};

export default withdrawalsRoutes;
