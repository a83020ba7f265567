import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { IDENTITY_ERRORS } from '@easyfund/shared/identity';
import {
  ZChangePasswordRequest,
  ZResetPasswordRequest,
  ZSignUpRequest,
  ZUpdateUserRequest,
} from '@easyfund/shared/schemas/session';
import { asciiDigits } from '@easyfund/shared/digits';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { session, user } from '../../db/schema';
import { isDemoEmail } from '../../seed/demo-presence';
import { requestLanguage } from '../notifications/mails';
import { hitRateLimits } from '../../db/rate-limit-store';
import { bodyEmail, CLIENT_IP_HEADER } from '../../lib/rate-limit-keys';
import { countSignInFailure, slowFailingNetwork } from './sign-in-network';
import { limitCodeRequests, PHONE_ROUTES_CLOSED, phoneBody } from './sms-codes';
import { isRealEmail } from '@easyfund/shared/phone';
import type { ConfiguredAdmins } from './configured-admins';

/**
 * The bodies whose rules the specification fixes, by the identity layer's own route
 * (the path after its router normalised it: `/./`, `/x/../`, `//` and percent-encoded
 * variants all arrive here as the same route).
 */
const BODY_RULES: Record<string, z.ZodType> = {
  '/sign-up/email': ZSignUpRequest,
  '/reset-password': ZResetPasswordRequest,
  '/update-user': ZUpdateUserRequest,
  '/change-password': ZChangePasswordRequest,
};

/** A 400 in our error shape, with a message per field. */
function invalidBody(schema: z.ZodType, body: unknown): APIError | null {
  const result = schema.safeParse(body ?? {});
  if (result.success) return null;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  return new APIError('BAD_REQUEST', {
    code: 'INVALID_INPUT',
    message: Object.values(fields)[0] ?? 'Invalid input',
    fields,
  });
}

/**
 * Per-e-mail limits of the identity routes, on the route the identity layer resolved
 * (docs/decisions/413-rate-limits-per-account-and-network.md).
 */
const EMAIL_LIMITS: Record<
  string,
  { name: string; max: (config: Config) => number; windowMs: number; message: string } | undefined
> = {
  '/sign-in/email': {
    name: 'sign-in',
    max: (config) => config.AUTH_EMAIL_RATE_LIMIT_MAX,
    windowMs: 15 * 60_000,
    message: 'Too many sign-in attempts for this e-mail address. Please wait a few minutes.',
  },
  '/request-password-reset': {
    name: 'password-reset',
    max: (config) => config.RESET_EMAIL_RATE_LIMIT_MAX,
    windowMs: 60 * 60_000,
    message: 'Too many reset e-mails for this address. Please check your inbox or try again later.',
  },
};

/**
 * The identity layer's routes that create a session only once the second factor was given:
 * a sign-in finished with a code from the authenticator app (or a backup code, or a code
 * sent by e-mail/SMS), and turning two-factor sign-in on with the app's first code.
 */
export const SECOND_FACTOR_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/verify-otp',
]);

/**
 * What reads or changes the second factor itself (the app's secret, the backup codes,
 * turning it off): with two-factor sign-in on, only a session that gave a code may, even
 * with the password (decision 451).
 */
const SECOND_FACTOR_SETTINGS = new Set([
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
  '/two-factor/disable',
]);

/** Sessions as `list-sessions` answers them: everything but their tokens (decision 451). */
function dropTokens(list: unknown[]): void {
  for (const s of list) if (s && typeof s === 'object') delete (s as { token?: unknown }).token;
}

/**
 * The identity routes that e-mail an address: only the site's own pages may ask for those
 * mails (docs/decisions/455-mail-only-people-who-asked.md). The identity layer checks the
 * Origin only of requests that carry cookies, and a form on another site posts without.
 */
const MAILING_ROUTES = new Set([
  '/sign-up/email',
  '/phone-number/send-otp',
  '/send-verification-email',
  '/request-password-reset',
  '/change-email',
]);

/**
 * Whether a request came from a page of the site: a trusted Origin (a browser sends it
 * with every POST; else the Referer's), and not one the browser marks as cross-site.
 */
export function fromOwnPages(request: Request, trustedOrigins: readonly string[]): boolean {
  const { headers } = request;
  if (headers.get('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return false;
  let origin = headers.get('origin');
  if (!origin) {
    try {
      origin = new URL(headers.get('referer') ?? '').origin;
    } catch {
      return false;
    }
  }
  return trustedOrigins.includes(origin);
}

/**
 * The account and the new address of an address-change link whose old address was a
 * mobile number's stand-in. Read only after the identity layer accepted the link (it
 * checked the signature and the expiry).
 */
function addedAddress(token: unknown): { userId: string; email: string } | null {
  if (typeof token !== 'string') return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      email?: unknown;
      updateTo?: unknown;
      userId?: unknown;
      requestType?: unknown;
    };
    if (
      payload.requestType === 'change-email-verification' &&
      typeof payload.email === 'string' &&
      !isRealEmail(payload.email) &&
      typeof payload.updateTo === 'string' &&
      typeof payload.userId === 'string'
    )
      return { userId: payload.userId, email: payload.updateTo };
  } catch {
    return null;
  }
  return null;
}

/**
 * What the identity layer checks before its own routes run (the specification's rules for
 * names, photos and passwords, limits, closed routes) and does after them, on the route it
 * resolved itself: no spelling of a path skips them. Its `hooks` option.
 */
export function requestHooks({
  config,
  db,
  admins,
}: {
  config: Config;
  db: Db;
  admins: ConfiguredAdmins;
}) {
  return {
    // The specification's rules for names, photos and passwords, on every way of
    // setting them, checked on the route the identity layer itself resolved.
    before: createAuthMiddleware(async (ctx) => {
      // A request from the server itself (no request) mails nobody a stranger chose.
      if (
        MAILING_ROUTES.has(ctx.path) &&
        ctx.request &&
        !fromOwnPages(ctx.request, config.trustedOrigins)
      ) {
        throw new APIError('FORBIDDEN', {
          code: 'INVALID_ORIGIN',
          message: 'This request must come from the site itself',
        });
      }
      // The demo's accounts (their passwords are in the README) never sign in on a live
      // site, even one started with ALLOW_DEMO_DATA (decision 449).
      if (ctx.path === '/sign-in/email' && config.liveStart) {
        const email = bodyEmail(ctx.body);
        if (email && isDemoEmail(email))
          throw new APIError('FORBIDDEN', {
            code: 'DEMO_ACCOUNT',
            message: 'Demo accounts cannot sign in on a live site',
          });
      }
      // An address is added through /api/me/email (with the password it signs in with),
      // which calls this route from the server: not from a browser directly.
      if (ctx.path === '/change-email' && ctx.request)
        throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not found' });
      // Sign-in by mobile number is by SMS code only: the plugin's password routes for
      // numbers stay closed (decision 016).
      if (PHONE_ROUTES_CLOSED.has(ctx.path))
        throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not found' });
      // A number as people type it (01…, +880…), checked and stored as E.164; a code
      // costs money, so its limits come before it is made (modules/identity/sms-codes.ts).
      if (ctx.path === '/phone-number/send-otp' || ctx.path === '/phone-number/verify') {
        const body = phoneBody(ctx.path, ctx.body);
        if (ctx.path === '/phone-number/send-otp')
          await limitCodeRequests(db, config, body.phoneNumber, ctx.headers);
        return { context: { body } };
      }
      // A code typed on a Bangla keyboard (০–৯) is the same code: read as ASCII digits
      // before the identity layer checks it.
      if (SECOND_FACTOR_PATHS.has(ctx.path)) {
        const body = ctx.body as { code?: unknown } | undefined;
        if (body && typeof body.code === 'string')
          return { context: { body: { ...body, code: asciiDigits(body.code).trim() } } };
      }
      // A network with many failed sign-ins must solve a challenge first (decision 454).
      if (ctx.path === '/sign-in/email')
        await slowFailingNetwork(db, config, ctx.headers?.get(CLIENT_IP_HEADER), ctx.headers);
      const schema = BODY_RULES[ctx.path];
      if (schema) {
        const error = invalidBody(schema, ctx.body);
        if (error) throw error;
      }
      // One e-mail address is one person: its sign-ins and reset mails are counted
      // tightly from every address at once (the network limit above stays loose).
      const perEmail = EMAIL_LIMITS[ctx.path];
      const email = perEmail && bodyEmail(ctx.body);
      if (perEmail && email) {
        const { allowed, retryAfter } = await hitRateLimits(
          db,
          [{ key: `${perEmail.name}:email:${email}`, max: perEmail.max(config) }],
          perEmail.windowMs,
        );
        if (!allowed)
          throw new APIError(
            'TOO_MANY_REQUESTS',
            { code: 'RATE_LIMITED', message: perEmail.message },
            { 'retry-after': String(retryAfter) },
          );
      }
      if (SECOND_FACTOR_SETTINGS.has(ctx.path)) {
        const caller = await getSessionFromCtx(ctx);
        const given = (caller?.session as { twoFactorVerifiedAt?: Date | null } | undefined)
          ?.twoFactorVerifiedAt;
        if (caller?.user.twoFactorEnabled && !given) {
          const { code, message } = IDENTITY_ERRORS.secondFactorNotGiven;
          throw new APIError('FORBIDDEN', { code, message });
        }
      }
      // A session is revoked by its id (list-sessions shows no tokens): the id of one of
      // the caller's own sessions stands for its token; the identity layer still checks
      // that the session is the caller's.
      if (ctx.path === '/revoke-session') {
        const body = (ctx.body ?? {}) as { id?: unknown; token?: unknown };
        if (typeof body.id === 'string' && body.token === undefined) {
          const caller = await getSessionFromCtx(ctx);
          const [own] = caller
            ? await db
                .select({ token: session.token })
                .from(session)
                .where(and(eq(session.id, body.id), eq(session.userId, caller.user.id)))
                .limit(1)
            : [];
          // Unknown or someone else's: answered like an unknown token.
          return { context: { body: { token: own?.token ?? `unknown:${body.id}` } } };
        }
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      const returned: unknown = ctx.context.returned;
      // No session token ever leaves in a list: a token works as a bearer token, and one
      // session (say, one without the second factor) must not pick up another's.
      if (ctx.path === '/list-sessions' && Array.isArray(returned)) dropTokens(returned);
      // A wrong e-mail or password counts against the network it came from.
      if (
        ctx.path === '/sign-in/email' &&
        returned instanceof APIError &&
        returned.statusCode === 401
      )
        await countSignInFailure(db, ctx.headers?.get(CLIENT_IP_HEADER));
      // The link mailed to an address added to an account made from a mobile number
      // proves that address: the identity layer keeps the old address's "verified"
      // (never, for a stand-in), so it is set here.
      if (ctx.path === '/verify-email' && !(returned instanceof APIError)) {
        const proved = addedAddress(ctx.query?.token);
        if (proved) {
          const [u] = await db
            .update(user)
            .set({ emailVerified: true, updatedAt: new Date() })
            .where(and(eq(user.id, proved.userId), eq(user.email, proved.email)))
            .returning();
          if (u) await admins.promote(u, requestLanguage(ctx.request));
        }
      }
    }),
  };
}
