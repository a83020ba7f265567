import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from '../lib/api-path';

/**
 * The headers helmet sets for these options, computed once. Our policy has no per-request
 * part (no nonces), so every response gets the same set; @fastify/helmet instead builds
 * helmet's middleware (and re-parses the whole content security policy) on every request,
 * which halved the server's throughput on small responses (docs/performance.md).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The headers of an API answer (JSON, a CSV or PDF download, a redirect), from the pages'
 * set (decision 443). An answer of the API is never a page: nothing in it may load, run or
 * be framed, it is read as the type it says, and it keeps the pages' referrer, resource
 * and transport rules. The headers only a page uses (its content policy, opener policy,
 * origin-agent cluster, DNS prefetching, the old browsers' XSS filter and download switch)
 * stay off: they were two thirds of every answer's header bytes.
 */
export function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    'referrer-policy',
    'cross-origin-resource-policy',
    'strict-transport-security',
  ].filter((name) => pageHeaders[name] !== undefined);
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...Object.fromEntries(kept.map((name) => [name, pageHeaders[name]!])),
  };
}

/**
 * Sets the security headers (computed once) on every response: helmet's for the pages and
 * everything else the site serves, the API's own for paths under /api.
 */
export default fp(
  async function securityHeadersPlugin(app: FastifyInstance, options: HelmetOptions) {
    const pages = securityHeaders(options);
    const api = apiHeaders(pages);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiPath(request.url) ? api : pages);
      done();
    });
  },
  { name: 'security-headers' },
);
