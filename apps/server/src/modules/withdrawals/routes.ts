import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParam } from '@easyfund/shared/schemas/common';
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
        response: { 201: ZWithdrawal },
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
        response: { 200: ZMyWithdrawals },
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
        response: { 200: ZAdminWithdrawalList },
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
        response: { 200: ZAdminWithdrawal },
      },
    },
    async (request) => decideWithdrawal(db, request.user, request.params.id, request.body),
  );
};

export default withdrawalsRoutes;
