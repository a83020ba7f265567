import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The signed links of e-mails (one-click unsubscribe, a monthly gift's manage link): a
 * payload and its MAC with the server's secret, so no sign-in is needed, nothing is
 * stored, and nobody can make one for someone else.
 */

/** 128 bits of HMAC-SHA256 of `payload` for `purpose`: plenty against forgery, short enough for a URL segment. */
export function linkMac(secret: string, purpose: string, payload: string): string {
  return createHmac('sha256', secret)
    .update(`${purpose}\u0000${payload}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** Whether `signature` is the MAC of `payload`, compared in constant time. */
export function linkMacMatches(
  secret: string,
  purpose: string,
  payload: string,
  signature: string,
): boolean {
  const expected = Buffer.from(linkMac(secret, purpose, payload));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A uuid in 22 characters (its 16 bytes in base64url). */
export function shortUuid(uuid: string): string {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
}

/** The uuid of `shortUuid`'s 22 characters, or null when they are not 16 bytes. */
export function uuidOfShort(short: string): string | null {
  const hex = Buffer.from(short, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
