import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, genericOAuth, twoFactor as twoFactorPlugin } from 'better-auth/plugins';
import type { z } from 'zod';
import { VERIFY_EMAIL_PAGE } from '@easyfund/shared/identity';
import {
  NAME_MAX,
  ZChangePasswordRequest,
  ZResetPasswordRequest,
  ZSignUpRequest,
  ZUpdateUserRequest,
} from '@easyfund/shared/schemas/auth';
import { PAGES } from '@easyfund/shared/pages';
import { isImageRef } from '@easyfund/shared/schemas/fields';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { account, rateLimit, session, twoFactor, user, verification } from '../db/schema';
import { configuredAdmins } from './configured-admins';
import { translate } from './i18n';
import type { Jobs } from './jobs';
import { identityRateLimitStorage } from './identity-rate-limit';
import { identityLogger, type LevelLog } from './log-errors';
import { MAIL, requestLanguage } from './mails';
import { bodyEmail, hitRateLimits } from './rate-limit';
import { countSignInFailure, slowFailingNetwork } from './sign-in-network';
import type { Mailer } from './mailer';

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: LevelLog;
  /** The job queue (asked for only when an ADMIN_EMAILS account is promoted). */
  jobs: () => Jobs;
}

/** The header our server sets (and overwrites) with the client's address, for rate limits. */
export const CLIENT_IP_HEADER = 'x-easyfund-client-ip';

export const OIDC_PROVIDER_ID = 'oidc';

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

/** Names and photos that come from an external provider follow our limits too. */
function fitProfile<T extends { name?: unknown; image?: unknown }>(data: T): T {
  const out = { ...data };
  if (typeof out.name === 'string') {
    const name = out.name.trim().slice(0, NAME_MAX);
    out.name = (name || 'Easy Fund user') as T['name'];
  }
  if (typeof out.image === 'string' && !isImageRef(out.image)) out.image = null as T['image'];
  return out;
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

export function createAuth({ config, db, mailer, log, jobs }: AuthDeps) {
  const adminEmails = new Set(config.ADMIN_EMAILS);
  const limit = { window: config.AUTH_RATE_LIMIT_WINDOW, max: config.AUTH_RATE_LIMIT_MAX };
  // Verified ADMIN_EMAILS accounts become admin with every old session and password ended.
  const admins = configuredAdmins({ config, db, jobs });

  // The identity layer's endpoint list, for its rate-limit storage (set once it is built).
  let endpoints: Record<string, unknown> = {};
  const auth = betterAuth({
    appName: 'Easy Fund',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    // Its log lines go into ours, errors without their query parameters (lib/log-errors.ts).
    logger: { level: 'warn', log: identityLogger(log) },
    // Errors that are not its own answers (a database error, ours from a hook) leave the
    // identity layer and reach our error handler: an integrity or invalid-input error of
    // the database is a 4xx, the database down a 503, anything else a logged 500 — instead
    // of the library's bare 500 and a raw print of the error with its parameters.
    // Its own HTML error page (an English page outside the site, where a failed provider
    // sign-in without our error address would land) is replaced by our sign-in page.
    onAPIError: { throw: true, errorURL: `${config.publicUrl}${PAGES.login.path}` },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit, twoFactor },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // Sign-up answers the same whether or not the address has an account (no session
      // either way); the web app signs the new person in right after. An existing
      // account's owner gets an e-mail instead of an error that would tell anyone.
      autoSignIn: false,
      async onExistingUserSignUp({ user: u }, request) {
        const lang = requestLanguage(request);
        await mailer.send({
          to: u.email,
          subject: translate(lang, MAIL.existing.subject),
          text: translate(lang, MAIL.existing.text, {
            name: u.name,
            login: `${config.publicUrl}/login`,
            forgot: `${config.publicUrl}/forgot-password`,
          }),
        });
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user: u, url }, request) {
        log.info({ to: u.email }, 'password reset link sent');
        const lang = requestLanguage(request);
        await mailer.send({
          to: u.email,
          subject: translate(lang, MAIL.reset.subject),
          text: translate(lang, MAIL.reset.text, { name: u.name, link: url }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link proves the address; it does not sign anyone in (a link in a mailbox
      // must not bypass the password or two-factor sign-in).
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24 * 3,
      async sendVerificationEmail({ user: u, token }, request) {
        const link = `${config.publicUrl}${VERIFY_EMAIL_PAGE}?token=${encodeURIComponent(token)}`;
        log.info({ to: u.email }, 'e-mail verification link sent');
        const lang = requestLanguage(request);
        await mailer.send({
          to: u.email,
          subject: translate(lang, MAIL.verify.subject),
          text: translate(lang, MAIL.verify.text, { name: u.name, link }),
        });
      },
      async afterEmailVerification(u, request) {
        await admins.promote({ ...u, emailVerified: true }, requestLanguage(request));
      },
    },
    hooks: {
      // The specification's rules for names, photos and passwords, on every way of
      // setting them, checked on the route the identity layer itself resolved.
      before: createAuthMiddleware(async (ctx) => {
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
      }),
      // A wrong e-mail or password counts against the network it came from.
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (
          ctx.path === '/sign-in/email' &&
          returned instanceof APIError &&
          returned.statusCode === 401
        )
          await countSignInFailure(db, ctx.headers?.get(CLIENT_IP_HEADER));
      }),
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ['google', OIDC_PROVIDER_ID] },
    },
    socialProviders:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              clientId: config.GOOGLE_CLIENT_ID,
              clientSecret: config.GOOGLE_CLIENT_SECRET,
            },
          }
        : {},
    plugins: [
      bearer(),
      twoFactorPlugin({
        issuer: 'Easy Fund',
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      ...(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  clientId: config.OIDC_CLIENT_ID,
                  clientSecret: config.OIDC_CLIENT_SECRET,
                  discoveryUrl: `${config.OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    databaseHooks: {
      user: {
        create: {
          // Every new account starts as 'user'. A configured admin e-mail starts as
          // 'admin' only when the address is already proved (an external provider that
          // verified it: nobody else has held the account); otherwise the e-mailed link
          // makes it admin (afterEmailVerification), ending whatever the account had.
          async before(data) {
            const role =
              data.emailVerified === true && adminEmails.has(data.email.toLowerCase())
                ? 'admin'
                : 'user';
            return { data: { ...fitProfile(data), role } };
          },
        },
        update: {
          async before(data) {
            return { data: fitProfile(data) };
          },
          // An external provider may prove the address of an existing account (linking).
          async after(u, ctx) {
            if (u) await admins.promote(u, requestLanguage(ctx?.request));
          },
        },
      },
      session: {
        create: {
          // A password sign-in checks the password, then stores the session: an
          // ADMIN_EMAILS takeover committed in between must not leave the old password's
          // holder signed in to the new admin account.
          async after(s, ctx) {
            if (ctx?.path !== '/sign-in/email') return;
            if (await admins.passwordStands(s.userId, s.id)) return;
            throw new APIError('UNAUTHORIZED', {
              code: 'INVALID_EMAIL_OR_PASSWORD',
              message: 'Invalid email or password',
            });
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      // Our table, one counter per client network and route (not per path sent).
      customStorage: identityRateLimitStorage(db, () => endpoints),
      window: 60,
      max: 300,
      customRules: {
        // A password sign-in is slowed by its network's failures instead (decision 454);
        // what stays is a bound ten times as loose, which a carrier-grade NAT address
        // full of honest people signing in does not reach.
        '/sign-in/email': { window: limit.window, max: 10 * limit.max },
        '/sign-in/*': limit,
        '/sign-up/*': limit,
        '/request-password-reset': limit,
        '/reset-password': limit,
        '/reset-password/*': limit,
        '/change-password': limit,
        // Codes of two-factor sign-in (each challenge also allows only a few attempts).
        '/two-factor/*': limit,
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // Checked in every environment, tests included (the library skips it under
      // NODE_ENV=test unless told otherwise).
      disableOriginCheck: false,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
  });
  endpoints = auth.api;
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
