import { linkMac, linkMacMatches, shortUuid, uuidOfShort } from '../../lib/link-signature';

const PURPOSE = 'monthly-gift-manage';

/**
 * The token of a monthly gift's manage link (in each of its e-mails): the gift's id,
 * signed with the server's secret. Whoever holds the e-mail may pause, change or cancel
 * the gift without signing in, as with a one-click unsubscribe; it never shows the card.
 */
export function manageToken(secret: string, giftId: string): string {
  const id = shortUuid(giftId);
  return `${id}.${linkMac(secret, PURPOSE, id)}`;
}

/** The gift of a token, or null when this server did not sign it. */
export function readManageToken(secret: string, token: string): string | null {
  const [id, signature, extra] = token.split('.');
  if (!id || !signature || extra !== undefined) return null;
  if (!linkMacMatches(secret, PURPOSE, id, signature)) return null;
  return uuidOfShort(id);
}
