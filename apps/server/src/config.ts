import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const emailList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );

const optional = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(z.url().optional()),
  AUTH_SECRET: optional.pipe(z.string().min(32).optional()),
  ADMIN_EMAILS: emailList,
  /** Admins must use two-factor sign-in; default: when PUBLIC_URL is https. */
  ADMIN_REQUIRE_2FA: z.enum(['true', 'false']).optional(),
  /** Further addresses (scheme://host[:port]) the site is opened from, comma-separated. */
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      const origins: string[] = [];
      for (const o of list) {
        let url: URL | undefined;
        try {
          url = new URL(o);
        } catch {
          url = undefined;
        }
        if (!url || !/^https?:$/.test(url.protocol) || url.origin !== o.replace(/\/$/, '')) {
          ctx.addIssue({
            code: 'custom',
            message: `${o} is not an origin like https://example.org`,
          });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).default(60),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  OIDC_ISSUER: optional.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  OIDC_NAME: z.string().default('OpenID Connect'),
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_HOST: optional,
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  PAYMENT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  MESSAGE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  /** Seconds between reconciliation runs inside the server; 0 turns the job off. */
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /** A payment still pending after this many minutes is re-read from the provider. */
  PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().min(0).default(5),
  /** A payment never paid after this many hours is marked failed (a later payment still counts). */
  PAYMENT_ABANDON_AFTER_HOURS: z.coerce.number().min(0).default(24),
  SMTP_URL: optional.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Easy Fund <no-reply@easyfund.local>'),
  UPLOADS_DIR: optional,
  UPLOADS_S3_BUCKET: optional,
  UPLOADS_S3_REGION: z.string().default('auto'),
  UPLOADS_S3_ENDPOINT: optional.pipe(z.url().optional()),
  UPLOADS_S3_ACCESS_KEY_ID: optional,
  UPLOADS_S3_SECRET_ACCESS_KEY: optional,
  UPLOADS_PUBLIC_URL: optional.pipe(z.url().optional()),
  WEB_DIST: optional,
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Which proxies' X-Forwarded-For to trust: 'true', or addresses/CIDRs separated
   *  by commas. Default: loopback in production (a proxy on the same host). */
  TRUST_PROXY: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long public lists may be served from a process's cache (ms); default 1000, 0 in tests. */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export type TrustProxy = boolean | string | string[];

export interface Config extends Env {
  trustProxy: TrustProxy;
  authSecret: string;
  publicUrl: string;
  /** Origins sign-in and sign-up are accepted from (PUBLIC_URL's, loopback aliases, TRUSTED_ORIGINS). */
  trustedOrigins: string[];
  /** Admin pages and calls need two-factor sign-in. */
  adminRequiresTwoFactor: boolean;
  dataDir: string;
  uploadsDir: string;
  paymentProvider: 'test' | 'stripe';
  publicCacheMs: number;
}

export class ConfigError extends Error {}

/** Parses the environment once. A bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const stripeKeys = e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET;
  const paymentProvider = e.PAYMENT_PROVIDER ?? (stripeKeys ? 'stripe' : 'test');
  if (paymentProvider === 'stripe' && !stripeKeys) {
    throw new ConfigError(
      'Invalid configuration: PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  if (e.OIDC_ISSUER && !(e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: OIDC_CLIENT_ID: OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
    );
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: GOOGLE_CLIENT_SECRET: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    publicUrl,
    trustedOrigins: trustedOrigins(
      publicUrl,
      e.PUBLIC_URL === undefined,
      e.PORT,
      e.TRUSTED_ORIGINS,
    ),
    adminRequiresTwoFactor:
      e.ADMIN_REQUIRE_2FA === undefined
        ? publicUrl.startsWith('https://')
        : e.ADMIN_REQUIRE_2FA === 'true',
    trustProxy: parseTrustProxy(e.TRUST_PROXY, e.NODE_ENV),
    dataDir,
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    paymentProvider,
    publicCacheMs: e.PUBLIC_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
  };
}

/**
 * The embedded default (no PUBLIC_URL) is opened as localhost, 127.0.0.1 or [::1] alike:
 * all three loopback names of the port are trusted. An explicit PUBLIC_URL is trusted
 * alone, plus whatever TRUSTED_ORIGINS adds (a LAN address to try the site on a phone).
 */
function trustedOrigins(
  publicUrl: string,
  embeddedDefault: boolean,
  port: number,
  extra: string[],
): string[] {
  const origins = [new URL(publicUrl).origin];
  if (embeddedDefault) origins.push(`http://127.0.0.1:${port}`, `http://[::1]:${port}`);
  return [...new Set([...origins, ...extra])];
}

function parseTrustProxy(value: string | undefined, env: Env['NODE_ENV']): TrustProxy {
  if (value === undefined) return env === 'production' ? 'loopback' : false;
  if (value === 'true' || value === 'false') return value === 'true';
  const list = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return list.length === 1 ? list[0]! : list;
}

/** The auth secret is generated on first start and kept in the data directory. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
