import { createHmac } from 'node:crypto';

/**
 * A card's or a wallet's fingerprint, as a processor gives one (Stripe's
 * `payment_method.card.fingerprint`): the same number always gives the same value, and
 * the value does not give the number back (a keyed hash; the embedded processors take
 * test numbers only). Written `card:<fingerprint>` or `wallet:<fingerprint>`, the form
 * `ProviderIntent.instrument` uses (decision 454).
 */
export function instrumentOf(kind: 'card' | 'wallet', number: string): string {
  const digits = number.replace(/[\s-]/g, '');
  const hash = createHmac('sha256', `easyfund-${kind}-fingerprint`).update(digits).digest();
  return `${kind}:${hash.subarray(0, 12).toString('base64url')}`;
}
