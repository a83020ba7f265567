import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { type Role, ROLES } from '@easyfund/shared/constants';
import { IDENTITY_ERRORS } from '@easyfund/shared/identity';
import { isRealEmail } from '@easyfund/shared/phone';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { Config } from '../config';
import { pathOfUrl } from '../lib/api-path';
import { DomainError, Forbidden, NotFound, Unauthorized } from '../lib/errors';
import { CLIENT_IP_HEADER, clientNetwork } from '../lib/rate-limit-keys';
import { isDemoEmail } from '../seed/demo-presence';
import { sessionCache } from './session-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (cookie session or bearer token), or null. Cached per request. */
    currentUser(): Promise<TMe | null>;
    /** Set by `requireUser`/`requireRole` pre-handlers. */
    user: TMe;
  }
  interface FastifyInstance {
    /** Whether this process hears every change to sessions and people now (migration 0037). */
    sessionsHeard(): boolean;
  }
  interface FastifyContextConfig {
    /**
     * A write that changes no account, role or session (a donation's steps): the found
     * sessions stay cached after it. Every other write empties that cache.
     */
    keepsSessions?: boolean;
  }
}

const ROLE_SET = new Set<string>(ROLES);

/**
 * What sessions need of the identity layer (modules/identity/better-auth.ts): its HTTP
 * handler, and the session a request's cookie or bearer token stands for.
 */
export interface IdentityLayer {
  handler(request: Request): Promise<Response>;
  api: {
    getSession(input: { headers: Headers }): Promise<SessionFound | null>;
  };
}

/** A session and its person, as the identity layer answers them. */
export interface SessionFound {
  user: Parameters<typeof toMe>[0];
  session: Parameters<typeof toMe>[1] & { expiresAt: Date | string | number };
}
function toMe(
  u: {
    id: string;
    name: string;
    email: string;
    image?: string | null;
    role?: unknown;
    emailVerified?: unknown;
    twoFactorEnabled?: unknown;
    phoneNumber?: unknown;
    phoneNumberVerified?: unknown;
  },
  s: { twoFactorVerifiedAt?: unknown },
): TMe {
  const role = typeof u.role === 'string' && ROLE_SET.has(u.role) ? (u.role as Role) : 'user';
  const twoFactorEnabled = u.twoFactorEnabled === true;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    image: u.image ?? null,
    role,
    emailVerified: u.emailVerified === true,
    hasEmail: isRealEmail(u.email),
    phoneNumber:
      typeof u.phoneNumber === 'string' && u.phoneNumberVerified === true ? u.phoneNumber : null,
    twoFactorEnabled,
    // Two-factor belongs to the session: on for the account, and given by this session.
    twoFactorVerified: twoFactorEnabled && s.twoFactorVerifiedAt != null,
  };
}

/** Longer than any path of the identity layer's endpoints (OAuth callbacks included). */
const MAX_AUTH_PATH = 200;

const cache = new WeakMap<FastifyRequest, Promise<TMe | null>>();

/**
 * The credentials a request carries, as the session cache's key: its bearer token and its
 * whole Cookie header, either or both (another Authorization scheme, a proxy's Basic
 * credentials say, is nobody's session and no part of the key). The whole header, not
 * the first cookie named like a session's: the lookup picks the identity layer's own
 * cookie, so a cookie of another name set beside it (from a sibling site) must not make
 * a key another request can send without that cookie.
 */
function credentialOf(request: FastifyRequest): string | undefined {
  const { cookie, authorization } = request.headers;
  const bearer = authorization && /^bearer\s/i.test(authorization) ? authorization : '';
  const session = cookie?.includes('session_token') ? cookie : '';
  return bearer || session ? `${bearer}|${session}` : undefined;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The channel a change to a session or a person is announced on (migration 0037). */
const SESSION_CHANGES = 'session_changes';
/**
 * How long a found session is kept while this process hears every change to sessions and
 * people (decision 467): a change reaches every process as its transaction commits, so
 * this only bounds how long a notice lost without its connection noticing could matter.
 */
const LISTENING_SESSION_CACHE_MS = 60_000;
/**
 * A session needs a session cookie or a bearer token: without either, the visitor is
 * anonymous and the identity layer is not asked (it costs more than the page itself).
 */
function mayHaveSession(request: FastifyRequest): boolean {
  const { cookie, authorization } = request.headers;
  return Boolean(authorization) || (cookie !== undefined && cookie.includes('session_token'));
}

export default fp(
  async function sessionPlugin(
    app: FastifyInstance,
    opts: {
      auth: IdentityLayer;
      sessionCacheMs: number;
      /**
       * Reads a session cookie's session as the identity layer would, cheaper
       * (modules/identity/session-reader.ts); `undefined` leaves it to the identity layer.
       */
      readSession?: (cookie: string) => Promise<SessionFound | null | undefined>;
    },
  ) {
    const { auth, readSession } = opts;
    const { config } = app;
    // While this process hears every change to sessions and people (their database's
    // notices, migration 0037), a found session is kept LISTENING_SESSION_CACHE_MS;
    // otherwise (the notices not heard yet, or lost with their connection) sessionCacheMs.
    let listening = false;
    const sessions = sessionCache(() =>
      opts.sessionCacheMs > 0 && listening ? LISTENING_SESSION_CACHE_MS : opts.sessionCacheMs,
    );
    if (opts.sessionCacheMs > 0 && app.database.listen) {
      const stop = app.database.listen(SESSION_CHANGES, {
        up() {
          // Changes made while nobody listened were not heard: nothing kept before counts.
          sessions.clear();
          listening = true;
        },
        down() {
          listening = false;
          sessions.clear();
        },
        notice: () => sessions.clear(),
      });
      app.addHook('onClose', stop);
    }
    app.decorate('sessionsHeard', () => listening);
    app.decorateRequest('user', null as unknown as TMe);
    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      let p = cache.get(this);
      if (!p && !mayHaveSession(this)) p = Promise.resolve(null);
      if (!p) {
        const { cookie, authorization } = this.headers;
        const found = (s: SessionFound | null) =>
          s
            ? { me: toMe(s.user, s.session), sessionExpiresAt: new Date(s.session.expiresAt) }
            : null;
        const fromIdentityLayer = () =>
          auth.api.getSession({ headers: fromNodeHeaders(this.headers) }).then(found);
        // A bearer token (or any Authorization) goes through the identity layer's own
        // conversion; a session cookie alone is read directly, unless that says to ask it.
        const lookup =
          readSession && cookie !== undefined && authorization === undefined
            ? () =>
                readSession(cookie).then((s) => (s === undefined ? fromIdentityLayer() : found(s)))
            : fromIdentityLayer;
        p = sessions.resolve(credentialOf(this), lookup);
        cache.set(this, p);
      }
      return p;
    });
    app.addHook('onSend', (request, _reply, payload, done) => {
      // Writes, and everything the identity layer answers (following an e-mailed
      // verification link is a GET that changes the account) — except the writes a
      // route declares cannot touch an account or a session (a donation's steps).
      const write = !READS.has(request.method) && !request.routeOptions.config?.keepsSessions;
      if (write || request.url.startsWith('/api/auth/')) sessions.clear();
      done(null, payload);
    });

    // better-auth handles everything under /api/auth; we validate the bodies whose
    // rules the specification fixes, then forward a Fetch Request.
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      async handler(request, reply) {
        const pathname = pathOfUrl(request.url);
        // The identity layer keys its rate-limit rows by client and path: an endless path
        // would not fit the index (a 500) and no endpoint of it is that long.
        if (pathname.length > MAX_AUTH_PATH) throw new NotFound('Endpoint');
        // The rules of sign-up, reset, profile and password bodies are checked inside the
        // identity layer (modules/identity/better-auth.ts, hooks.before), on the route it resolved: no spelling
        // of a path can skip them.
        const headers = fromNodeHeaders(request.headers);
        // The identity layer's own limits count per network (an IPv6 /64 is one client).
        headers.set(CLIENT_IP_HEADER, clientNetwork(request.ip));
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
          const shaped = toErrorShape(response.status, text, request.headers.origin, config);
          // Its own failures (not thrown to our error handler): the code, never the body.
          if (response.status >= 500) {
            request.log.error(
              { status: response.status, code: shaped.error.code },
              'identity layer failed',
            );
          }
          return reply.type('application/json; charset=utf-8').send(shaped);
        }
        return reply.send(text || null);
      },
    });
  },
  { name: 'session', dependencies: ['errors'] },
);

/** What to tell a person whose browser opened the site at an address sign-in does not trust. */
export function refusedOriginMessage(
  origin: string | undefined,
  config: Pick<Config, 'publicUrl' | 'trustedOrigins'>,
) {
  const where = origin && origin !== 'null' ? origin : 'this address';
  return (
    `Sign-in does not work from ${where}: open the site at ${config.publicUrl}` +
    ` (sign-in works from ${config.trustedOrigins.join(', ')}),` +
    ` or, if you run this server, add ${where === 'this address' ? 'the address' : where} to TRUSTED_ORIGINS or set PUBLIC_URL to it.`
  );
}

/** better-auth's `{ code, message, fields? }` → our `{ error: { code, message, fields? } }`. */
function toErrorShape(
  status: number,
  text: string,
  origin: string | undefined,
  config: Pick<Config, 'publicUrl' | 'trustedOrigins'>,
) {
  const fallback = status === 429 ? 'rate_limited' : `http_${status}`;
  try {
    const parsed = JSON.parse(text) as {
      code?: string;
      message?: string;
      fields?: Record<string, string>;
      challenge?: unknown;
    };
    const code = (parsed.code ?? fallback).toLowerCase();
    if (code === IDENTITY_ERRORS.invalidOrigin.code || code === 'missing_or_null_origin') {
      return {
        error: {
          code: IDENTITY_ERRORS.invalidOrigin.code,
          message: refusedOriginMessage(origin, config),
        },
      };
    }
    return {
      error: {
        code,
        message: parsed.message ?? 'Request failed',
        ...(parsed.fields && typeof parsed.fields === 'object' ? { fields: parsed.fields } : {}),
        // A sign-in that must first solve a proof-of-work challenge carries it (decision 454).
        ...(code === 'challenge_required' && parsed.challenge
          ? { challenge: parsed.challenge }
          : {}),
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

/**
 * Pre-handler for a raiser's own funds and withdrawals: a verified raiser, or an admin
 * (a role change never takes away what a person owns). Ownership is checked in each
 * service's query (`where raiser_id = the caller`), so an admin reaches only their own.
 */
export const requireRaiser = requireRole('verified', 'admin');

/** 403 with a code the web app recognises (it offers to resend the link). */
export class EmailNotVerified extends DomainError {
  constructor() {
    super(403, IDENTITY_ERRORS.emailNotVerified.code, IDENTITY_ERRORS.emailNotVerified.message);
  }
}

/** 403 with a code the web app recognises (it sends the admin to the set-up page). */
export class TwoFactorRequired extends DomainError {
  constructor(
    error:
      | typeof IDENTITY_ERRORS.twoFactorRequired
      | typeof IDENTITY_ERRORS.secondFactorNotGiven = IDENTITY_ERRORS.twoFactorRequired,
  ) {
    super(403, error.code, error.message);
  }
}

/** Pre-handler (after a user guard): 403 until the user's e-mail address is verified. */
export async function requireVerifiedEmail(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.user.emailVerified) throw new EmailNotVerified();
}

/**
 * Pre-handler for admin pages and calls: role admin, a verified e-mail (an admin right
 * from ADMIN_EMAILS or a role change is only as good as the proved address), and, where
 * the deployment requires it, a session that passed two-factor sign-in (a session of the
 * password alone is refused even when the account has it on: decision 451).
 */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  await requireRole('admin')(request, reply);
  if (!request.user.emailVerified) throw new EmailNotVerified();
  // A demo account's password is in the README: no admin rights on a live site (449).
  if (request.server.config.liveStart && isDemoEmail(request.user.email)) throw new Forbidden();
  if (request.server.config.adminRequiresTwoFactor && !request.user.twoFactorVerified) {
    throw new TwoFactorRequired(
      request.user.twoFactorEnabled
        ? IDENTITY_ERRORS.secondFactorNotGiven
        : IDENTITY_ERRORS.twoFactorRequired,
    );
  }
}

/**
 * Whether a signed-in person may use admin rights on a public endpoint (the donor wall
 * shows them names): an admin with a verified address and, where required, two-factor
 * sign-in — what `requireAdmin` demands.
 */
export function hasAdminRights(
  config: Pick<Config, 'adminRequiresTwoFactor' | 'liveStart'>,
  me: TMe | null,
) {
  return Boolean(
    me &&
    me.role === 'admin' &&
    me.emailVerified &&
    (!config.adminRequiresTwoFactor || me.twoFactorVerified) &&
    // A demo account's password is in the README: no rights on a live site (decision 449).
    !(config.liveStart && isDemoEmail(me.email)),
  );
}
