import type { FastifyPluginAsync } from 'fastify';
import { users } from '@easyfund/shared/api/users';
import { route } from '../../plugins/route';
import { changeRole, listUsers } from './service';

/** Manage Users (admins). */
const usersRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, users.list, ({ query }) => listUsers(db, query));
  route(app, users.changeRole, ({ params, body, user }) =>
    changeRole(db, user.id, params.id, body.role),
  );
};

export default usersRoutes;
