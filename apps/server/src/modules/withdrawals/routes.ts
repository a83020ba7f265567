import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZIdParam } from '@easyfund/shared/schemas/common';
import { ZDecisionRequest } from '@easyfund/shared/schemas/fields';
import {
  ZAdminWithdrawal,
  ZAdminWithdrawalList,
  ZAdminWithdrawalQuery,
  ZMyWithdrawals,
  ZWithdrawal,
  ZWithdrawalRequest,
} from '@easyfund/shared/schemas/withdrawals';
import { requireRole } from '../../plugins/auth';
import {
  decideWithdrawal,
  listAdminWithdrawals,
  listMyWithdrawals,
  requestWithdrawal,
} from './service';

/** Signed in by the session cookie or a bearer token. */
const SECURITY: { [scheme: string]: string[] }[] = [{ session: [] }, { bearer: [] }];

/** Raisers' withdrawal requests and their review by admins. */
const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.post(
    '/api/withdrawals',
    {
      preHandler: requireRole('verified'),
      schema: {
        tags: ['withdrawals'],
        summary: 'Request a withdrawal from an own fund, up to its available balance',
        body: ZWithdrawalRequest,
        security: SECURITY,
        response: {
          201: ZWithdrawal,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await requestWithdrawal(db, request.user, request.body)),
  );

  app.get(
    '/api/me/withdrawals',
    {
      preHandler: requireRole('verified'),
      schema: {
        tags: ['withdrawals'],
        summary: 'Own withdrawal requests with status and feedback',
        security: SECURITY,
        response: { 200: ZMyWithdrawals, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => listMyWithdrawals(db, request.user),
  );

  app.get(
    '/api/admin/withdrawals',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Every withdrawal request, newest first',
        querystring: ZAdminWithdrawalQuery,
        security: SECURITY,
        response: { 200: ZAdminWithdrawalList, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => listAdminWithdrawals(db, request.query),
  );

  app.patch(
    '/api/admin/withdrawals/:id',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Approve or deny a pending withdrawal request',
        params: ZIdParam,
        body: ZDecisionRequest,
        security: SECURITY,
        response: {
          200: ZAdminWithdrawal,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request) => decideWithdrawal(db, request.user, request.params.id, request.body),
  );
};

export default withdrawalsRoutes;
