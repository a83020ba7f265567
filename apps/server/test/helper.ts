import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import type { Mail, Mailer } from '../src/lib/mailer';
import { createUser, type CreateUserInput } from '../src/seed/factories';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres';

export interface TestContext {
  app: App;
  database: Database;
  db: Database['db'];
  config: Config;
  /** Mails the app sent, newest last. */
  mails: Mail[];
  close(): Promise<void>;
}

/** Which database the suite runs on: PGlite by default, PostgreSQL in the 'postgres' project. */
export const TEST_DB_KIND = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh application on a fresh database: an in-memory PGlite, or, on PostgreSQL,
 * a database of its own that is dropped on close.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'easyfund-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_RATE_LIMIT_MAX: '1000',
    PAYMENT_RATE_LIMIT_MAX: '1000',
    MESSAGE_RATE_LIMIT_MAX: '1000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: Database;
  if (TEST_DB_KIND === 'postgres') {
    const created = await createPostgresDatabase();
    dropDatabase = created.drop;
    database = await openDatabase({ url: created.url, poolSize: 5 });
  } else {
    database = await openDatabase({});
  }
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  const app = await buildApp({ config, database, mailer });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    mails,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A database of its own on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards. */
export async function createPostgresDatabase(): Promise<ScratchDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres project');
  return createScratchDatabase(base, 'easyfund_t');
}

/** Signs in through the real auth endpoint and returns the session cookie header. */
export async function signIn(app: App, email: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookies = res.headers['set-cookie'];
  const list = Array.isArray(cookies) ? cookies : [cookies ?? ''];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  name: string;
  cookie: string;
  /** The app they signed in to (not enumerable: spreading a user copies their data only). */
  readonly app: App;
}

/** Creates a user with a role and signs them in. */
export async function createSignedInUser(
  ctx: TestContext,
  input: CreateUserInput = {},
): Promise<SignedInUser> {
  const u = await createUser(ctx.app.auth, ctx.db, input);
  const cookie = await signIn(ctx.app, u.email, u.password);
  const signedIn = { ...u, cookie } as unknown as SignedInUser;
  return Object.defineProperty(signedIn, 'app', { value: ctx.app, enumerable: false });
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Requests as someone: `as(raiser).inject('POST', '/api/funds', body)` sends the
 * raiser's session cookie; `as(ctx).inject('GET', '/api/funds')` asks as a visitor.
 */
export function as(who: { app: App; cookie?: string }) {
  return {
    inject(method: Method, url: string, payload?: object, headers: Record<string, string> = {}) {
      return who.app.inject({
        method,
        url,
        payload,
        headers: who.cookie ? { ...headers, cookie: who.cookie } : headers,
      });
    },
  };
}
