import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEnv } from '../../../scripts/lib/start-env.mjs';
import { ConfigError, loadConfig } from '../src/config';

const dir = mkdtempSync(path.join(tmpdir(), 'easyfund-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('configuration', () => {
  it('gives a working embedded mode by default: port 3000, data under DATA_DIR, a kept secret', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.paymentProvider).toBe('test');
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(config.authSecret);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret);
  });

  it('stops with one line naming the variable for a bad value', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(
      /^Invalid configuration: PORT: /,
    );
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_POOL_SIZE: '0' })).toThrow(
      /DATABASE_POOL_SIZE/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_POOL_SIZE: 'many' })).toThrow(
      /DATABASE_POOL_SIZE/,
    );
  });

  it('keeps 10 PostgreSQL connections a process unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir }).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_POOL_SIZE: '5' }).DATABASE_POOL_SIZE).toBe(5);
  });

  it('refuses half-configured external providers', () => {
    expect(() => loadConfig({ DATA_DIR: dir, GOOGLE_CLIENT_ID: 'x' })).toThrow(
      /GOOGLE_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      /OIDC_CLIENT_ID/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE/);
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'sslcommerz' })).toThrow(
      /SSLCOMMERZ_STORE_ID/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, SSLCOMMERZ_STORE_ID: 'store' })).toThrow(
      /SSLCOMMERZ_STORE_PASSWORD/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dir,
        SSLCOMMERZ_STORE_ID: 's',
        SSLCOMMERZ_STORE_PASSWORD: 'p',
        SSLCOMMERZ_SANDBOX: 'yes',
      }),
    ).toThrow(/SSLCOMMERZ_SANDBOX/);
  });

  it('chooses SSLCommerz when its store is set, in the sandbox unless told otherwise', () => {
    const store = { DATA_DIR: dir, SSLCOMMERZ_STORE_ID: 's', SSLCOMMERZ_STORE_PASSWORD: 'p' };
    expect(loadConfig(store)).toMatchObject({
      paymentProvider: 'sslcommerz',
      SSLCOMMERZ_SANDBOX: true,
    });
    expect(loadConfig({ ...store, SSLCOMMERZ_SANDBOX: 'false' }).SSLCOMMERZ_SANDBOX).toBe(false);
  });

  it('tells a live start from a sandbox one, and seeds the demo only with the test processor', () => {
    const seed = { DATA_DIR: dir, SEED_DEMO: 'true' };
    const store = { ...seed, SSLCOMMERZ_STORE_ID: 's', SSLCOMMERZ_STORE_PASSWORD: 'p' };
    const stripe = { ...seed, STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'whsec' };
    const start = (env: Record<string, string>) => {
      const c = loadConfig(env);
      return { mode: c.paymentMode, live: c.liveStart, seeds: c.seedsDemo };
    };
    expect(start(seed)).toEqual({ mode: 'test', live: false, seeds: true });
    expect(start(store)).toEqual({ mode: 'test', live: false, seeds: false });
    expect(start({ ...store, SSLCOMMERZ_SANDBOX: 'false' })).toEqual({
      mode: 'live',
      live: true,
      seeds: false,
    });
    expect(start({ ...stripe, STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual({
      mode: 'test',
      live: false,
      seeds: false,
    });
    expect(start({ ...stripe, STRIPE_SECRET_KEY: 'rk_live_x' })).toMatchObject({ live: true });
    const https = { ...seed, NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' };
    expect(start({ ...https, PUBLIC_URL: 'https://easyfund.example.org' })).toEqual({
      mode: 'test',
      live: true,
      seeds: false,
    });
    expect(start({ ...https, PUBLIC_URL: 'http://127.0.0.1:8080' })).toMatchObject({
      live: false,
      seeds: true,
    });
    expect(() => loadConfig({ ...seed, ALLOW_DEMO_DATA: 'yes' })).toThrow(
      'Invalid configuration: ALLOW_DEMO_DATA: use true or false',
    );
  });

  it('reads ADMIN_EMAILS as a lower-cased list', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      ADMIN_EMAILS: ' Boss@Example.com, two@example.com ,',
    });
    expect(config.ADMIN_EMAILS).toEqual(['boss@example.com', 'two@example.com']);
  });
});

describe('trusted proxies', () => {
  it('trusts a proxy on the same host in production, none otherwise, or what TRUST_PROXY says', () => {
    expect(
      loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' }).trustProxy,
    ).toBe('loopback');
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(
      loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.5']);
  });
});

describe("npm start's environment", () => {
  /** The provider the server runs with when started by `npm start` in this environment. */
  const startedWith = (env: Record<string, string>) =>
    loadConfig(startEnv({ DATA_DIR: dir, ...env }, { webDist: dir })).paymentProvider;
  const store = { SSLCOMMERZ_STORE_ID: 'store', SSLCOMMERZ_STORE_PASSWORD: 'secret' };
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  };

  it('takes test payments only when no provider is configured at all', () => {
    expect(startEnv({}, { webDist: dir })).toMatchObject({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'test',
      SEED_DEMO: 'true',
    });
    expect(startedWith({})).toBe('test');
    expect(startedWith({ SSLCOMMERZ_STORE_ID: '', STRIPE_SECRET_KEY: '' })).toBe('test');
  });

  it('runs the configured provider: an SSLCommerz store alone, or the Stripe keys', () => {
    expect(startEnv(store, { webDist: dir }).PAYMENT_PROVIDER).toBeUndefined();
    expect(startedWith(store)).toBe('sslcommerz');
    expect(startedWith(stripe)).toBe('stripe');
  });

  it('never overrides an explicit PAYMENT_PROVIDER', () => {
    expect(startedWith({ ...store, PAYMENT_PROVIDER: 'test' })).toBe('test');
    expect(startedWith({ ...store, ...stripe, PAYMENT_PROVIDER: 'stripe' })).toBe('stripe');
  });

  it('refuses a half-configured provider instead of falling back to test payments', () => {
    expect(() => startedWith({ SSLCOMMERZ_STORE_ID: 'store' })).toThrow(
      /SSLCOMMERZ_STORE_PASSWORD/,
    );
    expect(() => startedWith({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /no payment provider configured/,
    );
  });
});
