import type { FastifyPluginAsync } from 'fastify';
import { withdrawals } from '@easyfund/shared/api/withdrawals';
import { notifyDecision } from '../notifications/service';
import { hasAdminRights } from '../../plugins/session';
import { route } from '../../plugins/route';
import { openFundFor } from '../funds/service';
import { disburseWithdrawal } from '../payouts/disburse';
import {
  decideWithdrawal,
  fundPayouts,
  listAdminWithdrawals,
  listMyWithdrawals,
  recordPayout,
  requestWithdrawal,
} from './service';

/** Raisers' withdrawal requests, their review and payout by admins, the public trail. */
const withdrawalsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, withdrawals.request, ({ user, body, request }) =>
    requestWithdrawal(db, user, body, request.language()),
  );
  route(app, withdrawals.mine, ({ user }) => listMyWithdrawals(db, user));
  route(app, withdrawals.list, ({ query }) => listAdminWithdrawals(db, query));
  route(app, withdrawals.decide, async ({ user, params, body, request }) => {
    const admin = { id: user.id, lang: request.language() };
    const decided = await decideWithdrawal(db, admin, params.id, body);
    await notifyDecision(db, app.mailQueue, 'withdrawal', params.id);
    return decided;
  });
  route(app, withdrawals.payout, async ({ user, params, body, request }) => {
    const admin = { id: user.id, lang: request.language() };
    const recorded = await recordPayout(db, admin, params.id, body);
    // A raiser who chose SMS for decisions hears that the money was paid out.
    if (body.status === 'paid')
      await app.mailQueue.enqueueDecisionSms?.('withdrawal', params.id, 'paid');
    return recorded;
  });
  route(app, withdrawals.disburse, ({ user, params, body, request }) => {
    const admin = { id: user.id, lang: request.language() };
    return disburseWithdrawal(db, app.payouts, admin, params.id, body.version);
  });
  // Public like the donor wall and updates: for an approved fund not taken down, and
  // for its raiser and admins otherwise (decision 453).
  route(app, withdrawals.fundPayouts, async ({ currentUser, params }) => {
    const me = await currentUser();
    await openFundFor(db, { me, admin: hasAdminRights(app.config, me) }, params.id);
    return fundPayouts(db, params.id);
  });
};

export default withdrawalsRoutes;
