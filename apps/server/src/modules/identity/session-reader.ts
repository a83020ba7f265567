import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once';
import type { Db } from '../../db/client';
import { session, user } from '../../db/schema';

/** A session found by its cookie, with its person: what the identity layer's getSession gives. */
export interface ReadSession {
  user: {
    id: string;
    name: string;
    email: string;
    image: string | null;
    role: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
    phoneNumber: string | null;
    phoneNumberVerified: boolean;
  };
  session: { expiresAt: Date; twoFactorVerifiedAt: Date | null };
}

/**
 * What the reader needs of the identity layer: its context, where the session cookie's
 * name, the signing secret and the session's lifetimes are settled once it starts.
 */
export interface IdentityContext {
  $context: Promise<{
    secret: string;
    authCookies: { sessionToken: { name: string } };
    sessionConfig: { expiresIn: number; updateAge: number };
    options: { session?: { expiresIn?: number; disableSessionRefresh?: boolean } };
  }>;
}

/** The session of a token with its person: one statement (the identity layer's own is a join too). */
export const sessionByToken = builtOnce((db) =>
  db
    .select({
      expiresAt: session.expiresAt,
      twoFactorVerifiedAt: session.twoFactorVerifiedAt,
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        image: user.image,
        role: user.role,
        emailVerified: user.emailVerified,
        twoFactorEnabled: user.twoFactorEnabled,
        phoneNumber: user.phoneNumber,
        phoneNumberVerified: user.phoneNumberVerified,
      },
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare(''),
);

/**
 * The first value of cookie `name` in a Cookie header, as better-call's `parseCookies`
 * (what the identity layer's getSession reads it with) finds it: the first pair of that
 * name, trimmed, without surrounding quotes, percent-decoded when it decodes.
 */
export function firstCookie(header: string, name: string): string | undefined {
  let index = 0;
  while (index < header.length) {
    const eqIdx = header.indexOf('=', index);
    if (eqIdx === -1) return undefined;
    let endIdx = header.indexOf(';', index);
    if (endIdx === -1) endIdx = header.length;
    else if (endIdx < eqIdx) {
      index = header.lastIndexOf(';', eqIdx - 1) + 1;
      continue;
    }
    if (header.slice(index, eqIdx).trim() === name) {
      let value = header.slice(eqIdx + 1, endIdx).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      try {
        return value.includes('%') ? decodeURIComponent(value) : value;
      } catch {
        return value;
      }
    }
    index = endIdx + 1;
  }
  return undefined;
}

/** A base64 HMAC-SHA256 (44 characters, as better-call signs a cookie). */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The session token a signed cookie value carries when its signature is the secret's
 * (better-call's `getSignedCookie`: `<token>.<base64 HMAC-SHA256 of the token>`), with
 * node:crypto's HMAC on this thread instead of an asynchronous WebCrypto verification.
 */
export function verifiedToken(value: string, secret: string): string | null {
  const at = value.lastIndexOf('.');
  if (at < 1) return null;
  const signature = value.slice(at + 1);
  if (!SIGNATURE.test(signature)) return null;
  const token = value.slice(0, at);
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The session behind a request's session cookie, read the way the identity layer's
 * getSession reads it (the same cookie, signature, row and expiry), without its endpoint
 * machinery: one HMAC and one prepared statement. The identity layer stays the source of
 * truth for everything else: `undefined` means "ask it" — a session that is expired (it
 * deletes it) or due for its daily extension (it writes the new expiry).
 */
export function sessionReader(auth: IdentityContext, db: Db) {
  return async (cookieHeader: string): Promise<ReadSession | null | undefined> => {
    const ctx = await auth.$context;
    const value = firstCookie(cookieHeader, ctx.authCookies.sessionToken.name);
    if (!value) return null;
    const token = verifiedToken(value, ctx.secret);
    if (!token) return null;
    const [row] = await sessionByToken(db).execute({ token });
    if (!row) return null;
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    if (expiresAt < now) return undefined;
    const { expiresIn, updateAge } = ctx.sessionConfig;
    const dueForExtension = expiresAt - expiresIn * 1000 + updateAge * 1000 <= now;
    if (dueForExtension && !ctx.options.session?.disableSessionRefresh) return undefined;
    return {
      user: row.user,
      session: { expiresAt: row.expiresAt, twoFactorVerifiedAt: row.twoFactorVerifiedAt },
    };
  };
}
