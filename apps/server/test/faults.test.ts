import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './helper';
import { http, signInHttp, signUpHttp } from './support/http-client';
import {
  type ServerProcess,
  startServer,
  startTcpProxy,
  type TcpProxy,
  withHostPort,
} from './support/server-process';

const base = process.env.TEST_DATABASE_URL;
if (!base) {
  console.warn(
    'faults.test.ts skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run server processes against PostgreSQL.',
  );
}

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe.skipIf(!base)('a database outage', () => {
  let drop: () => Promise<void>;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let cookie: string;
  const email = `outage-${Date.now()}@example.com`;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const target = new URL(created.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    server = await startServer({
      name: 'outage',
      env: { DATABASE_URL: withHostPort(created.url, '127.0.0.1', proxy.port) },
    });
    cookie = await signUpHttp(server.url, email);
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await drop?.();
  });

  it('answers 503 with a JSON error while the database is unreachable, keeps running, and recovers by itself', async () => {
    expect((await http(server.url, 'GET', '/api/health')).status).toBe(200);
    expect((await http(server.url, 'GET', '/api/me', { cookie })).status).toBe(200);

    proxy.cut();

    const health = await http(server.url, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'unavailable', database: 'down' });

    const unavailable = { error: { code: 'unavailable', message: expect.any(String) } };
    for (const url of ['/api/me', '/api/funds']) {
      const res = await http(server.url, 'GET', url, { cookie });
      expect(res.status, url).toBe(503);
      expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
      expect(res.body, url).toEqual(unavailable);
    }
    const signIn = await http(server.url, 'POST', '/api/auth/sign-in/email', {
      body: { email, password: 'secret123' },
    });
    expect(signIn.status).toBe(503);
    expect(signIn.body).toEqual(unavailable);
    expect(server.exited()).toBe(false);

    proxy.restore();

    await until('the health check to recover', async () => {
      return (await http(server.url, 'GET', '/api/health')).status === 200;
    });
    expect((await http(server.url, 'GET', '/api/me', { cookie })).status).toBe(200);
    expect(await signInHttp(server.url, email, 'secret123')).toContain('session_token');
    expect(server.exited()).toBe(false);
  });
});
