import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import {
  bearer,
  genericOAuth,
  phoneNumber as phoneNumberPlugin,
  twoFactor as twoFactorPlugin,
} from 'better-auth/plugins';
import { VERIFY_EMAIL_PAGE } from '@easyfund/shared/identity';
import { NAME_MAX } from '@easyfund/shared/schemas/session';
import { PAGES } from '@easyfund/shared/pages';
import { cleanName, isImageRef } from '@easyfund/shared/schemas/fields';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { account, rateLimit, session, twoFactor, user, verification } from '../../db/schema';
import { configuredAdmins } from './configured-admins';
import { translate } from '../../lib/i18n';
import type { Jobs } from '../../lib/job-queue';
import { identityRateLimitStorage } from './rate-limit-storage';
import { identityLogger, type LevelLog } from '../../lib/log-errors';
import { MAIL, requestLanguage, setLanguageAtSignUp } from '../notifications/mails';
import { hitRateLimit } from '../../db/rate-limit-store';
import type { Mailer } from '../../lib/mailer';
import type { SmsService } from '../sms/service';
import { phoneSignInRules } from './sms-codes';
import { SMS_TEXT } from '../sms/texts';
import { isE164Bd, phoneOnlyEmail, PHONE_PLACEHOLDER_NAME } from '@easyfund/shared/phone';
import { CLIENT_IP_HEADER } from '../../lib/rate-limit-keys';
import { requestHooks, SECOND_FACTOR_PATHS } from './request-hooks';
import { installIdentityStorages } from './context-storage';

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  sms: SmsService;
  log: LevelLog;
  /** The job queue (asked for only when an ADMIN_EMAILS account is promoted). */
  jobs: () => Jobs;
  /** How passwords are hashed and checked; absent → the identity layer's own scrypt
   *  (N=16384, r=16), which every running site uses. Only the API tests pass a cheaper one. */
  passwordHashing?: PasswordHashing;
}

/** A password hash function and its check, in the identity layer's shape. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export const OIDC_PROVIDER_ID = 'oidc';
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

export function createAuth({ config, db, mailer, sms, log, jobs, passwordHashing }: AuthDeps) {
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
  // Its request state's storages cost every request of the process while switched on:
  // on only during its own calls (context-storage.ts).
  installIdentityStorages();
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
      ...(passwordHashing ? { password: passwordHashing } : {}),
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
    hooks: requestHooks({ config, db, admins }),
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
      // A session is looked up with its person in one statement (a join), not two.
      database: { generateId: () => crypto.randomUUID(), joins: true },
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
