import { and, eq } from 'drizzle-orm';
import { SITE_NAME } from '@easyfund/shared/constants';
import { FUND_PAGE_IMAGE_SIZES, srcsetFor } from '@easyfund/shared/images';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { Db } from '../../db/client';
import { funds } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { SHARE_IMAGE, shareCardPicture, shareImageUrl } from './share-image';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Text for an HTML attribute or element. */
export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** At most `max` characters of a story, on one line, cut at a word. */
export function summary(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

export interface ShareCard {
  title: string;
  description: string;
  /** The card's picture: the fund's share image (JPEG of SHARE_IMAGE's size). */
  image: string;
  url: string;
  /** The fund's id and picture as the page asks for them (for the page's preloads); no
   *  picture for a fund taken down (the page shows none). */
  fundId: string;
  imagePath: string | null;
  /** A fund taken down: search engines are asked to drop the page. */
  noindex: boolean;
}

/** The `<meta name="robots">` of a page search engines should drop (a fund taken down). */
export const ROBOTS_NOINDEX = `<meta name="robots" content="noindex" />`;

/**
 * A taken-down fund's card, in the page's language: that it is suspended or closed, the
 * admin's published reason, the site's own picture; nothing of the raiser's pitch.
 */
function takedownCard(
  fund: { name: string; hold: string; holdReason: string | null },
  lang: Language,
): Pick<ShareCard, 'title' | 'description'> {
  const { name } = fund;
  const [title, notice] =
    fund.hold === 'closed'
      ? [
          translate(lang, 'Closed: {{name}}', { name }),
          translate(lang, 'This fund has been closed by our team.'),
        ]
      : [
          translate(lang, 'Suspended: {{name}}', { name }),
          translate(lang, 'This fund has been suspended by our team.'),
        ];
  const reason = fund.holdReason ? ` ${translate(lang, 'Reason:')} ${fund.holdReason}` : '';
  return {
    title,
    description: summary(
      `${notice}${reason} ${translate(lang, 'It does not take donations.')}`,
      300,
    ),
  };
}

/**
 * What a shared link of an approved fund unfurls to (crawlers run no JavaScript): its
 * name, the start of its story, its picture and its canonical address, all absolute.
 * A fund an admin took down unfurls to its notice and reason with the site's picture, and
 * asks not to be indexed (decision 453). Null for an unknown or unapproved fund (the
 * page stays generic and reveals nothing).
 */
export async function fundShareCard(
  db: Db,
  publicUrl: string,
  id: string,
  lang: Language,
): Promise<ShareCard | null> {
  if (!UUID.test(id)) return null;
  const [fund] = await db
    .select({
      id: funds.id,
      name: funds.name,
      description: funds.description,
      image: funds.image,
      hold: funds.hold,
      holdReason: funds.holdReason,
    })
    .from(funds)
    .where(and(eq(funds.id, id), eq(funds.status, 'approved')));
  if (!fund) return null;
  const url = `${publicUrl}/donatenow/${fund.id}`;
  // The fund's picture as JPEG of a known size (share-image.ts); the site's for a fund
  // taken down.
  const image = shareImageUrl(publicUrl, fund.id, shareCardPicture(fund));
  if (fund.hold) {
    const { title, description } = takedownCard({ ...fund, hold: fund.hold }, lang);
    return { title, description, image, url, fundId: fund.id, imagePath: null, noindex: true };
  }
  return {
    title: fund.name,
    description: summary(fund.description),
    image,
    url,
    fundId: fund.id,
    imagePath: fund.image,
    noindex: false,
  };
}

/** The Open Graph and Twitter tags of a share card, escaped. */
export function shareTags(card: ShareCard): string {
  const e = escapeHtml;
  return [
    `<link rel="canonical" href="${e(card.url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${e(SITE_NAME)}" />`,
    `<meta property="og:title" content="${e(card.title)}" />`,
    `<meta property="og:description" content="${e(card.description)}" />`,
    `<meta property="og:image" content="${e(card.image)}" />`,
    `<meta property="og:image:type" content="${SHARE_IMAGE.type}" />`,
    `<meta property="og:image:width" content="${SHARE_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${SHARE_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${e(card.title)}" />`,
    `<meta property="og:url" content="${e(card.url)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${e(card.title)}" />`,
    `<meta name="twitter:description" content="${e(card.description)}" />`,
    `<meta name="twitter:image" content="${e(card.image)}" />`,
    ...(card.noindex ? [ROBOTS_NOINDEX] : []),
  ].join('\n    ');
}

/** `withData`: the page carries the fund's data (a page rendered by the server). */
export interface ShareCardOptions {
  withData?: boolean;
}

/**
 * What the fund page asks for first, named in its HTML so the browser fetches it beside
 * the app's code instead of after the code has run: its picture, the page's largest
 * paint, and the fund itself (the request the page makes, which takes the preloaded
 * answer) unless the page carries its data already (`withData`: a page the server
 * rendered, decision 436).
 */
export function fundPagePreloads(
  card: ShareCard,
  { withData = false }: ShareCardOptions = {},
): string {
  const e = escapeHtml;
  const srcset = card.imagePath ? srcsetFor(card.imagePath) : undefined;
  return [
    ...(withData
      ? []
      : [`<link rel="preload" as="fetch" crossorigin href="/api/funds/${e(card.fundId)}" />`]),
    ...(card.imagePath
      ? [
          `<link rel="preload" as="image" fetchpriority="high" href="${e(card.imagePath)}"` +
            (srcset ? ` imagesrcset="${e(srcset)}" imagesizes="${e(FUND_PAGE_IMAGE_SIZES)}"` : '') +
            ' />',
        ]
      : []),
  ].join('\n    ');
}

/** A page's HTML with a fund's description, share tags and preloads in its head (and,
 *  for a fund taken down, `noindex`). */
export function withShareCard(html: string, card: ShareCard, options?: ShareCardOptions): string {
  // Functions, so that `$&` and the like in a fund's texts are not replacement patterns.
  return html
    .replace(
      /<meta\s+name="description"[^>]*>/,
      () => `<meta name="description" content="${escapeHtml(card.description)}" />`,
    )
    .replace(
      '</head>',
      () => `    ${shareTags(card)}\n    ${fundPagePreloads(card, options)}\n  </head>`,
    );
}
