import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZIdParam } from '@easyfund/shared/schemas/common';
import { ZDecisionRequest } from '@easyfund/shared/schemas/fields';
import {
  ZAdminVerification,
  ZAdminVerificationList,
  ZAdminVerificationQuery,
  ZMyVerification,
  ZVerification,
  ZVerificationRequest,
} from '@easyfund/shared/schemas/verifications';
import { requireAdmin, requireRole, requireUser, requireVerifiedEmail } from '../../plugins/auth';
import { apply, decideApplication, listApplications, mine } from './service';

/** Signed in by the session cookie or a bearer token. */
const SECURITY: { [scheme: string]: string[] }[] = [{ session: [] }, { bearer: [] }];

/** Be a Fund Raiser applications and their review by admins. */
const verificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.post(
    '/api/verifications',
    {
      preHandler: [requireRole('user'), requireVerifiedEmail],
      schema: {
        tags: ['verifications'],
        summary: 'Apply to become a verified fund raiser (one pending application at a time)',
        body: ZVerificationRequest,
        security: SECURITY,
        response: {
          201: ZVerification,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await apply(db, request.user, request.body)),
  );

  app.get(
    '/api/verifications/mine',
    {
      preHandler: requireUser,
      schema: {
        tags: ['verifications'],
        summary: "The caller's latest application with its status and feedback",
        security: SECURITY,
        response: { 200: ZMyVerification, 401: ZApiError },
      },
    },
    async (request) => mine(db, request.user),
  );

  app.get(
    '/api/admin/verifications',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every application, newest first',
        querystring: ZAdminVerificationQuery,
        security: SECURITY,
        response: { 200: ZAdminVerificationList, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => listApplications(db, request.query),
  );

  app.patch(
    '/api/admin/verifications/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Approve (the applicant becomes verified) or deny a pending application',
        params: ZIdParam,
        body: ZDecisionRequest,
        security: SECURITY,
        response: {
          200: ZAdminVerification,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request) => decideApplication(db, request.user, request.params.id, request.body),
  );
};

export default verificationsRoutes;
