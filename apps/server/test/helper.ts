import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, inject, expect } from 'vitest';
import type { z } from 'zod';
import {
  type BodyInputOf,
  type Endpoint,
  fillPath,
  type QueryInputOf,
  type ResponseOf,
} from '@easyfund/shared/api/contract';
import { resources as api } from '@easyfund/shared/api/resources';
import type { TApiError } from '@easyfund/shared/schemas/common';
import type { TDecisionRequest } from '@easyfund/shared/schemas/fields';
import { MSG } from '@easyfund/shared/texts';
import { buildApp, type App } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import type { Mail, Mailer } from '../src/lib/mailer';
import { and, eq, lte } from 'drizzle-orm';
import { payoutAccounts } from '../src/db/schema';
import { createPayoutAccount, createUser, type CreateUserInput } from '../src/seed/factories';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres';
import { openTestPglite } from './support/reused-pglite';
import { testPasswordHashing } from './support/test-passwords';

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

let snapshot: Blob | undefined;
/** The migrated PGlite dump of the suite's global set-up, read once per worker. */
function pgliteSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  if (file && !snapshot) snapshot = new Blob([readFileSync(file)]);
  return snapshot;
}

/**
 * A fresh application on a fresh database: an in-memory PGlite, or, on PostgreSQL,
 * a database of its own that is dropped on close. Passwords are hashed cheaply
 * (support/test-passwords.ts) unless `productionPasswords` asks for the site's hashing.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  { productionPasswords = false }: { productionPasswords?: boolean } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'easyfund-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_RATE_LIMIT_MAX: '1000',
    AUTH_EMAIL_RATE_LIMIT_MAX: '1000',
    RESET_EMAIL_RATE_LIMIT_MAX: '1000',
    PAYMENT_RATE_LIMIT_MAX: '1000',
    PAYMENT_INSTRUMENT_DECLINE_MAX: '1000',
    MESSAGE_RATE_LIMIT_MAX: '1000',
    LOG_LEVEL: 'silent',
    JOBS_POLL_SECONDS: '0.5',
    // A failed job is tried again after a second, not 15 (tests wait for retries).
    JOBS_RETRY_DELAY_SECONDS: '1',
    ...env,
  });
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: Database;
  if (TEST_DB_KIND === 'postgres') {
    // A copy of the suite's migrated database (support/postgres-template.ts).
    const created = await createPostgresDatabase(inject('postgresTemplate'));
    dropDatabase = created.drop;
    database = await openDatabase({ url: created.url, poolSize: 5 });
  } else {
    // The migrated dump, on a PGlite an earlier file of this worker may have used
    // (support/reused-pglite.ts); without the suite's set-up, a new database.
    const dump = pgliteSnapshot();
    database = dump ? await openTestPglite(dump) : await openDatabase({});
  }
  // A test may close the database itself (to simulate an outage); close() then still
  // drops the scratch database without ending the pool twice.
  const closeDatabase = database.close.bind(database);
  let closed: Promise<void> | undefined;
  database.close = () => (closed ??= closeDatabase());
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  const app = await buildApp({
    config,
    database,
    mailer,
    ...(productionPasswords ? {} : { passwordHashing: testPasswordHashing }),
  });
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

/**
 * A database of its own on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards:
 * empty, or a copy of `template`.
 */
export async function createPostgresDatabase(template?: string): Promise<ScratchDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres project');
  return createScratchDatabase(base, 'easyfund_t', template);
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

/**
 * A POST to one of the identity library's endpoints (`/api/auth/<path>`) from the site's own
 * origin, as a browser sends it; from `remoteAddress` where given.
 */
export function postAuth(app: App, path: string, payload: object, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/auth/${path}`,
    headers: ORIGIN,
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
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

/** The people a test file signs in, by the name its tests call them. */
export type TestUsers = Record<string, CreateUserInput> & { ctx?: never };

export interface TestAppOptions {
  /** The app's environment; a function when it is known only once the file's hooks ran. */
  env?: Record<string, string> | (() => Record<string, string>);
  productionPasswords?: boolean;
}

/**
 * A test file's application on a database of its own and its signed-in users, built before
 * the file's tests and closed after them:
 *
 *     const { ctx, admin, donor } = useTestApp({ admin: { role: 'admin' }, donor: {} });
 *
 * The objects it returns are filled in by its beforeAll (users in the order named), so a
 * later beforeAll of the file may use them; before that they are empty.
 */
export function useTestApp<const U extends TestUsers = Record<never, never>>(
  users: U = {} as U,
  { env = {}, productionPasswords }: TestAppOptions = {},
): { ctx: TestContext } & { readonly [K in Exclude<keyof U, 'ctx'>]: SignedInUser } {
  const ctx = {} as TestContext;
  const signedIn: Record<string, SignedInUser> = {};
  for (const name of Object.keys(users)) signedIn[name] = {} as SignedInUser;
  beforeAll(async () => {
    const built = await buildTestApp(typeof env === 'function' ? env() : env, {
      productionPasswords,
    });
    Object.assign(ctx, built);
    for (const [name, input] of Object.entries(users)) {
      const user = await createSignedInUser(ctx, input);
      Object.defineProperties(signedIn[name], Object.getOwnPropertyDescriptors(user));
    }
  });
  afterAll(() => ctx.close?.());
  return { ...signedIn, ctx } as { ctx: TestContext } & {
    readonly [K in Exclude<keyof U, 'ctx'>]: SignedInUser;
  };
}

/**
 * A stand-in for a provider's API (Stripe, SSLCommerz) that a test file's app talks to:
 * started before the file's tests, stopped after them (after the app that calls it).
 */
export function useStandIn<S extends { start(): Promise<unknown>; stop(): Promise<void> }>(
  standIn: S,
): S {
  beforeAll(() => standIn.start());
  afterAll(() => standIn.stop());
  return standIn;
}

/**
 * The id of a raiser's approved payout account out of its hold, where a withdrawal they
 * request goes: their first such account, added (as an admin left it) on first use.
 */
export async function payoutAccountOf(who: { id: string; readonly app: App }): Promise<string> {
  const { db } = who.app.database;
  const [found] = await db
    .select({ id: payoutAccounts.id })
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.userId, who.id),
        eq(payoutAccounts.status, 'approved'),
        lte(payoutAccounts.heldUntil, new Date()),
      ),
    )
    .orderBy(payoutAccounts.createdAt)
    .limit(1);
  return found?.id ?? (await createPayoutAccount(db, { userId: who.id })).id;
}

/**
 * The raiser asks to withdraw `amountTk` of their fund to their payout account
 * (`POST /api/withdrawals`); the answer is the endpoint's.
 */
export async function requestWithdrawal(
  raiser: { id: string; cookie?: string; readonly app: App },
  fundId: string,
  amountTk: number,
) {
  return as(raiser).call(api.withdrawals.request, {
    body: { payoutAccountId: await payoutAccountOf(raiser), fundId, amountTk },
  });
}

/** Someone reports a fund to the admins (`POST /api/funds/:id/reports`). */
export function reportFund(
  who: { app: App; cookie?: string },
  fundId: string,
  report: BodyInputOf<typeof api.reports.create>,
) {
  return as(who).call(api.reports.create, { params: { id: fundId }, body: report });
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The admins' lists whose items an admin decides on. */
const REVIEW_LISTS = [
  api.funds.adminList,
  api.verifications.list,
  api.withdrawals.list,
  api.spending.adminList,
] as const;

/** One of the admins' lists whose items an admin decides on: its contract, or its path as the contract has it. */
export type ReviewList = (typeof REVIEW_LISTS)[number] | (typeof REVIEW_LISTS)[number]['path'];

/** `PUT /api/admin/funds/:id/hold` with the version the admin's list shows (1 for a fund not on it). */
export async function holdFund(admin: { app: App; cookie?: string }, id: string, body: object) {
  return as(admin).send(api.funds.hold, {
    params: { id },
    body: {
      version: await shownVersion(admin, api.funds.adminList, id).catch(() => 1),
      ...body,
    },
  });
}

/**
 * The version of an item as an admin's list shows it now: what a decision on it must
 * send back (`{ status, version }`).
 */
export async function shownVersion(
  admin: { app: App; cookie?: string },
  list: ReviewList,
  id: string,
): Promise<number> {
  const endpoint = typeof list === 'string' ? REVIEW_LISTS.find((e) => e.path === list)! : list;
  for (let page = 1; ; page++) {
    const res = await as(admin).call(endpoint, { query: { pageSize: 100, page } });
    if (res.statusCode !== 200) throw new Error(`${endpoint.path}: ${res.statusCode} ${res.body}`);
    const body = res.json();
    const item = body.items.find((i) => i.id === id);
    if (item) return item.version;
    if (page * 100 >= body.total) throw new Error(`${id} is not on ${endpoint.path}`);
  }
}

/** What an admin decides on, the endpoint that decides it and the list that shows its version. */
const DECISIONS = {
  fund: [api.funds.decide, api.funds.adminList],
  fundChange: [api.funds.decideChange, api.funds.adminList],
  verification: [api.verifications.decide, api.verifications.list],
  withdrawal: [api.withdrawals.decide, api.withdrawals.list],
} as const;

/**
 * An admin's decision on an item of their lists (a fund, a proposed change to a fund, an
 * application to raise funds, a withdrawal request), sent with the version the list shows now.
 */
export async function decide<K extends keyof typeof DECISIONS>(
  admin: { app: App; cookie?: string },
  what: K,
  id: string,
  decision: Omit<TDecisionRequest, 'version'>,
): Promise<CallAnswer<(typeof DECISIONS)[K][0]>> {
  const [endpoint, list] = DECISIONS[what];
  return as(admin).call(endpoint, {
    params: { id },
    body: { ...decision, version: await shownVersion(admin, list, id) },
  });
}

/** A payout an admin records as sent: its method, amount, reference and day. */
export type SentPayout = Omit<
  Extract<BodyInputOf<typeof api.withdrawals.payout>, { status: 'paid' }>,
  'status' | 'version'
>;

/**
 * An admin approves a withdrawal request and records its payout sent, each with the
 * version their list shows; both must succeed.
 */
export async function approveAndPay(
  admin: { app: App; cookie?: string },
  withdrawalId: string,
  payout: SentPayout,
): Promise<void> {
  expect((await decide(admin, 'withdrawal', withdrawalId, { status: 'approved' })).statusCode).toBe(
    200,
  );
  const paid = await as(admin).call(api.withdrawals.payout, {
    params: { id: withdrawalId },
    body: {
      status: 'paid',
      ...payout,
      version: await shownVersion(admin, api.withdrawals.list, withdrawalId),
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

/** What a test sends to one endpoint: its path parameters, query and body as the contract types them. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: z.input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: QueryInputOf<E> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body?: BodyInputOf<E> } : { body?: undefined }) & {
    headers?: Record<string, string>;
  };

/**
 * An answer whose `json()` is typed by the endpoint's contract: its success body, with the
 * one error shape every error answer has (`json().error.code` after a refusal). A test reads
 * `error.fields` of the refusals that have them (400), so it is typed as present.
 */
export type CallAnswer<E extends Endpoint> = Omit<InjectAnswer, 'json'> & {
  json<T = ResponseOf<E> & ErrorAnswer>(): T;
};

type ErrorAnswer = {
  error: Omit<TApiError['error'], 'fields'> & { fields: Record<string, string> };
};

type InjectAnswer = Awaited<ReturnType<App['inject']>>;

/** `?a=1&b=2` from a query object: arrays repeat their name, undefined values are left out. */
function queryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of [value].flat()) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The address of an endpoint with its path parameters and query filled in, for a test that
 * sends the request itself (its own headers, no cookie, a remote address, raw bytes).
 */
export function urlOf<E extends Endpoint>(
  endpoint: E,
  input?: { params?: CallInput<E>['params']; query?: CallInput<E>['query'] },
): string {
  return addressOf(endpoint, input);
}

function addressOf(endpoint: Endpoint, input?: { params?: unknown; query?: unknown }): string {
  return (
    fillPath(endpoint.path, input?.params as Record<string, string> | undefined) +
    queryString(input?.query as object | undefined)
  );
}

/**
 * Requests as someone. `as(raiser).call(api.funds.create, { body })` goes through the
 * endpoint's contract: its method and path, its parameters, query and body typed at
 * compile time, and `json()` typed by its response, so a changed contract breaks the test
 * that uses it. `send(endpoint, { params, query, body })` takes the contract's method and
 * path with input it would refuse to type (the tests of bad input). `inject(method, url,
 * payload)` is for what no contract describes: the identity library's endpoints and
 * address variants. Each sends the caller's session cookie; `as(ctx)` asks as a visitor.
 */
export function as(who: { app: App; cookie?: string }) {
  const inject = (
    method: Method,
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    who.app.inject({
      method,
      url,
      payload,
      headers: who.cookie ? { ...headers, cookie: who.cookie } : headers,
    });
  const send = <E extends Endpoint>(
    endpoint: E,
    input?: { params?: unknown; query?: unknown; body?: unknown; headers?: Record<string, string> },
  ): Promise<CallAnswer<E>> =>
    inject(
      endpoint.method,
      addressOf(endpoint, input),
      input?.body as object | undefined,
      input?.headers,
    );
  return {
    inject,
    send,
    call<E extends Endpoint>(
      endpoint: E,
      ...[input]: E['params'] extends z.ZodType ? [CallInput<E>] : [CallInput<E>?]
    ): Promise<CallAnswer<E>> {
      return send(endpoint, input);
    },
  };
}

/** Cookies of a response, as a `cookie` header (name=value; …), merged over `previous`. */
export function mergeCookies(previous: string, setCookie: string | string[] | undefined): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name) jar.set(name, value.join('='));
  }
  for (const c of [setCookie ?? []].flat()) {
    const [pair, ...attrs] = c.split(';');
    const [name, ...value] = (pair ?? '').trim().split('=');
    if (!name) continue;
    const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value.join('=') === '';
    if (expired) jar.delete(name);
    else jar.set(name, value.join('='));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

export const ORIGIN = { origin: 'http://localhost:3000' };

/** A refusal's `error.fields` when each of `names` was sent empty: 'This field is required'. */
export const requiredFields = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, MSG.fieldRequired]));

/**
 * Waits until the job queue has nothing left to do (no job waiting, retrying or running):
 * the mails it sends after a request have then been sent, and no more will come.
 */
export async function jobsDone(ctx: TestContext, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await ctx.database.executeSql(
      `select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`,
    );
    if (rows[0]?.n === 0) return;
    if (Date.now() > until) throw new Error('the job queue did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The current code of an authenticator app holding `secret` (base32, from the otpauth URI). */
export function totpCode(secret: string, at = Date.now()): string {
  return generateSync({ secret, epoch: Math.floor(at / 1000) });
}

/**
 * Turns on two-factor sign-in the way a person does: password → otpauth URI and backup
 * codes → first code from the app. Returns the secret, the codes and the new cookie.
 */
export async function enableTwoFactor(ctx: TestContext, u: SignedInUser) {
  const enable = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    headers: { cookie: u.cookie, ...ORIGIN },
    payload: { password: u.password },
  });
  if (enable.statusCode !== 200) throw new Error(`enable: ${enable.statusCode} ${enable.body}`);
  const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get('secret')!;
  let cookie = mergeCookies(u.cookie, enable.headers['set-cookie']);
  const verify = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    headers: { cookie, ...ORIGIN },
    payload: { code: totpCode(secret) },
  });
  if (verify.statusCode !== 200) throw new Error(`verify: ${verify.statusCode} ${verify.body}`);
  cookie = mergeCookies(cookie, verify.headers['set-cookie']);
  return { secret, backupCodes, cookie, totpURI };
}
