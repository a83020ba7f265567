import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { user } from '../src/db/schema';
import { grantAdmin, revokeAdmin } from '../src/modules/users/operator';
import { createFund, createUser } from '../src/seed/factories';
import { buildTestApp, createPostgresDatabase, TEST_DB_KIND, type TestContext } from './helper';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const roleOf = async (db: Database['db'], email: string) =>
  (await db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role;

describe('grantAdmin / revokeAdmin', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('makes an existing verified user admin, and says when there is nothing to do', async () => {
    const u = await createUser(ctx.app.auth, ctx.db, { email: 'Operator-Pick@example.com' });
    expect(await grantAdmin(ctx.db, ' operator-pick@EXAMPLE.com ')).toMatchObject({
      ok: true,
      role: 'admin',
      changed: true,
    });
    expect(await roleOf(ctx.db, u.email)).toBe('admin');
    expect(await grantAdmin(ctx.db, u.email)).toMatchObject({ ok: true, changed: false });
  });

  it('refuses an unknown address and an unverified one', async () => {
    expect(await grantAdmin(ctx.db, 'nobody@example.com')).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
    const u = await createUser(ctx.app.auth, ctx.db, { emailVerified: false });
    expect(await grantAdmin(ctx.db, u.email)).toMatchObject({ ok: false, reason: 'not_verified' });
    expect(await roleOf(ctx.db, u.email)).toBe('user');
  });

  it('revokes to verified for someone who raised funds, to user otherwise', async () => {
    const raiser = await createUser(ctx.app.auth, ctx.db, { role: 'admin' });
    await createFund(ctx.db, { raiserId: raiser.id });
    const plain = await createUser(ctx.app.auth, ctx.db, { role: 'admin' });
    expect(await revokeAdmin(ctx.db, raiser.email)).toMatchObject({ ok: true, role: 'verified' });
    expect(await revokeAdmin(ctx.db, plain.email)).toMatchObject({ ok: true, role: 'user' });
    expect(await revokeAdmin(ctx.db, plain.email)).toMatchObject({
      ok: false,
      reason: 'not_admin',
    });
  });
});

describe('npm run admin (a real process on the embedded database or PostgreSQL)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'easyfund-admin-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const env = () => ({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const open = () =>
    openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'pglite'), poolSize: 2 });
  const run = (...args: string[]) =>
    spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/tsx/dist/cli.mjs'),
        path.join(root, 'apps/server/src/cli/admin.ts'),
        ...args,
      ],
      { cwd: root, env: { ...process.env, ...env() }, encoding: 'utf8', timeout: 60_000 },
    );

  beforeAll(async () => {
    if (TEST_DB_KIND === 'postgres') {
      const created = await createPostgresDatabase();
      databaseUrl = created.url;
      dropDatabase = created.drop;
    }
    const database = await open();
    const app = await buildApp({ config: loadConfig(env()), database });
    await createUser(app.auth, database.db, { email: 'owner@example.com' });
    await createUser(app.auth, database.db, {
      email: 'squatter@example.com',
      emailVerified: false,
    });
    await app.close();
    await database.close();
  });
  afterAll(async () => {
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('grants and revokes admin rights by e-mail', async () => {
    const granted = run('grant', 'owner@example.com');
    expect(granted.stderr).toBe('');
    expect(granted.stdout.trim()).toBe('owner@example.com is now an admin.');
    expect(granted.status).toBe(0);

    const refused = run('grant', 'squatter@example.com');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/has not verified its e-mail address/);

    const revoked = run('revoke', 'owner@example.com');
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).toMatch(/no longer an admin \(role: user\)/);

    const database = await open();
    try {
      expect(await roleOf(database.db, 'owner@example.com')).toBe('user');
      expect(await roleOf(database.db, 'squatter@example.com')).toBe('user');
    } finally {
      await database.close();
    }
  }, 180_000);

  it('prints its usage for anything else', () => {
    const res = run('promote', 'owner@example.com');
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/npm run admin -- grant EMAIL/);
  });
});
