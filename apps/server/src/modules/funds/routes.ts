import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@easyfund/shared/schemas/common';
import {
  ZFundIdParam,
  ZFundList,
  ZFundListQuery,
  ZFundPublic,
} from '@easyfund/shared/schemas/funds';
import { sendCached } from '../../lib/micro-cache';
import { getFund, listApprovedFunds } from './service';

/** Routes of the funds module: the public list and one fund. */
const fundsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list is the same for every visitor: served from a cache of at most
  // PUBLIC_CACHE_MS (1 s), with an ETag (measurements in docs/performance.md).
  const listCache = app.publicCache.create();
  app.get(
    '/api/funds',
    {
      schema: {
        tags: ['funds'],
        summary: 'Approved funds, newest first, with search, cause filter and pages',
        querystring: ZFundListQuery,
        response: { 200: ZFundList, 400: ZApiError },
      },
    },
    async (request, reply) => {
      const { q, cause, page, pageSize } = request.query;
      const key = JSON.stringify([q ?? '', cause ?? '', page, pageSize]);
      return sendCached(request, reply, listCache, key, () =>
        listApprovedFunds(app.database.db, request.query),
      );
    },
  );

  app.get(
    '/api/funds/:id',
    {
      schema: {
        tags: ['funds'],
        summary: 'One fund: approved, or pending/denied for its raiser and admins',
        params: ZFundIdParam,
        response: { 200: ZFundPublic, 404: ZApiError },
      },
    },
    async (request) => getFund(app.database.db, await request.currentUser(), request.params.id),
  );
};

export default fundsRoutes;
