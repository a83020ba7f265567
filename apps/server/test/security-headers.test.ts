import { describe, expect, it } from 'vitest';
import { isApiPath, pathOfUrl } from '../src/lib/api-path';
import { apiHeaders, securityHeaders } from '../src/plugins/security-headers';
import { useTestApp, as } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx } = useTestApp();

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** The headers only a page uses: never on an answer of the API. */
const PAGE_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  it('sends the API its own headers on every kind of answer: nothing in it may load, run or be framed', async () => {
    const responses = await Promise.all([
      as(ctx).call(api.health.check),
      as(ctx).call(api.session.me), // 401 from a pre-handler
      ctx.app.inject({ method: 'GET', url: '/api/no-such-route' }), // 404 handler
      as(ctx).call(api.funds.list, { query: { page: -1 } }), // 400 from validation
      ctx.app.inject({ method: 'GET', url: '/api?x=1' }), // the API's own 404, not a page
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 404, 400, 404]);
    for (const res of responses) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers).toMatchObject({
        ...EXPECTED,
        'x-frame-options': 'DENY',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      });
      for (const name of PAGE_ONLY) expect(res.headers[name]).toBeUndefined();
    }
  });

  it("tells the API's paths and URLs from every other", () => {
    for (const path of ['/api', '/api?x=1', '/api/', '/api/funds', '/api/funds?page=2'])
      expect(isApiPath(path)).toBe(true);
    for (const other of ['/', '/apix', '/apis/funds', '/API/funds', '/fund/api/x', ''])
      expect(isApiPath(other)).toBe(false);
    expect(pathOfUrl('/api/funds?q=a?b')).toBe('/api/funds');
    expect(pathOfUrl('/donatenow')).toBe('/donatenow');
    expect(pathOfUrl(undefined)).toBe('');
  });

  it("keeps the transport rule on the API's answers when the site is served over HTTPS", () => {
    const pages = securityHeaders({ strictTransportSecurity: { maxAge: 31536000 } });
    expect(apiHeaders(pages)['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(apiHeaders(securityHeaders({ strictTransportSecurity: false }))).not.toHaveProperty(
      'strict-transport-security',
    );
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
