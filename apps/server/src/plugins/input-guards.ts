import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath, pathOfUrl } from '../lib/api-path';
import { DomainError, Invalid } from '../lib/errors';

/** The deepest JSON body accepted: far above any form of the site, far below a stack overflow. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `The request is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
export const BAD_TEXT_MESSAGE = 'Remove the invisible control characters from this text';
export const CROSS_SITE_MESSAGE =
  'This request came from another site and was refused: use the site itself to make changes';

/**
 * The nesting depth of a JSON text, read without parsing it: brackets outside strings,
 * stopping as soon as `limit` is passed (so a 5,000-level body costs 33 brackets).
 */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** NUL (PostgreSQL cannot store it in text) or a lone UTF-16 surrogate (no character at all). */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** The path (a.b.0) of the first string or key that cannot be stored, or null. */
function firstUnstorable(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : at || 'body';
  if (!value || typeof value !== 'object' || depth > MAX_JSON_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null; // a provider's signed raw body, checked by its route
  for (const [key, v] of Object.entries(value)) {
    const here = at ? `${at}.${key}` : key;
    if (!isStorableText(key)) return here;
    const found = firstUnstorable(v, here, depth + 1);
    if (found) return found;
  }
  return null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Paths a browser from another origin may legitimately post to: the identity layer (it
 * checks origins itself, with its own message) and the payment providers' callbacks
 * (a wallet gateway returns the donor's browser with a cross-site POST).
 */
const CROSS_SITE_EXEMPT = /^\/api\/(auth|payments\/webhook|payments\/callback|webhooks)(\/|$)/;

const pathOf = (request: FastifyRequest) => pathOfUrl(request.raw.url);

/**
 * Guards every request at the edge, before any route runs:
 * - state changes from another site are refused (decision 407);
 * - JSON bodies nested deeper than MAX_JSON_DEPTH are refused before they are parsed;
 * - text PostgreSQL cannot store (NUL, lone surrogates) in a query, path or JSON body is
 *   refused with a field message, on every route, the identity layer's included.
 */
export default fp(
  async function inputGuards(app: FastifyInstance) {
    const allowed = new Set([new URL(app.config.publicUrl).origin, ...app.config.trustedOrigins]);

    // A callback, not an async function: a read passes without a promise of its own.
    app.addHook('onRequest', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method)) return done();
      try {
        refuseCrossSite(request);
      } catch (err) {
        return done(err as Error);
      }
      done();
    });
    const refuseCrossSite = (request: FastifyRequest) => {
      if (CROSS_SITE_EXEMPT.test(pathOf(request))) return;
      const origin = request.headers.origin;
      // A page sent with `Referrer-Policy: no-referrer` makes its own form posts say
      // `Origin: null`; the browser's Sec-Fetch-Site still tells they are the site's own.
      if (origin === 'null' && request.headers['sec-fetch-site'] === 'same-origin') return;
      if (origin !== undefined) {
        if (!allowed.has(origin)) throw new DomainError(403, 'cross_site', CROSS_SITE_MESSAGE);
        return;
      }
      // No Origin: a server or a command-line client (allowed), unless a browser says the
      // request comes from another site.
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') {
        throw new DomainError(403, 'cross_site', CROSS_SITE_MESSAGE);
      }
    };

    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (jsonDepthExceeds(body as string)) {
        done(new DomainError(400, 'too_deep', TOO_DEEP_MESSAGE), undefined);
        return;
      }
      parseJson(request, body as string, done);
    });

    // A callback, not an async function: a request that passes costs no promise.
    app.addHook('preValidation', (request, _reply, done) => {
      // The API's input; the pages of the web app ignore their query strings.
      if (!isApiPath(pathOf(request))) return done();
      const where =
        firstUnstorable(request.query, '') ??
        firstUnstorable(request.params, '') ??
        firstUnstorable(request.body, '');
      if (where) return done(new Invalid(BAD_TEXT_MESSAGE, { [where]: BAD_TEXT_MESSAGE }));
      done();
    });
  },
  { name: 'input-guards', dependencies: ['errors'] },
);
