import { z } from 'zod';
import { ROLES } from '../constants';
import { paged } from './fields';

/** Manage Users shows 20 users a page. */
export const USERS_PAGE_SIZE = 20;

export const ZAdminUserQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const ZAdminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  /** The verified mobile number in full (E.164): admins see it, no one else's list does. */
  phoneNumber: z.string().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUserList = paged(ZAdminUser);

/** Make Admin / Make Verified. */
export const ZRoleChangeRequest = z.object({
  role: z.enum(['verified', 'admin'], { error: 'Choose verified or admin' }),
});
export type TRoleChangeRequest = z.infer<typeof ZRoleChangeRequest>;

/** A user id in a URL (the identity layer's ids are not UUIDs). */
export const ZUserIdParam = z.object({ id: z.string().min(1).max(100) });
