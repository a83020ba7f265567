import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParam } from '@easyfund/shared/schemas/common';
import { ZDecisionRequest } from '@easyfund/shared/schemas/fields';
import {
  ZAdminFund,
  ZAdminFundList,
  ZAdminFundQuery,
  ZCreateFundRequest,
  ZFundEventList,
  ZMyFundsResponse,
  ZOwnFund,
  ZUpdateFundRequest,
} from '@easyfund/shared/schemas/raising';
import { requireRole } from '../../plugins/auth';
import {
  createFund,
  decideFund,
  getMyFund,
  listAdminFunds,
  listFundEvents,
  listMyFunds,
  updateFund,
} from './service';

/** Fund raisers' own funds, and the admins' fund requests. */
const raisingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.post(
    '/api/funds',
    {
      preHandler: requireRole('verified'),
      schema: {
        tags: ['raising'],
        summary: 'Request a fund (verified raisers); it waits for an admin as pending',
        body: ZCreateFundRequest,
        response: { 201: ZOwnFund },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createFund(db, request.user, request.body)),
  );

  app.get(
    '/api/me/funds',
    {
      preHandler: requireRole('verified'),
      schema: {
        tags: ['raising'],
        summary: 'My Raised Fund: own funds with donations, raised, status, feedback and balance',
        response: { 200: ZMyFundsResponse },
      },
    },
    async (request) => listMyFunds(db, request.user),
  );

  app.get(
    '/api/me/funds/:id',
    {
      preHandler: requireRole('verified'),
      schema: {
        tags: ['raising'],
        summary: 'One own fund',
        params: ZIdParam,
        response: { 200: ZOwnFund },
      },
    },
    async (request) => getMyFund(db, request.user, request.params.id),
  );

  app.patch(
    '/api/funds/:id',
    {
      preHandler: requireRole('verified'),
      schema: {
        tags: ['raising'],
        summary: 'Update Your Fund: edit an own fund (kept in the audit trail)',
        params: ZIdParam,
        body: ZUpdateFundRequest,
        response: { 200: ZOwnFund },
      },
    },
    async (request) => updateFund(db, request.user, request.params.id, request.body),
  );

  app.get(
    '/api/admin/funds',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Every fund, any status, newest first',
        querystring: ZAdminFundQuery,
        response: { 200: ZAdminFundList },
      },
    },
    async (request) => listAdminFunds(db, request.query),
  );

  app.patch(
    '/api/admin/funds/:id',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Approve or deny a pending fund request, with optional feedback',
        params: ZIdParam,
        body: ZDecisionRequest,
        response: { 200: ZAdminFund },
      },
    },
    async (request) => decideFund(db, request.user, request.params.id, request.body),
  );

  app.get(
    '/api/admin/funds/:id/events',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: "A fund's audit trail: who changed what, when, before → after",
        params: ZIdParam,
        response: { 200: ZFundEventList },
      },
    },
    async (request) => listFundEvents(db, request.params.id),
  );
};

export default raisingRoutes;
