import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, type ServerProcess, startServer } from './support/server-process';

// Production runs the compiled server with plain `node` (npm start builds it): the same
// build must start on the embedded database, migrate it and answer, with no TypeScript
// loader in the process.
describe('the compiled server', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs')], {
      cwd: repoRoot,
      stdio: 'pipe',
    });
    server = await startServer({ name: 'compiled', compiled: true });
  });
  afterAll(() => server?.stop());

  it('starts with plain node and serves the API from the embedded database', async () => {
    const cmdline = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toContain(path.join(repoRoot, 'apps/server/dist/main.js'));
    expect(cmdline.join(' ')).not.toMatch(/tsx/);

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'up' });

    const funds = await fetch(`${server.url}/api/funds`);
    expect(funds.status).toBe(200);
    expect(await funds.json()).toHaveProperty('items');
  });
});
