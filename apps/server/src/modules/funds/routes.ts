import type { FastifyPluginAsync } from 'fastify';
import { funds } from '@easyfund/shared/api/funds';
import { sendCached } from '../../lib/micro-cache';
import { route } from '../../plugins/route';
import { decideFund, listAdminFunds } from './decide';
import { listFundEvents } from './events';
import { createFund, getMyFund, listMyFunds, updateFund } from './manage';
import { getFund, listApprovedFunds } from './service';

/**
 * Everything under /api/funds, /api/me/funds and /api/admin/funds: the public list and
 * page (service.ts), a raiser's own funds (manage.ts), the admins' decisions (decide.ts)
 * and each fund's audit trail (events.ts).
 */
const fundsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  // The list is the same for every visitor: served from a cache of at most
  // PUBLIC_CACHE_MS (1 s), with an ETag (measurements in docs/performance.md).
  const listCache = app.publicCache.create();
  route(app, funds.list, ({ query, request, reply }) => {
    const key = JSON.stringify([query.q ?? '', query.cause ?? '', query.page, query.pageSize]);
    return sendCached(request, reply, listCache, key, () => listApprovedFunds(db, query));
  });
  route(app, funds.get, async ({ currentUser, params }) =>
    getFund(db, await currentUser(), params.id),
  );

  route(app, funds.create, ({ user, body }) => createFund(db, user, body));
  route(app, funds.update, ({ user, params, body }) => updateFund(db, user, params.id, body));
  route(app, funds.mine, ({ user }) => listMyFunds(db, user));
  route(app, funds.getMine, ({ user, params }) => getMyFund(db, user, params.id));

  route(app, funds.adminList, ({ query }) => listAdminFunds(db, query));
  route(app, funds.decide, ({ user, params, body }) => decideFund(db, user, params.id, body));
  route(app, funds.events, ({ params }) => listFundEvents(db, params.id));
};

export default fundsRoutes;
