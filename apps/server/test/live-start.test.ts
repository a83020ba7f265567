import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { http } from './support/http-client';
import { repoRoot, startServer } from './support/server-process';
import { resources as api } from '@easyfund/shared/api/resources';

const run = promisify(execFile);

// The day a charity switches to real money, as it happens: the server started with the
// live SSLCommerz gateway on the embedded database, with the demo's start-up settings.
describe('a live start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'easyfund-live-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const live = {
    DATA_DIR: dataDir,
    PAYMENT_PROVIDER: 'sslcommerz',
    SSLCOMMERZ_STORE_ID: 'charity',
    SSLCOMMERZ_STORE_PASSWORD: 'charity-store-password',
    SSLCOMMERZ_SANDBOX: 'false',
    SSLCOMMERZ_API_URL: 'http://127.0.0.1:9',
    SEED_DEMO: 'true',
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
  };
  /** A command of the project (`npm run …`'s script) on the same data folder. */
  const command = (script: string, args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ['--import', 'tsx', path.join(repoRoot, script), ...args], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        AUTH_SECRET: 'live-start-secret-live-start-secret-0123',
        LOG_LEVEL: 'warn',
        ...env,
      },
    }).catch((err: { code: number; stdout: string; stderr: string }) => err);

  it('never seeds the demo into an empty database', async () => {
    const server = await startServer({ name: 'live', env: live });
    try {
      const list = await http<{ items: unknown[] }>(server.url, 'GET', api.funds.list.path);
      expect(list.body.items).toEqual([]);
      // No demo fund, and the README's admin gets no session (a demo address never signs
      // in on a live site, seeded or not).
      const signIn = await http(server.url, 'POST', '/api/auth/sign-in/email', {
        body: { email: 'admin@easyfund.test', password: 'admin123' },
      });
      expect(signIn.status).toBe(403);
      expect(signIn.headers.get('set-cookie')).toBeNull();
    } finally {
      await server.stop();
    }
  });

  it('refuses a database holding the demo in one line, unless ALLOW_DEMO_DATA=true', async () => {
    const seeded = await command('apps/server/src/cli/seed-demo.ts', [], {
      PAYMENT_PROVIDER: 'test',
    });
    expect(String(seeded.stdout)).toContain('Demo data seeded');

    const refused = await startServer({ name: 'live', env: live }).then(
      async (s) => {
        await s.stop();
        return 'started';
      },
      (err: Error) => err.message,
    );
    const lines = refused.split('\n').filter(Boolean);
    expect(lines[0]).toMatch(/exited with 1 before listening/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^Refusing a live start \(sslcommerz takes real money\): the database holds demo data \(\d+ demo accounts @easyfund\.test, \d+ test payments\)\. Run "npm run demo -- remove" to delete it, or set ALLOW_DEMO_DATA=true to start anyway\.$/,
      ),
    ]);

    const allowed = await startServer({ name: 'live', env: { ...live, ALLOW_DEMO_DATA: 'true' } });
    await allowed.stop();
  });

  it('starts after npm run demo -- remove, with a ledger that proves', async () => {
    const removed = await command('apps/server/src/cli/demo.ts', ['remove']);
    expect(String(removed.stdout)).toMatch(
      /^Removed the demo data: \d+ demo accounts, \d+ funds, \d+ payments/,
    );
    const ledger = await command('apps/server/src/cli/check-ledger.ts', []);
    expect(String(ledger.stdout)).toContain('0 succeeded payments');
    expect((ledger as { code?: number }).code ?? 0).toBe(0);

    const server = await startServer({ name: 'live', env: live });
    try {
      const list = await http<{ items: unknown[] }>(server.url, 'GET', api.funds.list.path);
      expect(list.body.items).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
