import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZIdParam } from '@easyfund/shared/schemas/common';
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
} from '@easyfund/shared/schemas/funds';
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

/** Signed in by the session cookie or a bearer token. */
const SECURITY: { [scheme: string]: string[] }[] = [{ session: [] }, { bearer: [] }];

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
        security: SECURITY,
        response: { 201: ZOwnFund, 400: ZApiError, 401: ZApiError, 403: ZApiError },
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
        security: SECURITY,
        response: { 200: ZMyFundsResponse, 401: ZApiError, 403: ZApiError },
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
        security: SECURITY,
        response: { 200: ZOwnFund, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
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
        security: SECURITY,
        response: { 200: ZOwnFund, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
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
        security: SECURITY,
        response: { 200: ZAdminFundList, 400: ZApiError, 401: ZApiError, 403: ZApiError },
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
        security: SECURITY,
        response: {
          200: ZAdminFund,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
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
        security: SECURITY,
        response: {
          200: ZFundEventList,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request) => listFundEvents(db, request.params.id),
  );
};

export default raisingRoutes;
