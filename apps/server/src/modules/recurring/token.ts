import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'monthly-gift-manage';

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret)
    .update(`${PURPOSE}\u0000${payload}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/**
 * The token of a monthly gift's manage link (in each of its e-mails): the gift's id,
 * signed with the server's secret. Whoever holds the e-mail may pause, change or cancel
 * the gift without signing in, as with a one-click unsubscribe; it never shows the card.
 */
export function manageToken(secret: string, giftId: string): string {
  const id = Buffer.from(giftId.replace(/-/g, ''), 'hex').toString('base64url');
  return `${id}.${mac(secret, id)}`;
}

/** The gift of a token, or null when this server did not sign it. */
export function readManageToken(secret: string, token: string): string | null {
  const [id, signature, extra] = token.split('.');
  if (!id || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, id));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const hex = Buffer.from(id, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
