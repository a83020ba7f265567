import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from './config-early';
import { ConfigError } from './config-error';

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
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  DATABASE_URL: optional.pipe(z.url().optional()),
  /** PostgreSQL connections in each process's pool, plus one it keeps listening (decision
   *  495): the processes' pools together, not each, are what the database is sized for. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Repeated statements as named prepared statements (decision 438); 'false' behind a
   *  pooler in transaction mode that does not keep them (PgBouncer before 1.21). */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
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
  /** Identity requests (sign-in, sign-up, reset, codes) per client network and window. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).default(60),
  /** Sign-in attempts per e-mail address in 15 minutes, from any address. */
  AUTH_EMAIL_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  /** Password-reset e-mails per address in an hour. */
  RESET_EMAIL_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(3),
  /** Failed sign-ins per client network in 10 minutes, after which a sign-in from it must
   *  first solve a proof-of-work challenge (decision 454). */
  AUTH_NETWORK_FAILURE_MAX: z.coerce.number().int().min(1).default(30),
  /** How hard a challenge is: the highest number of hashes a browser may have to try
   *  (about half of it on average; 50,000 is well under a second on a phone). */
  CHALLENGE_DIFFICULTY: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  OIDC_ISSUER: optional.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  OIDC_NAME: z.string().default('OpenID Connect'),
  PAYMENT_PROVIDER: z.enum(['test', 'stripe', 'sslcommerz']).optional(),
  SSLCOMMERZ_STORE_ID: optional,
  SSLCOMMERZ_STORE_PASSWORD: optional,
  /** true: the sandbox (sandbox.sslcommerz.com); false: the live gateway (securepay). */
  SSLCOMMERZ_SANDBOX: z
    .enum(['true', 'false'], { error: 'use true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  /** Another address for SSLCommerz's APIs (a local stand-in in tests). */
  SSLCOMMERZ_API_URL: optional.pipe(z.url().optional()),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_HOST: optional,
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** Payment requests (start, confirm) per account per 10 minutes. */
  PAYMENT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  /** Declined payments per client network per 10 minutes before it may start no more
   *  (decision 448); honest donations from the network count nothing. */
  PAYMENT_NETWORK_DECLINE_MAX: z.coerce.number().int().min(1).default(50),
  /** Payments started from one client network in the last 10 minutes and still pending
   *  before it may start no more (decision 448). */
  PAYMENT_NETWORK_UNFINISHED_MAX: z.coerce.number().int().min(1).default(200),
  /** Gateway notifications (IPN, the browser's return) per client network per 10 minutes
   *  (decision 456); loose: the gateway sends every payment's from a few addresses. */
  IPN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1000),
  /** Declines of one card or wallet in a day, from any account or network, after which it
   *  is refused (decision 454). */
  PAYMENT_INSTRUMENT_DECLINE_MAX: z.coerce.number().int().min(1).default(10),
  MESSAGE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  /** Receipt and statement downloads (PDFs, the dearest reads) per account per 10 minutes;
   *  ten times that per client network. */
  PDF_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(100),
  /** Seconds between reconciliation runs inside the server; 0 turns the job off. */
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /** A payment still pending after this many minutes is re-read from the provider. */
  PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().min(0).default(5),
  /** A payment never paid after this many hours is marked failed (a later payment still counts). */
  PAYMENT_ABANDON_AFTER_HOURS: z.coerce.number().min(0).default(24),
  /** Seconds a job worker waits between looks for new jobs (default 2). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** Seconds between the queue's maintenance runs, which hand jobs of dead processes on. */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(60),
  /** A job still running after this many seconds is taken as lost with its process and
   *  run again by another (default 300). */
  JOBS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(300),
  /** Seconds before a failed job's first retry; each further retry waits about twice as
   *  long (default 15). */
  JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(15),
  /** Threads that draw receipts and statements as PDF, at most at once (default 1). Each
   *  starts with the first document and ends after a minute without one. */
  PDF_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  /** Printed at the top of every receipt. */
  ORG_NAME: z.string().min(1).default('Easy Fund'),
  ORG_ADDRESS: z.string().min(1).default('House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh'),
  SMTP_URL: optional.pipe(z.url().optional()),
  /** SSL Wireless ISMS (API v3): the API token and the stakeholder id (SID) of the masking
   *  name or number; with both set, SMS go out through it, else to $DATA_DIR/outbox/sms. */
  SSLWIRELESS_API_TOKEN: optional,
  SSLWIRELESS_SID: optional,
  /** The ISMS API's address (a stand-in in tests). */
  SSLWIRELESS_API_URL: z.url().default('https://smsplus.sslwireless.com'),
  /** What one SMS segment costs, in poisha (the provider's price; default 0.50 Tk). */
  SMS_SEGMENT_COST_POISHA: z.coerce.number().int().min(0).default(50),
  /** The most SMS may cost in a day (UTC), in Tk; past it nothing is sent until the next day. */
  SMS_DAILY_CEILING_TK: z.coerce.number().int().min(0).default(500),
  /** Sign-in codes one number may get in a day (at most 3 in any hour). */
  SMS_CODE_DAILY_MAX: z.coerce.number().int().min(1).default(8),
  /** Sign-in codes asked for from one client network in a day, after which it must solve
   *  a proof-of-work challenge first (a carrier-grade NAT address is never refused). */
  SMS_NETWORK_DAILY_MAX: z.coerce.number().int().min(1).default(300),
  MAIL_FROM: z.string().default('Easy Fund <no-reply@easyfund.local>'),
  UPLOADS_DIR: optional,
  UPLOADS_S3_BUCKET: optional,
  UPLOADS_S3_REGION: z.string().default('auto'),
  UPLOADS_S3_ENDPOINT: optional.pipe(z.url().optional()),
  UPLOADS_S3_ACCESS_KEY_ID: optional,
  UPLOADS_S3_SECRET_ACCESS_KEY: optional,
  UPLOADS_PUBLIC_URL: optional.pipe(z.url().optional()),
  /** Tests only: an image address may be on this machine or a private network (decision 452). */
  IMAGE_FETCH_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST: optional,
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** A live start goes ahead on a database holding demo accounts or test payments
   *  (decision 449); without it, it refuses. */
  ALLOW_DEMO_DATA: z
    .enum(['true', 'false'], { error: 'use true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  /** Which proxies' X-Forwarded-For to trust: 'true', or addresses/CIDRs separated
   *  by commas. Default: loopback in production (a proxy on the same host). */
  TRUST_PROXY: optional,
  /** Seconds a client has to send a whole request (headers and body); a slow body is cut off. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** Seconds an idle keep-alive connection stays open (above a proxy's own idle timeout). */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  /** Hours payouts to a newly added payout account wait (its owner is mailed at once). */
  PAYOUT_ACCOUNT_HOLD_HOURS: z.coerce.number().min(0).max(720).default(24),
  /**
   * How approved withdrawals are paid: 'manual' (an admin sends the money and records it
   * paid with its reference) or 'stand-in' (an automated disbursement simulated in-process,
   * where bKash/Nagad B2C or a bank file would plug in).
   */
  PAYOUT_PROVIDER: z.enum(['manual', 'stand-in']).default('manual'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long public lists may be served from a process's cache (ms); default 1000, 0 in tests. */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** How long a process may reuse a session it looked up (ms); default 1000, 0 in tests. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).optional(),
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
  paymentProvider: 'test' | 'stripe' | 'sslcommerz';
  /** The provider's money: 'test' (the embedded processor, SSLCommerz's sandbox, Stripe
   *  test keys) or 'live' (the live gateway, Stripe live keys). */
  paymentMode: 'test' | 'live';
  /**
   * A start of the real site (decision 449): real money (`paymentMode` live), or a
   * production server at an https address. It never seeds demo data and refuses a
   * database holding some unless ALLOW_DEMO_DATA=true.
   */
  liveStart: boolean;
  /** SEED_DEMO, where demo data may be seeded: the test processor, and not a live start. */
  seedsDemo: boolean;
  /** Where SMS go: SSL Wireless when its token and SID are set, else the outbox. */
  smsProvider: 'sslwireless' | 'outbox';
  publicCacheMs: number;
  sessionCacheMs: number;
}

export { ConfigError };

/** A production start takes test cards only when told so: real donors must not pay fake money. */
export const PRODUCTION_NEEDS_PROVIDER =
  'Invalid configuration: PAYMENT_PROVIDER: no payment provider configured; set SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD, or STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=test to take test cards only';

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
  const sslcommerzKeys = e.SSLCOMMERZ_STORE_ID && e.SSLCOMMERZ_STORE_PASSWORD;
  if (e.NODE_ENV === 'production' && !e.PAYMENT_PROVIDER && !stripeKeys && !sslcommerzKeys) {
    throw new ConfigError(PRODUCTION_NEEDS_PROVIDER);
  }
  const paymentProvider =
    e.PAYMENT_PROVIDER ?? (sslcommerzKeys ? 'sslcommerz' : stripeKeys ? 'stripe' : 'test');
  if (Boolean(e.SSLCOMMERZ_STORE_ID) !== Boolean(e.SSLCOMMERZ_STORE_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration: SSLCOMMERZ_STORE_PASSWORD: set both SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD',
    );
  }
  if (paymentProvider === 'sslcommerz' && !sslcommerzKeys) {
    throw new ConfigError(
      'Invalid configuration: PAYMENT_PROVIDER: sslcommerz needs SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD',
    );
  }
  if (paymentProvider === 'stripe' && !stripeKeys) {
    throw new ConfigError(
      'Invalid configuration: PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  if (e.IMAGE_FETCH_ALLOW_PRIVATE && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: IMAGE_FETCH_ALLOW_PRIVATE: only for tests, never in production',
    );
  }
  if (Boolean(e.SSLWIRELESS_API_TOKEN) !== Boolean(e.SSLWIRELESS_SID)) {
    throw new ConfigError(
      'Invalid configuration: SSLWIRELESS_SID: set both SSLWIRELESS_API_TOKEN and SSLWIRELESS_SID',
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
  const paymentMode = providerMode(paymentProvider, e);
  const liveStart =
    paymentMode === 'live' || (e.NODE_ENV === 'production' && publicUrl.startsWith('https://'));
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
    paymentMode,
    liveStart,
    seedsDemo: e.SEED_DEMO && paymentProvider === 'test' && !liveStart,
    smsProvider: e.SSLWIRELESS_API_TOKEN ? 'sslwireless' : 'outbox',
    publicCacheMs: e.PUBLIC_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    sessionCacheMs: e.SESSION_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
  };
}

/** Whether the provider takes real money: SSLCommerz's live gateway, Stripe's live keys. */
function providerMode(provider: Config['paymentProvider'], e: Env): Config['paymentMode'] {
  if (provider === 'sslcommerz') return e.SSLCOMMERZ_SANDBOX ? 'test' : 'live';
  // The same rule as the Stripe provider's (modules/payments/providers/stripe-provider.ts).
  if (provider === 'stripe')
    return /^(sk|rk)_live_/.test(e.STRIPE_SECRET_KEY ?? '') ? 'live' : 'test';
  return 'test';
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
