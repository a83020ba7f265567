import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import {
  bearer,
  genericOAuth,
  phoneNumber as phoneNumberPlugin,
  twoFactor as twoFactorPlugin,
} from 'better-auth/plugins';
import type { z } from 'zod';
import { IDENTITY_ERRORS, VERIFY_EMAIL_PAGE } from '@easyfund/shared/identity';
import {
  NAME_MAX,
  ZChangePasswordRequest,
  ZResetPasswordRequest,
  ZSignUpRequest,
  ZUpdateUserRequest,
} from '@easyfund/shared/schemas/auth';
import { PAGES } from '@easyfund/shared/pages';
import { asciiDigits } from '@easyfund/shared/digits';
import { cleanName, isImageRef } from '@easyfund/shared/schemas/fields';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { account, rateLimit, session, twoFactor, user, verification } from '../../db/schema';
import { isDemoEmail } from '../../seed/demo-presence';
import { configuredAdmins } from './configured-admins';
import { translate } from '../../lib/i18n';
import type { Jobs } from '../../lib/job-queue';
import { identityRateLimitStorage } from './rate-limit-storage';
import { identityLogger, type LevelLog } from '../../lib/log-errors';
import { MAIL, requestLanguage, setLanguageAtSignUp } from '../notifications/mails';
import { hitRateLimit, hitRateLimits } from '../../db/rate-limit-store';
import { bodyEmail, CLIENT_IP_HEADER } from '../../lib/rate-limit-keys';
import { countSignInFailure, slowFailingNetwork } from './sign-in-network';
import type { Mailer } from '../../lib/mailer';
import type { SmsService } from '../sms/service';
import { limitCodeRequests, PHONE_ROUTES_CLOSED, phoneBody, phoneSignInRules } from './sms-codes';
import { SMS_TEXT } from '../sms/texts';
import {
  isE164Bd,
  isRealEmail,
  phoneOnlyEmail,
  PHONE_PLACEHOLDER_NAME,
} from '@easyfund/shared/phone';

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  sms: SmsService;
  log: LevelLog;
  /** The job queue (asked for only when an ADMIN_EMAILS account is promoted). */
  jobs: () => Jobs;
}

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
    const name = cleanName(out.name).trim().slice(0, NAME_MAX);
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

/**
 * The identity layer's routes that create a session only once the second factor was given:
 * a sign-in finished with a code from the authenticator app (or a backup code, or a code
 * sent by e-mail/SMS), and turning two-factor sign-in on with the app's first code.
 */
const SECOND_FACTOR_PATHS = new Set([
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

/** At most one mail of a kind to an address an hour, whoever asks, from any process. */
const MAIL_CAP_WINDOW_MS = 60 * 60_000;

/**
 * A plugin whose hook matchers read the body as an object (`'phoneNumber' in body`) without
 * checking it is one: a body that is not an object matches nothing, and our body rules
 * answer it with a 400 instead of the library's 500.
 */
function safeMatchers<P extends { hooks?: { before?: { matcher: (ctx: never) => boolean }[] } }>(
  plugin: P,
): P {
  for (const hook of plugin.hooks?.before ?? []) {
    const matcher = hook.matcher;
    hook.matcher = (ctx) => {
      try {
        return matcher(ctx);
      } catch {
        return false;
      }
    };
  }
  return plugin;
}

export function createAuth({ config, db, mailer, sms, log, jobs }: AuthDeps) {
  const adminEmails = new Set(config.ADMIN_EMAILS);
  const limit = { window: config.AUTH_RATE_LIMIT_WINDOW, max: config.AUTH_RATE_LIMIT_MAX };
  // Verified ADMIN_EMAILS accounts become admin with every old session and password ended.
  const admins = configuredAdmins({ config, db, jobs });

  // One "you already have an account" and one verification mail per address an hour;
  // the client's answer is the same either way (it tells nobody whether one went out).
  const mayMail = async (kind: 'existing-account' | 'verification', email: string) => {
    const key = `${kind}-mail:email:${email.trim().toLowerCase()}`;
    const { allowed } = await hitRateLimit(db, key, 1, MAIL_CAP_WINDOW_MS);
    if (!allowed) log.info({ to: email, kind }, 'mail held back: one an hour per address');
    return allowed;
  };

  // The identity layer's endpoint list, for its rate-limit storage (set once it is built).
  let endpoints: Record<string, unknown> = {};
  // The user updates that turn two-factor sign-in on (seen before the write, acted on after).
  const turningOn = new WeakSet<object>();
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
        if (!(await mayMail('existing-account', u.email))) return;
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
        if (!(await mayMail('verification', u.email))) return;
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
    },
    user: {
      // Only for an account made from a mobile number, from /api/me/email: a link to the
      // new address; nothing changes until it is opened (modules/session/add-email.ts).
      changeEmail: { enabled: true },
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      additionalFields: {
        // Set by the identity layer's hooks below, never by a client (decision 451).
        twoFactorVerifiedAt: { type: 'date', required: false, input: false },
      },
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
      // Sign-in and sign-up with a Bangladeshi mobile number and a code by SMS: a new number
      // makes a new account (with a stand-in address no mail goes to); 6 digits, 5
      // minutes, 5 tries (decision 016).
      safeMatchers(
        phoneNumberPlugin({
          otpLength: 6,
          expiresIn: 5 * 60,
          allowedAttempts: 5,
          phoneNumberValidator: isE164Bd,
          signUpOnVerification: {
            getTempEmail: phoneOnlyEmail,
            getTempName: () => PHONE_PLACEHOLDER_NAME,
          },
          async sendOTP({ phoneNumber, code }, ctx) {
            const lang = requestLanguage(ctx?.request);
            const result = await sms.send({
              to: phoneNumber,
              text: translate(lang, SMS_TEXT.code, { code }),
              purpose: 'code',
            });
            // The day's SMS budget is spent: the same answer for every number.
            if (!result.sent)
              throw new APIError('SERVICE_UNAVAILABLE', {
                code: 'SMS_UNAVAILABLE',
                message:
                  'We cannot send SMS codes right now. Please try again later or sign in with your e-mail address.',
              });
          },
        }),
      ),
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
          // An account made on a page speaks that page's language (the `lang` cookie, else
          // Accept-Language): its mails, SMS, receipts and texts use it until it is changed.
          async after(u, ctx) {
            if (u && ctx?.request)
              await setLanguageAtSignUp(db, u.id, requestLanguage(ctx.request));
          },
        },
        update: {
          async before(data, ctx) {
            if (data.twoFactorEnabled === true && ctx) turningOn.add(ctx);
            return { data: fitProfile(data) };
          },
          async after(u, ctx) {
            // Turning two-factor sign-in on ends every session of the account; the one
            // that turned it on is replaced right after by a session that passed it.
            if (u && ctx && turningOn.has(ctx)) {
              await ctx.context.internalAdapter.deleteUserSessions(u.id);
            }
            // An external provider may prove the address of an existing account (linking).
            if (u) await admins.promote(u, requestLanguage(ctx?.request));
          },
        },
      },
      session: {
        create: {
          // A session records whether it passed the second factor (decision 451); a new
          // password replacing the old one keeps what the session it replaces had.
          async before(data, ctx) {
            // An SMS code does not stand in for the authenticator app of an account that
            // has two-factor sign-in on.
            if (ctx?.path === '/phone-number/verify') await phoneSignInRules(db, data.userId);
            if (ctx && SECOND_FACTOR_PATHS.has(ctx.path)) {
              return { data: { ...data, twoFactorVerifiedAt: new Date() } };
            }
            const previous = ctx?.context.session?.session as
              { twoFactorVerifiedAt?: Date | null } | undefined;
            if (ctx?.path === '/change-password' && previous?.twoFactorVerifiedAt) {
              return { data: { ...data, twoFactorVerifiedAt: previous.twoFactorVerifiedAt } };
            }
            return { data };
          },
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
        // A password sign-in is never refused for its network: a network with many failed
        // sign-ins, or ten times AUTH_RATE_LIMIT_MAX of them in a window, is asked for a
        // solved puzzle instead (modules/identity/sign-in-network.ts; decision 454), so one attacker
        // behind a carrier-grade NAT address cannot lock out everyone else behind it.
        '/sign-in/email': false,
        '/sign-in/*': limit,
        '/sign-up/*': limit,
        '/request-password-reset': limit,
        '/reset-password': limit,
        '/reset-password/*': limit,
        '/change-password': limit,
        // Codes of two-factor sign-in (each challenge also allows only a few attempts).
        '/two-factor/*': limit,
        // SMS codes: the network's limit here, the number's own in modules/identity/sms-codes.ts.
        '/phone-number/*': limit,
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity layer, for the modules that reach into it (sessions, accounts). */
    auth: Auth;
  }
}
