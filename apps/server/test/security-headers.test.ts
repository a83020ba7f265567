import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/plugins/security-headers';
import { buildTestApp, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

describe('security headers', () => {
  it('sends the security headers and the content security policy on every kind of response', async () => {
    const responses = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/health' }),
      ctx.app.inject({ method: 'GET', url: '/api/me' }), // 401 from a pre-handler
      ctx.app.inject({ method: 'GET', url: '/api/no-such-route' }), // 404 handler
      ctx.app.inject({ method: 'GET', url: '/api/funds?page=-1' }), // 400 from validation
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 404, 400]);
    for (const res of responses) {
      expect(res.headers).toMatchObject(EXPECTED);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
    }
  });

  it('computes the same headers as helmet for the options, once', () => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] },
      },
      strictTransportSecurity: { maxAge: 31536000 },
    });
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['x-xss-protection']).toBe('0');
  });
});
