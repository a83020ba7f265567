import { Writable } from 'node:stream';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createUser } from '../src/seed/factories';

let app: App;
let database: Database;
const lines: string[] = [];
/** The log of the start, and whether the uploads directory existed before it. */
let startLines: string[] = [];
let uploadsDir = '';
let uploadsBefore = true;

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'easyfund-log-')),
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
    await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie, authorization: `Bearer ${token}` },
    });
    const log = lines.join('');
    expect(log).toContain('/api/me');
    expect(log).not.toContain('sekret99');
    expect(log).not.toContain(token);
    expect(log).not.toContain(decodeURIComponent(token));
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
