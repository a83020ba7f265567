import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildTestApp, type TestContext } from './helper';

const base = { AUTH_SECRET: 'x'.repeat(32), DATA_DIR: '.' };

describe('which addresses sign-in trusts', () => {
  it('trusts the loopback aliases of the port in the embedded default', () => {
    expect(loadConfig({ ...base, PORT: '4321' }).trustedOrigins).toEqual([
      'http://localhost:4321',
      'http://127.0.0.1:4321',
      'http://[::1]:4321',
    ]);
  });

  it('trusts only PUBLIC_URL (plus TRUSTED_ORIGINS) when PUBLIC_URL is set', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://easyfund.example.org/' })).toMatchObject({
      publicUrl: 'https://easyfund.example.org',
      trustedOrigins: ['https://easyfund.example.org'],
    });
    expect(
      loadConfig({
        ...base,
        PUBLIC_URL: 'https://easyfund.example.org',
        TRUSTED_ORIGINS: 'http://192.168.1.20:3000, https://www.easyfund.example.org',
      }).trustedOrigins,
    ).toEqual([
      'https://easyfund.example.org',
      'http://192.168.1.20:3000',
      'https://www.easyfund.example.org',
    ]);
  });

  it('stops on a TRUSTED_ORIGINS entry that is not an origin, naming the variable', () => {
    expect(() => loadConfig({ ...base, TRUSTED_ORIGINS: 'example.org' })).toThrow(
      /TRUSTED_ORIGINS/,
    );
    expect(() => loadConfig({ ...base, TRUSTED_ORIGINS: 'https://example.org/path' })).toThrow(
      /TRUSTED_ORIGINS/,
    );
  });
});

describe('signing in from the loopback aliases (embedded default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No PUBLIC_URL: the embedded default on port 3000.
    ctx = await buildTestApp({ PUBLIC_URL: '', PORT: '3000' });
  });
  afterAll(() => ctx.close());

  const signUp = (origin: string, email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin, cookie: 'x=1' },
      payload: { name: 'Rina', image: 'https://example.com/r.png', email, password: 'abc123' },
    });

  it('accepts http://127.0.0.1:PORT and http://[::1]:PORT like http://localhost:PORT', async () => {
    expect((await signUp('http://localhost:3000', 'a@example.com')).statusCode).toBe(200);
    expect((await signUp('http://127.0.0.1:3000', 'b@example.com')).statusCode).toBe(200);
    expect((await signUp('http://[::1]:3000', 'c@example.com')).statusCode).toBe(200);
  });

  it('tells the person what to set when the address is not trusted', async () => {
    const res = await signUp('http://192.168.1.20:3000', 'd@example.com');
    expect(res.statusCode).toBe(403);
    const { error } = res.json();
    expect(error.code).toBe('invalid_origin');
    expect(error.message).toContain('http://192.168.1.20:3000');
    expect(error.message).toContain('TRUSTED_ORIGINS');
    expect(error.message).toContain('PUBLIC_URL');
    expect(error.message).toContain('http://127.0.0.1:3000');
  });
});
