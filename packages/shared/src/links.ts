/**
 * Web addresses in text people post for others (a fund's updates): shown by the host
 * they lead to, never by the words around them or a long path that hides it. The page
 * makes them links labelled `example.org/…`; a mail shows only that label, as text.
 */

/** A piece of a text: words as they are, or a web address with the label it shows. */
export type TextPart = { text: string } | { href: string; label: string };

/** `http(s)://…` or `www.…`, up to a space, a quote or an angle bracket. */
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than an address. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * What a link shows: its host (an international name in its ASCII form, `xn--…`, so
 * look-alike letters cannot pass for another site), and `/…` when it leads further.
 */
export function linkLabel(url: URL): string {
  const further = url.pathname.length > 1 || url.search !== '' || url.hash !== '';
  return `${url.host}${further ? '/…' : ''}`;
}

/** The text split into words and addresses (an address that does not parse stays words). */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let rest = 0;
  const words = (to: number) => {
    if (to > rest) parts.push({ text: text.slice(rest, to) });
  };
  for (const m of text.matchAll(ADDRESS)) {
    const raw = m[0].replace(TRAILING, '');
    const start = m.index;
    let url: URL;
    try {
      url = new URL(/^www\./i.test(raw) ? `https://${raw}` : raw);
    } catch {
      continue;
    }
    if (!url.hostname) continue;
    words(start);
    parts.push({ href: url.href, label: linkLabel(url) });
    rest = start + raw.length;
  }
  words(text.length);
  return parts;
}

/** The text with every address replaced by its label (for a plain-text e-mail). */
export function linksAsHosts(text: string): string {
  return linkParts(text)
    .map((p) => ('text' in p ? p.text : p.label))
    .join('');
}
