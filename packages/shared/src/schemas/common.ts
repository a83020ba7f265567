import { z } from 'zod';
import { ROLES } from '../constants';

export const ZRole = z.enum(ROLES);

/** The signed-in user as the API returns it. */
export const ZMe = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: ZRole,
  /** The address was proved by an e-mailed link (needed to raise funds, withdraw, administer). */
  emailVerified: z.boolean(),
  /** The account has a real e-mail address (one made from a mobile number has none). */
  hasEmail: z.boolean(),
  /** The account's verified mobile number (E.164), shown to its owner only. */
  phoneNumber: z.string().nullable(),
  /** Two-factor sign-in (an authenticator app) is on. */
  twoFactorEnabled: z.boolean(),
  /**
   * It is on and this session passed it (signed in with a code, or turned it on): what
   * admin rights need where the site requires two-factor sign-in of admins.
   */
  twoFactorVerified: z.boolean(),
});
export type TMe = z.infer<typeof ZMe>;

/** The one error shape every API error uses. */
export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** 409 changed_since_viewed: the item's current version (decision 452). */
    version: z.number().int().optional(),
    /** With `challenge_required`: the proof-of-work challenge to solve (decision 454). */
    challenge: z.unknown().optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ZIdParam = z.object({ id: z.uuid() });

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZHistoryQuery = ZPageQuery;
export type THistoryQuery = z.infer<typeof ZHistoryQuery>;
