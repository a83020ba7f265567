/**
 * What a request counts as for rate limits: its client's network and the e-mail address it
 * names. The counters themselves live in db/rate-limit-store.ts.
 */

/** The header our server sets (and overwrites) with the client's address, for rate limits. */
export const CLIENT_IP_HEADER = 'x-easyfund-client-ip';

/** The 8 groups of an IPv6 address (zone and embedded IPv4 tail allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = (address.split('%')[0] ?? '').toLowerCase();
  const v4tail = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4tail) {
    const [a, b, c, d] = v4tail.slice(2).map(Number) as [number, number, number, number];
    text = `${v4tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parts = text.split('::');
  if (parts.length > 2) return null;
  const head = parts[0] ? parts[0].split(':') : [];
  const tail = parts.length === 2 && parts[1] ? parts[1].split(':') : [];
  const fill = parts.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0) return null;
  const groups = [...head, ...Array<string>(fill).fill('0'), ...tail];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The network a client address counts as for rate limits: an IPv4 address itself (an
 * IPv4-mapped IPv6 address is its IPv4 address), and for IPv6 the /64 it lies in,
 * written as that network's first address (`2001:db8:1:2::`). One household or phone
 * gets a whole /64 and may pick any address inside it, so a per-address limit on IPv6
 * would be no limit at all.
 */
export function clientNetwork(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::`;
}

/** The body's e-mail address, trimmed and lower-cased, if it has one. */
export function bodyEmail(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}
