import { Writable } from 'node:stream';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, loggerOptions, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { errorLine, withSafeErrors } from '../src/lib/log-errors';
import { createUser } from '../src/seed/factories';
import { ORIGIN, signIn, as, urlOf } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

let app: App;
let database: Database;
const lines: string[] = [];
/** The log of the start, and whether the uploads directory existed before it. */
let startLines: string[] = [];
let uploadsDir = '';
let uploadsBefore = true;
const dataDir = mkdtempSync(path.join(tmpdir(), 'easyfund-log-'));

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  });
  uploadsDir = config.uploadsDir;
  uploadsBefore = existsSync(uploadsDir);
  database = await openDatabase({});
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({
    config,
    database,
    logger: { ...(loggerOptions('info') as object), stream },
    mailer: { send: async () => {} },
  });
  await app.ready();
  startLines = [...lines];
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the start on a fresh data directory', () => {
  it('creates the uploads directory, with no warning in the log', async () => {
    expect(uploadsBefore).toBe(false);
    expect(existsSync(uploadsDir)).toBe(true);
    const warnings = startLines
      .map((l) => JSON.parse(l) as { level: number; msg?: string })
      .filter((l) => l.level >= 40);
    expect(warnings).toEqual([]);
    // Serving it works from the first request: a missing upload is a plain 404.
    const res = await app.inject({ method: 'GET', url: '/uploads/none.webp' });
    expect(res.statusCode).toBe(404);
  });
});

describe('request logs', () => {
  it('record requests without passwords, cookies or tokens', async () => {
    const u = await createUser(app.auth, database.db, { password: 'sekret99' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: u.email, password: 'sekret99' },
    });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const token = cookie.split('=')[1]!;
    await as({ app }).call(api.session.me, {
      headers: { cookie, authorization: `Bearer ${token}` },
    });
    const log = lines.join('');
    expect(log).toContain(urlOf(api.session.me));
    expect(log).not.toContain('sekret99');
    expect(log).not.toContain(token);
    expect(log).not.toContain(decodeURIComponent(token));
  });
});

describe('the access log', () => {
  it('writes one line per request, when its answer has gone: request, status and time', async () => {
    lines.length = 0;
    const res = await as({ app }).call(api.funds.list, { query: { q: 'flood', page: '1' } });
    expect(res.statusCode).toBe(200);
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    const entries = lines.map(
      (l) =>
        JSON.parse(l) as {
          level: number;
          msg: string;
          reqId: string;
          req: { method: string; url: string };
          res: { statusCode: number };
          responseTime: number;
        },
    );
    const access = entries.filter((e) => e.req || e.res);
    expect(access.map((e) => [e.msg, e.req.method, e.req.url, e.res.statusCode])).toEqual([
      ['request completed', 'GET', urlOf(api.funds.list), 200],
      ['request completed', 'GET', '/api/no-such-route', 404],
    ]);
    for (const e of access) {
      expect(e.level).toBe(30);
      expect(e.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(e.responseTime).toBeGreaterThanOrEqual(0);
    }
    expect(entries.some((e) => e.msg === 'incoming request')).toBe(false);
  });
});

describe('links that carry a token', () => {
  it('are logged without the token: no query string, a reset token replaced', async () => {
    const verifyToken = 'verify-token-9d2e7b1c';
    const resetToken = 'reset-token-5a8f3e0d';
    lines.length = 0;
    await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${verifyToken}` });
    await app.inject({
      method: 'GET',
      url: `/api/auth/reset-password/${resetToken}?callbackURL=%2Freset-password`,
    });
    const log = lines.join('');
    expect(log).toContain('/api/auth/verify-email');
    expect(log).toContain('/api/auth/reset-password/[redacted]');
    expect(log).not.toContain(verifyToken);
    expect(log).not.toContain(resetToken);
    expect(log).not.toContain('callbackURL');
  });

  it('are logged without an unsubscribe token, a test checkout key or any query parameter', async () => {
    const secrets = {
      unsubscribe: 'unsub-token-3c9e1f7a',
      pageUnsubscribe: 'unsub-token-8b2d4e6f',
      checkoutKey: 'TESTSESS0A1B2C3D4E5F',
      receiptSignature: 'sig-5e7a9c1b',
      checkoutQuery: 'key-6d8f0b2a',
    };
    lines.length = 0;
    for (const [method, url] of [
      ['GET', urlOf(api.updates.unsubscribeInfo, { params: { token: secrets.unsubscribe } })],
      ['POST', urlOf(api.updates.unsubscribe, { params: { token: secrets.unsubscribe } })],
      ['GET', `/unsubscribe/${secrets.pageUnsubscribe}`],
      ['GET', `/test-gateway/${secrets.checkoutKey}`],
      ['POST', `/test-gateway/${secrets.checkoutKey}`],
      [
        'GET',
        // The signature and expiry a receipt link carries are not the contract's query.
        `${urlOf(api.receipts.receipt, { params: { paymentId: 'p1' } })}?signature=${secrets.receiptSignature}&expires=1`,
      ],
      ['GET', `/dashboard/selecteddonation?key=${secrets.checkoutQuery}`],
    ] as const) {
      await app.inject({ method, url, headers: ORIGIN });
    }
    const log = lines.join('');
    const urls = lines
      .map((l) => JSON.parse(l) as { req?: { url: string } })
      .flatMap((e) => (e.req ? [e.req.url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/updates/unsubscribe/[redacted]',
        '/unsubscribe/[redacted]',
        '/test-gateway/[redacted]',
        urlOf(api.receipts.receipt, { params: { paymentId: 'p1' } }),
      ]),
    );
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
  });

  it('leave the reset link out of the log when the reset mail is sent', async () => {
    const u = await createUser(app.auth, database.db, { password: 'sekret99' });
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: ORIGIN,
      payload: { email: u.email, redirectTo: '/reset-password' },
    });
    expect(res.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('password reset');
    expect(log).not.toContain('/reset-password/');
    expect(log).not.toContain('token=');
  });
});

describe('failed queries in the log', () => {
  it('log the error and the statement, never the parameters', async () => {
    const { sql } = await import('drizzle-orm');
    const secret = 'reset-token-4f9a2c';
    const email = 'private.person@example.com';
    let failure: unknown;
    try {
      await database.db.execute(
        sql`select * from no_such_table where email = ${email} and token = ${secret}`,
      );
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeDefined();
    lines.length = 0;
    app.log.error({ err: failure }, 'unhandled error');
    const log = lines.join('');
    expect(log).toContain('no_such_table');
    expect(log).toContain('42P01');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(email);
  });
});

describe('failed queries written by the command-line tools', () => {
  it('leave out the parameters too (reconcile, digest: one JSON line per error)', async () => {
    const { sql } = await import('drizzle-orm');
    const secret = 'card-fingerprint-77c1';
    let failure: unknown;
    try {
      await database.db.execute(sql`select * from no_such_table where token = ${secret}`);
    } catch (err) {
      failure = err;
    }
    expect(JSON.stringify({ err: failure })).toContain(secret);
    const line = JSON.stringify(withSafeErrors({ err: failure, paymentId: 'p1' }));
    expect(line).toContain('no_such_table');
    expect(line).toContain('p1');
    expect(line).not.toContain(secret);
    expect(errorLine(failure)).not.toContain(secret);
  });
});

describe('failures inside the identity layer', () => {
  /** Everything written while `run` runs: our log and anything printed to the console. */
  async function written(run: () => Promise<void>): Promise<{ log: string; console: string }> {
    lines.length = 0;
    const printed: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
        printed.push(
          args
            .map((a) =>
              a instanceof Error
                ? `${a.message}\n${a.stack}`
                : typeof a === 'string'
                  ? a
                  : JSON.stringify(a),
            )
            .join(' '),
        );
      }),
    );
    try {
      await run();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    return { log: lines.join(''), console: printed.join('\n') };
  }

  // A rule of the database the identity layer does not know about: its write fails there.
  const BLOCKED = 'Blocked Name 7f3a';
  beforeAll(async () => {
    const { sql } = await import('drizzle-orm');
    await database.db.execute(
      sql.raw(`alter table "user" add constraint logging_test_name check (name <> '${BLOCKED}')`),
    );
  });

  it('are logged through our log, with the statement and never the parameters', async () => {
    const email = 'hidden.person.4b1d@example.com';
    let status = 0;
    const out = await written(async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: ORIGIN,
        payload: { name: BLOCKED, email, password: 'abc123', image: 'https://example.com/a.png' },
      });
      status = res.statusCode;
    });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(out.console).toBe('');
    expect(out.log).toContain('logging_test_name');
    expect(out.log).toContain('23514');
    for (const text of [out.log, out.console]) {
      expect(text).not.toContain(email);
      expect(text).not.toContain(BLOCKED);
    }
  });

  it('answer an integrity error of the database with 400, not 500, and print nothing', async () => {
    const u = await createUser(app.auth, database.db, { password: 'sekret99' });
    const cookie = await signIn(app, u.email, 'sekret99');
    let res: Awaited<ReturnType<typeof app.inject>> | undefined;
    const out = await written(async () => {
      res = await app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { ...ORIGIN, cookie },
        payload: { name: BLOCKED },
      });
    });
    expect(res!.statusCode).toBe(400);
    expect(res!.json().error.code).toBe('invalid_input');
    expect(out.console).toBe('');
    expect(out.log).not.toContain(BLOCKED);
    expect(out.log).not.toContain(u.email);
  });
});

describe('a client that goes away mid-request', () => {
  it('is logged as a client abort at info, not as a database outage or a server error', async () => {
    const { connect } = await import('node:net');
    const u = await createUser(app.auth, database.db, { password: 'sekret99' });
    const cookie = await signIn(app, u.email, 'sekret99');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    /** Sends the head of a request announcing 100 kB, a piece of its body, then hangs up. */
    const abort = (url: string, type: string, body: string) =>
      new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `POST ${url} HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost:3000\r\n` +
              `Cookie: ${cookie}\r\nContent-Type: ${type}\r\nContent-Length: 100000\r\n\r\n${body}`,
          );
          setTimeout(() => socket.destroy(), 300);
        });
        socket.on('close', () => resolve());
      });
    lines.length = 0;
    // An image upload cut off halfway, and a JSON body cut off halfway.
    await abort(
      urlOf(api.uploads.upload),

      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n' +
        'Content-Type: image/png\r\n\r\n\x89PNG\r\n',
    );
    await abort('/api/messages', 'application/json', '{"name":"Rahim","email":"r');
    await vi.waitFor(
      () =>
        expect(lines.filter((l) => l.includes('"client aborted"')).length).toBeGreaterThanOrEqual(
          2,
        ),
      { timeout: 5000 },
    );
    const entries = lines.map(
      (l) => JSON.parse(l) as { level: number; msg: string; res?: { statusCode: number } },
    );
    for (const e of entries.filter((e) => e.msg === 'client aborted')) expect(e.level).toBe(30);
    expect(entries.map((e) => e.msg)).not.toContain('database unavailable');
    expect(entries.filter((e) => e.level >= 50)).toEqual([]);
    expect(entries.filter((e) => (e.res?.statusCode ?? 0) >= 500)).toEqual([]);
  });
});
