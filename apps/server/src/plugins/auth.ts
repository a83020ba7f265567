import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { type Role, ROLES } from '@easyfund/shared/constants';
import { ZResetPasswordRequest, ZSignUpRequest } from '@easyfund/shared/schemas/auth';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { z } from 'zod';
import { type Auth, CLIENT_IP_HEADER } from '../lib/auth';
import { Forbidden, Invalid, NotFound, Unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** The signed-in user (cookie session or bearer token), or null. Cached per request. */
    currentUser(): Promise<TMe | null>;
    /** Set by `requireUser`/`requireRole` pre-handlers. */
    user: TMe;
  }
}

const ROLE_SET = new Set<string>(ROLES);

function toMe(u: {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  role?: unknown;
}): TMe {
  const role = typeof u.role === 'string' && ROLE_SET.has(u.role) ? (u.role as Role) : 'user';
  return { id: u.id, name: u.name, email: u.email, image: u.image ?? null, role };
}

/** Validates an auth body with our shared schema so the rule and its message are ours. */
function validate<T extends z.ZodType>(schema: T, body: unknown) {
  const result = schema.safeParse(body);
  if (result.success) return;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  throw new Invalid(Object.values(fields)[0] ?? 'Invalid input', fields);
}

/** Longer than any path of the identity layer's endpoints (OAuth callbacks included). */
const MAX_AUTH_PATH = 200;

const cache = new WeakMap<FastifyRequest, Promise<TMe | null>>();

/**
 * A session needs a session cookie or a bearer token: without either, the visitor is
 * anonymous and the identity layer is not asked (it costs more than the page itself).
 */
function mayHaveSession(request: FastifyRequest): boolean {
  const { cookie, authorization } = request.headers;
  return Boolean(authorization) || (cookie !== undefined && cookie.includes('session_token'));
}

export default fp(
  async function authPlugin(app: FastifyInstance, opts: { auth: Auth }) {
    const { auth } = opts;
    app.decorate('auth', auth);
    app.decorateRequest('user', null as unknown as TMe);
    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      let p = cache.get(this);
      if (!p && !mayHaveSession(this)) p = Promise.resolve(null);
      if (!p) {
        p = auth.api
          .getSession({ headers: fromNodeHeaders(this.headers) })
          .then((s) => (s ? toMe(s.user) : null));
        cache.set(this, p);
      }
      return p;
    });

    // better-auth handles everything under /api/auth; we validate the bodies whose
    // rules the specification fixes, then forward a Fetch Request.
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      async handler(request, reply) {
        const pathname = request.url.split('?')[0] ?? '';
        // The identity layer keys its rate-limit rows by client and path: an endless path
        // would not fit the index (a 500) and no endpoint of it is that long.
        if (pathname.length > MAX_AUTH_PATH) throw new NotFound('Endpoint');
        if (request.method === 'POST' && pathname === '/api/auth/sign-up/email') {
          validate(ZSignUpRequest, request.body);
        }
        if (request.method === 'POST' && pathname === '/api/auth/reset-password') {
          validate(ZResetPasswordRequest, request.body);
        }
        const headers = fromNodeHeaders(request.headers);
        headers.set(CLIENT_IP_HEADER, request.ip);
        headers.delete('content-length');
        const body =
          request.method === 'POST' && request.body !== undefined
            ? JSON.stringify(request.body)
            : undefined;
        if (body !== undefined) headers.set('content-type', 'application/json');
        const response = await auth.handler(
          new Request(new URL(request.url, app.publicUrl), {
            method: request.method,
            headers,
            body,
          }),
        );
        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (key === 'set-cookie' || key === 'content-length') continue;
          reply.header(key, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        const text = await response.text();
        if (response.status >= 400) {
          // Errors keep our JSON shape even when the identity layer answers without a body.
          return reply
            .type('application/json; charset=utf-8')
            .send(toErrorShape(response.status, text));
        }
        return reply.send(text || null);
      },
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);

/** better-auth's `{ code, message }` → our `{ error: { code, message } }`. */
function toErrorShape(status: number, text: string) {
  const fallback = status === 429 ? 'rate_limited' : `http_${status}`;
  try {
    const parsed = JSON.parse(text) as { code?: string; message?: string };
    return {
      error: {
        code: (parsed.code ?? fallback).toLowerCase(),
        message: parsed.message ?? 'Request failed',
      },
    };
  } catch {
    return { error: { code: fallback, message: 'Request failed' } };
  }
}

/** Pre-handler: 401 unless signed in. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  const me = await request.currentUser();
  if (!me) throw new Unauthorized();
  request.user = me;
}

/** Pre-handler: 401 unless signed in, 403 unless the user holds one of the roles. */
export function requireRole(...roles: Role[]) {
  return async function roleGuard(request: FastifyRequest, reply: FastifyReply) {
    await requireUser(request, reply);
    if (!roles.includes(request.user.role)) throw new Forbidden();
  };
}
