import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { donate, http, signUpHttp } from './support/http-client';
import {
  compiledServerDir,
  repoRoot,
  rssBytes,
  type ServerProcess,
  startServer,
} from './support/server-process';
import { resources as api } from '@easyfund/shared/api/resources';

// Production runs the compiled server with plain `node` (npm start builds it): the same
// build must start on the embedded database, migrate it and answer, with no TypeScript
// loader in the process. Most npm packages are bundled into the build, so the paths that
// use them (sign-up and its mail, a donation, its receipt e-mail and PDF, the job queue,
// the OpenAPI document) run here too.
describe('the compiled server', () => {
  let server: ServerProcess;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'easyfund-compiled-'));
  const main = path.join(compiledServerDir(), 'main.js');
  beforeAll(async () => {
    // `npm test` compiles the server once for this test and the browser tests; run alone,
    // this test compiles it as `npm run build:server` does.
    if (!process.env.E2E_SERVER_DIST || !existsSync(main))
      execFileSync(
        process.execPath,
        [path.join(repoRoot, 'scripts/build-server.mjs'), '--outDir', compiledServerDir()],
        { cwd: repoRoot, stdio: 'pipe' },
      );
    server = await startServer({
      name: 'compiled',
      compiled: true,
      env: { SEED_DEMO: 'true', DATA_DIR: dataDir },
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with plain node and serves the API from the embedded database', async () => {
    const cmdline = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toContain(main);
    expect(cmdline.join(' ')).not.toMatch(/tsx/);

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'up' });

    const funds = await fetch(`${server.url}/api/funds`);
    expect(funds.status).toBe(200);
    expect(await funds.json()).toHaveProperty('items');

    // The test checkout's page, from the template copied beside the compiled server.
    const checkoutPage = await fetch(`${server.url}/test-gateway/no-such-session`);
    expect(checkoutPage.status).toBe(404);
    const html = await checkoutPage.text();
    expect(html).toContain('<title>Test checkout</title>');
    expect(html).toContain('<p role="alert">This checkout does not exist or has ended.</p>');
  });

  it('does not keep the memory of creating the database (a first start)', () => {
    // Creating the embedded database and migrating it grow the database worker's
    // WebAssembly memory for good: kept, this server held ~680 MB; with the database
    // opened again in a fresh worker, ~275 MB, the demo seeded (a restart: ~180 MB).
    expect(rssBytes(server.pid) / 1024 / 1024).toBeLessThan(400);
  });

  it('signs up, takes a donation and mails its receipt with the PDF through the job queue', async () => {
    const email = `compiled-${Date.now()}@example.com`;
    const cookie = await signUpHttp(server.url, email);
    const funds = await http<{ items: { id: string }[] }>(server.url, 'GET', api.funds.list.path);
    const fundId = funds.body.items[0]!.id;
    const outcome = await donate(server.url, cookie, fundId, 250);
    expect(outcome.status).toBe('succeeded');

    const receipt = await fetch(`${server.url}/api/payments/${outcome.intent.paymentId}/receipt`, {
      headers: { cookie },
    });
    expect(receipt.status).toBe(200);
    expect(
      Buffer.from(await receipt.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const outbox = path.join(dataDir, 'outbox');
    const mails = () =>
      readdirSync(outbox, { withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => readFileSync(path.join(outbox, f.name), 'utf8'));
    expect(mails().some((m) => m.includes('Subject: Verify your Easy Fund e-mail address'))).toBe(
      true,
    );
    await vi.waitFor(
      () =>
        expect(mails().some((m) => /Subject: Your donation receipt EF-T-\d{4}-\d{6}/.test(m))).toBe(
          true,
        ),
      { timeout: 30_000, interval: 200 },
    );

    const openapi = await fetch(`${server.url}/api/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(await openapi.json()).toHaveProperty('openapi');
  });
});
