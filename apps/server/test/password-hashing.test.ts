import { scryptSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../src/db/schema';
import { buildTestApp, ORIGIN, signIn, type TestContext, as } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

/** The stored hash of an account's password: `salt:key` in hex. */
async function storedHash(ctx: TestContext, userId: string): Promise<string> {
  const [row] = await ctx.db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return row!.password!;
}

/** Whether `hash` is `password` under scrypt at the given cost (64-byte key). */
function hashedAt(hash: string, password: string, N: number, r: number): boolean {
  const [salt, key] = hash.split(':');
  const derived = scryptSync(password.normalize('NFKC'), salt!, 64, {
    N,
    r,
    p: 1,
    maxmem: 256 * N * r,
  });
  return derived.toString('hex') === key;
}

// The other API test files hash passwords cheaply (support/test-passwords.ts); this one
// builds the app as every running site has it.
describe('passwords on a running site', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({}, { productionPasswords: true });
  });
  afterAll(() => ctx.close());

  it('stores a new password as scrypt at N=16384, r=16 and signs in with it, not with another', async () => {
    const email = 'strong.hash@example.com';
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      payload: { name: 'Rahim', image: '/images/avatar.svg', email, password: 'secret123' },
    });
    expect(signUp.statusCode).toBe(200);
    const me = await signIn(ctx.app, email, 'secret123');
    const profile = await as({ app: ctx.app, cookie: me }).call(api.session.me);
    expect(profile.statusCode).toBe(200);
    const hash = await storedHash(ctx, profile.json<{ id: string }>().id);
    expect(hashedAt(hash, 'secret123', 16384, 16)).toBe(true);
    expect(hashedAt(hash, 'secret123', 1024, 8)).toBe(false);
    await expect(signIn(ctx.app, email, 'secret124')).rejects.toThrow(/sign-in failed: 401/);
  });
});
