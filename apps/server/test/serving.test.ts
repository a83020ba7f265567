import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

const webDist = mkdtempSync(path.join(tmpdir(), 'easyfund-web-'));
beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Easy Fund</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *');
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
const { ctx } = useTestApp(
  {},
  { env: { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', WEB_DIST: webDist } },
);

describe('serving the web app', () => {
  it("answers / with the app and the title 'Home - Easy Fund'", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Home - Easy Fund</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for any non-API path, with that page title', async () => {
    const contact = await ctx.app.inject({ method: 'GET', url: '/contactus' });
    expect(contact.statusCode).toBe(200);
    expect(contact.body).toContain('<title>Contact Us - Easy Fund</title>');
    // The app's 404 page, with the status a crawler or a link checker reads.
    const unknown = await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>Page Not Found - Easy Fund</title>');
  });

  it('sends a page compressed to a browser that accepts it, as the same HTML', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/donatenow' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      // Twice: the second answer comes from the compressed copy kept for that page.
      for (let i = 0; i < 2; i++) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/donatenow',
          headers: { 'accept-encoding': accept },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toContain('accept-encoding');
        expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
    const identity = await ctx.app.inject({
      method: 'GET',
      url: '/donatenow',
      headers: { 'accept-encoding': 'identity, deflate' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('serves hashed assets with long-cache headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown /api paths as JSON 404s', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it("sends a page helmet's whole set of headers and the site's content security policy", async () => {
    const responses = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/' }),
      ctx.app.inject({ method: 'GET', url: '/no-such-page' }), // the app's own 404 page
      ctx.app.inject({ method: 'GET', url: '/apix' }), // not the API
    ]);
    for (const res of responses) {
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-permitted-cross-domain-policies': 'none',
      });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
    }
  });
});
