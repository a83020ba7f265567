import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { account, rateLimit, session, user, verification } from '../db/schema';
import type { Mailer } from './mailer';

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: { info(obj: object, msg: string): void };
}

/** The header our server sets (and overwrites) with the client's address, for rate limits. */
export const CLIENT_IP_HEADER = 'x-easyfund-client-ip';

export const OIDC_PROVIDER_ID = 'oidc';

export function createAuth({ config, db, mailer, log }: AuthDeps) {
  const adminEmails = new Set(config.ADMIN_EMAILS);
  const limit = { window: config.AUTH_RATE_LIMIT_WINDOW, max: config.AUTH_RATE_LIMIT_MAX };

  return betterAuth({
    appName: 'Easy Fund',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user: u, url }) {
        log.info({ to: u.email, resetLink: url }, 'password reset link');
        await mailer.send({
          to: u.email,
          subject: 'Reset your Easy Fund password',
          text: `Hello ${u.name},\n\nSomeone asked to reset the password of your Easy Fund account.\nOpen this link within one hour to choose a new password:\n\n${url}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n`,
        });
      },
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
          // Every new account starts as 'user'; configured admin e-mails start as 'admin'.
          async before(data) {
            const role = adminEmails.has(data.email.toLowerCase()) ? 'admin' : 'user';
            return { data: { ...data, role } };
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/*': limit,
        '/sign-up/*': limit,
        '/request-password-reset': limit,
        '/reset-password': limit,
        '/reset-password/*': limit,
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
