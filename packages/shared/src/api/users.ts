import {
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserQuery,
  ZRoleChangeRequest,
  ZUserIdParam,
} from '../schemas/users';
import { endpoint } from './contract';

/** Manage Users (admins). */
export const users = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    operationId: 'listUsers',
    tags: ['users'],
    summary: 'Users, searched by name or e-mail, 20 a page',
    query: ZAdminUserQuery,
    response: ZAdminUserList,
  }),
  changeRole: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/:id/role',
    access: 'admin',
    operationId: 'changeUserRole',
    tags: ['users'],
    summary: 'Make Admin or Make Verified',
    params: ZUserIdParam,
    body: ZRoleChangeRequest,
    response: ZAdminUser,
    errors: [404, 409],
  }),
} as const;
