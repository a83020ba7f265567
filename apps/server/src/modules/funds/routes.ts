import type { FastifyPluginAsync } from 'fastify';
import { funds } from '@easyfund/shared/api/funds';
import { answerIfReady, sendCached } from '../../lib/micro-cache';
import { notifyDecision } from '../notifications/service';
import { hasAdminRights } from '../../plugins/session';
import { route } from '../../plugins/route';
import { adoptImage } from '../uploads/remote';
import { decideFund, decideFundChange, holdFundAsAdmin, listAdminFunds } from './decide';
import { recurringDeps } from '../recurring/deps';
import { stopGiftsOfFund } from '../recurring/ending';
import { listFundEvents } from './events';
import { fundShareImage } from './share-image';
import { createFund, getMyFund, listMyFunds, updateFund } from './manage';
import { getFund, getPublicFund, listApprovedFunds } from './service';

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
  route(
    app,
    funds.list,
    ({ query, request, reply }) => {
      const key = JSON.stringify([
        query.q ?? '',
        query.cause ?? '',
        query.sort,
        query.exclude ?? '',
        query.zakat === true,
        query.page,
        query.pageSize,
      ]);
      return sendCached(request, reply, listCache, key, () => listApprovedFunds(db, query));
    },
    { onRequest: answerIfReady(listCache) },
  );
  // A fund's page is the busiest read: an approved fund is the same for every visitor
  // (unless taken down: then its raiser and admins see more than the public),
  // so it is served from the same kind of cache (a donation shows within PUBLIC_CACHE_MS;
  // this process's own writes clear it at once). Other funds are answered per viewer.
  const fundCache = app.publicCache.create(1024);
  class NotPublic extends Error {}
  route(
    app,
    funds.get,
    async ({ currentUser, params, request, reply }) => {
      try {
        return await sendCached(request, reply, fundCache, params.id, async () => {
          const fund = await getPublicFund(db, params.id);
          if (!fund) throw new NotPublic();
          return fund;
        });
      } catch (err) {
        if (!(err instanceof NotPublic)) throw err;
        const me = await currentUser();
        const fund = await getFund(db, { me, admin: hasAdminRights(app.config, me) }, params.id);
        // Taken down: what it shows depends on who asks, and search engines drop it.
        if (fund.hold)
          reply.header('cache-control', 'private, no-cache').header('x-robots-tag', 'noindex');
        return fund;
      }
    },
    { onRequest: answerIfReady(fundCache) },
  );

  // What a shared link's preview shows: made once per picture and kept (share-image.ts).
  const webDist = app.config.WEB_DIST;
  route(app, funds.shareImage, async ({ params, reply }) => {
    const image = await fundShareImage(db, app.storage, webDist, params.id);
    return reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(image);
  });

  const imagesOf = (user: { id: string }) => (image: string) =>
    adoptImage(db, app.storage, user, image, {
      allowPrivate: app.config.IMAGE_FETCH_ALLOW_PRIVATE,
    });
  route(app, funds.create, ({ user, body }) => createFund(db, user, body, imagesOf(user)));
  route(app, funds.update, ({ user, params, body }) =>
    updateFund(db, user, params.id, body, imagesOf(user)),
  );
  route(app, funds.mine, ({ user }) => listMyFunds(db, user));
  route(app, funds.getMine, ({ user, params }) => getMyFund(db, user, params.id));

  route(app, funds.adminList, ({ query }) => listAdminFunds(db, query));
  route(app, funds.decide, async ({ user, params, body }) => {
    const decided = await decideFund(db, user, params.id, body);
    await notifyDecision(db, app.mailQueue, 'fund', params.id);
    return decided;
  });
  route(app, funds.decideChange, async ({ user, params, body }) => {
    const decided = await decideFundChange(db, user, params.id, body);
    await notifyDecision(db, app.mailQueue, 'change', params.id);
    return decided;
  });
  route(app, funds.hold, async ({ user, params, body }) => {
    const held = await holdFundAsAdmin(db, user, params.id, body);
    // A fund taken down stops its monthly gifts and tells their donors.
    if (held.hold) await stopGiftsOfFund(recurringDeps(app), params.id);
    return held;
  });
  route(app, funds.events, ({ params }) => listFundEvents(db, params.id));
};

export default fundsRoutes;
