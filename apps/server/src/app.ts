import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { pathOfUrl } from './lib/api-path';
import { createAuth, type PasswordHashing } from './modules/identity/better-auth';
import { sessionReader } from './modules/identity/session-reader';
import { OneLinePerRequest, requestLogger } from './lib/request-log';
import { serializeError } from './lib/log-errors';
import { responseSerializer } from './lib/flat-serializer';
import { createMailer, type Mailer, withoutPhoneOnlyAddresses } from './lib/mailer';
import { createSms } from './modules/sms/setup';
import type { SmsService } from './modules/sms/service';
import type { MailQueue } from './modules/notifications/service';
import { jobsMailQueue } from './modules/notifications/sent-mails';
import {
  createCheckoutGateway,
  createPaymentProvider,
} from './modules/payments/providers/create-provider';
import type { CheckoutGateway } from './modules/payments/providers/gateway';
import type { PaymentProvider } from './modules/payments/providers/provider';
import { createPayoutProvider } from './modules/payouts/providers/create-provider';
import type { PayoutProvider } from './modules/payouts/providers/provider';
import { createStorage, type Storage } from './lib/storage/storage';
import cartRoutes from './modules/cart/routes';
import downloadsRoutes from './modules/downloads/routes';
import donationsRoutes from './modules/donations/routes';
import fundsRoutes from './modules/funds/routes';
import healthRoutes from './modules/health/routes';
import languageRoutes from './modules/language/routes';
import mailJob from './modules/notifications/mail-job';
import messagesRoutes from './modules/messages/routes';
import organisersRoutes from './modules/organisers/routes';
import pagesPlugin from './modules/pages/routes';
import overviewRoutes from './modules/overview/routes';
import paymentsRoutes from './modules/payments/routes';
import privacyRoutes from './modules/privacy/routes';
import receiptsRoutes from './modules/receipts/routes';
import recurringRoutes from './modules/recurring/routes';
import reportsRoutes from './modules/reports/routes';
import sessionRoutes from './modules/session/routes';
import supportersRoutes from './modules/supporters/routes';
import updatesRoutes from './modules/updates/routes';
import spendingReportsRoutes from './modules/spending-reports/routes';
import uploadsRoutes from './modules/uploads/routes';
import usersRoutes from './modules/users/routes';
import verificationsRoutes from './modules/verifications/routes';
import withdrawalsRoutes from './modules/withdrawals/routes';
import payoutsRoutes from './modules/payouts/routes';
import zakatRoutes from './modules/zakat/routes';
import sessionPlugin from './plugins/session';
import errorsPlugin, { frameworkErrors } from './plugins/errors';
import languagePlugin from './plugins/language';
import housekeepingPlugin from './plugins/housekeeping';
import inputGuardsPlugin from './plugins/input-guards';
import jobsPlugin, { type JobsPluginOptions } from './plugins/jobs';
import publicCachePlugin from './plugins/public-cache';
import securityHeadersPlugin from './plugins/security-headers';
import smsRoutes from './modules/sms/routes';
import { RequestsInFlight } from './lib/requests-in-flight';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    publicUrl: string;
    mailer: Mailer;
    /** SMS to Bangladeshi numbers (modules/sms/service.ts): sign-in codes, receipts, notices. */
    sms: SmsService;
    /** Notification mails, each sent once (see modules/notifications/service.ts). */
    mailQueue: MailQueue;
    payments: PaymentProvider;
    /** How approved withdrawals are paid: by an admin (manual) or an automated provider. */
    payouts: PayoutProvider;
    /** The hosted checkout for wallets (and cards with SSLCommerz); null beside Stripe. */
    checkout: CheckoutGateway | null;
    storage: Storage;
    /** The requests being answered now: background work gives way to them (decision 487). */
    requestsInFlight: RequestsInFlight;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /** An SMS service of the caller's (tests); otherwise the configured provider or outbox. */
  sms?: SmsService;
  /** When the job workers start (plugins/jobs.ts): the server's start passes 'listen'. */
  jobWorkersStart?: JobsPluginOptions['workersStart'];
  /** The API tests' cheaper password hashing; absent everywhere else (modules/identity/better-auth.ts). */
  passwordHashing?: PasswordHashing;
}

/**
 * Path segments that are a secret, each a capability to whoever reads it: the identity
 * layer's reset link (`/api/auth/reset-password/<token>`: sets a password), an update
 * mail's unsubscribe link (`/unsubscribe/<token>`, `/api/updates/unsubscribe/<token>`),
 * a monthly gift's manage link (`/monthly-gifts/<token>`, `/api/monthly-gifts/manage/…`),
 * a receipt SMS's link (`/r/<token>`, `/api/sms-links/<token>`) and the test checkout's
 * page (`/test-gateway/<session key>`: pays or cancels).
 */
const TOKEN_PATHS =
  /^(\/api\/auth\/reset-password\/|(?:\/api\/updates)?\/unsubscribe\/|\/monthly-gifts\/|\/api\/monthly-gifts\/manage\/|\/r\/|\/api\/sms-links\/|\/test-gateway\/)[^/]+/;

/**
 * A request's address as logged: the path without its query string (a verification
 * link's `?token=`, a callback's `?code=`, a signed link's signature: no parameter is
 * ever logged) and with a token in the path replaced.
 */
export function loggedPath(url: string): string {
  return pathOfUrl(url).replace(TOKEN_PATHS, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Log options: request lines, never passwords, cookies, tokens or a query's parameters. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: loggedPath(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (e: unknown) => serializeError(e),
      error: (e: unknown) => serializeError(e),
    },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.card',
      ],
      censor: '[redacted]',
    },
  };
}

/** Builds the Fastify application (no listen): used by serve.ts and by the tests. */
export async function buildApp({
  config,
  database,
  logger,
  mailer,
  sms,
  jobWorkersStart,
  passwordHashing,
}: BuildOptions) {
  const app = Fastify({
    logger: logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within REQUEST_TIMEOUT_SECONDS (a body trickled in a
    // byte at a time is cut off with 408); a silent socket is closed after the same time,
    // an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_SECONDS.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    // Node applies the request timeout only when the server is created with it (headers
    // included), and checks it on this interval (default 30 s): every second.
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
      connectionsCheckingInterval: 1000,
    } as never,
    // A start on a small, busy machine may take longer than Fastify's 10 s for a plugin or
    // the ready hook (the job queue's set-up): it is waited for, not aborted.
    pluginTimeout: 60_000,
    genReqId: () => crypto.randomUUID(),
    logController: new OneLinePerRequest(),
    childLoggerFactory: requestLogger,
    frameworkErrors,
    // Every route's schemas are the contracts' zod schemas, compiled by the zod type
    // provider (below): Fastify's own JSON Schema compilers (Ajv, fast-json-stringify)
    // are never set up, nor their code run at start.
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler as never,
        buildSerializer: () => responseSerializer as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);

  app.decorate('config', config);
  app.decorate('database', database);
  // Every request, counted from its first hook to its response (or its closed connection).
  const requestsInFlight = new RequestsInFlight();
  app.decorate('requestsInFlight', requestsInFlight);
  app.addHook('onRequest', (_request, reply, done) => {
    requestsInFlight.track(reply.raw);
    done();
  });
  app.decorate('publicUrl', config.publicUrl);
  // An account made from a mobile number holds a stand-in address: no mail goes there.
  const theMailer = withoutPhoneOnlyAddresses(
    mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: app.log,
      }),
  );
  app.decorate('mailer', theMailer);
  const theSms = sms ?? createSms(config, database.db, app.log);
  app.decorate('sms', theSms);

  await app.register(errorsPlugin);
  await app.register(languagePlugin);
  await app.register(inputGuardsPlugin);
  await app.register(publicCachePlugin, { ttlMs: config.publicCacheMs });
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  // A multipart form is read by the upload route alone (modules/uploads/routes.ts), where the
  // multipart reader and its per-request hooks are registered; any other route takes such a
  // body unread, as the reader's own parser does, and its schema answers it.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Easy Fund API',
        version: '1.0.0',
        description:
          'Donations to fund raisers in Bangladesh: funds, donations, payments, raising.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  const auth = createAuth({
    config,
    db: database.db,
    mailer: theMailer,
    sms: theSms,
    log: app.log,
    jobs: () => app.jobs,
    passwordHashing,
  });
  app.decorate('auth', auth);
  await app.register(sessionPlugin, {
    auth,
    sessionCacheMs: config.sessionCacheMs,
    readSession: sessionReader(auth, database.db),
  });

  app.decorate('payments', await createPaymentProvider(config, database.db, app.log));
  app.decorate('checkout', createCheckoutGateway(config, database.db));
  app.decorate('payouts', createPayoutProvider(config));
  app.decorate('storage', createStorage(config));

  await app.register(jobsPlugin, { workersStart: jobWorkersStart });
  await app.register(mailJob);
  app.decorate('mailQueue', jobsMailQueue(app.jobs, config.publicUrl));
  await app.register(housekeepingPlugin);
  // One module per resource, each registering its contracts (packages/shared/src/api).
  for (const routes of [
    healthRoutes,
    sessionRoutes,
    fundsRoutes,
    cartRoutes,
    paymentsRoutes,
    receiptsRoutes,
    donationsRoutes,
    verificationsRoutes,
    withdrawalsRoutes,
    usersRoutes,
    messagesRoutes,
    uploadsRoutes,
    languageRoutes,
    supportersRoutes,
    organisersRoutes,
    reportsRoutes,
    updatesRoutes,
    spendingReportsRoutes,
    zakatRoutes,
    overviewRoutes,
    downloadsRoutes,
    recurringRoutes,
    privacyRoutes,
    payoutsRoutes,
    smsRoutes,
  ]) {
    await app.register(routes);
  }

  // Uploaded images on local disk (S3-compatible storage serves its own URLs). The
  // directory exists from the start, so serving it never warns about a missing root.
  mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '7d',
    immutable: true,
    index: false,
  });

  await app.register(pagesPlugin);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
