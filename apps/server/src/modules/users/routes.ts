import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserQuery,
  ZRoleChangeRequest,
} from '@easyfund/shared/schemas/users';
import { requireRole } from '../../plugins/auth';
import { changeRole, listUsers } from './service';

const ZUserIdParam = z.object({ id: z.string().min(1).max(100) });

/** Manage Users (admins). */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/admin/users',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Users, searched by name or e-mail, 20 a page',
        querystring: ZAdminUserQuery,
        response: { 200: ZAdminUserList },
      },
    },
    async (request) => listUsers(db, request.query),
  );

  app.patch(
    '/api/admin/users/:id/role',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Make Admin or Make Verified',
        params: ZUserIdParam,
        body: ZRoleChangeRequest,
        response: { 200: ZAdminUser },
      },
    },
    async (request) => changeRole(db, request.params.id, request.body.role),
  );
};

export default usersRoutes;
