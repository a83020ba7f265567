import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@easyfund/shared/schemas/common';
import {
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserQuery,
  ZRoleChangeRequest,
} from '@easyfund/shared/schemas/users';
import { requireAdmin } from '../../plugins/auth';
import { changeRole, listUsers } from './service';

const ZUserIdParam = z.object({ id: z.string().min(1).max(100) });

/** Signed in by the session cookie or a bearer token. */
const SECURITY: { [scheme: string]: string[] }[] = [{ session: [] }, { bearer: [] }];

/** Manage Users (admins). */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/admin/users',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Users, searched by name or e-mail, 20 a page',
        querystring: ZAdminUserQuery,
        security: SECURITY,
        response: { 200: ZAdminUserList, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => listUsers(db, request.query),
  );

  app.patch(
    '/api/admin/users/:id/role',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Make Admin or Make Verified',
        params: ZUserIdParam,
        body: ZRoleChangeRequest,
        security: SECURITY,
        response: {
          200: ZAdminUser,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request) => changeRole(db, request.params.id, request.body.role),
  );
};

export default usersRoutes;
