import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { funds } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { MAX_UPLOAD_PIXELS } from '../../lib/storage/images';
import { type Storage, uploadKeyOf } from '../../lib/storage/storage';
import { HERO_SLIDES } from '@easyfund/shared/images';

/**
 * A fund's picture as link previews show it (Facebook, WhatsApp, X, LinkedIn): JPEG,
 * which every one of them shows (WebP is not shown by all), in the 1.91:1 size they ask
 * for; the page's `og:image:*` tags name this size and type.
 */
export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const;

/** The picture of a share card that shows no fund's own: the site's first hero picture. */
export const SITE_SHARE_IMAGE = HERO_SLIDES[0].image;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The picture a fund's card shows: its own, or the site's for a fund taken down. */
export function shareCardPicture(fund: { image: string; hold: string | null }): string {
  return fund.hold ? SITE_SHARE_IMAGE : fund.image;
}

/**
 * The address of a fund's share image. It names the picture it is made from (`v`), so a
 * crawler that kept the old one fetches the new one after the picture changed.
 */
export function shareImageUrl(publicUrl: string, fundId: string, picture: string): string {
  const v = createHash('sha256').update(picture).digest('base64url').slice(0, 12);
  return `${publicUrl}/api/funds/${fundId}/share-image.jpg?v=${v}`;
}

/**
 * The bytes of a picture of ours: an upload (by its key in the image store) or a picture
 * bundled with the web app (a file of its build, never outside it). Null for anything else
 * or a picture that is not there.
 */
async function pictureBytes(
  storage: Storage,
  webDist: string | undefined,
  address: string,
): Promise<Buffer | null> {
  const key = uploadKeyOf(address);
  if (key) return storage.get(key);
  if (!webDist || !address.startsWith('/') || address.startsWith('//')) return null;
  const root = path.resolve(webDist);
  const file = path.resolve(root, `.${address.split(/[?#]/)[0]}`);
  if (!file.startsWith(`${root}${path.sep}`)) return null;
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

/** A picture cut to the share size (its most telling part kept), as JPEG. */
export async function renderShareImage(input: Buffer): Promise<Buffer> {
  // Loaded on the first share image, not at start-up.
  const { default: sharp } = await import('sharp');
  return sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS, animated: false })
    .rotate()
    .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/**
 * Share images made, by the picture they are made from: a picture's address never names
 * other bytes (uploads are stored under new keys, bundled pictures change only with a new
 * build), so what is kept is never stale in any process. The last 32 are kept.
 */
const made = new Map<string, Promise<Buffer>>();
const KEPT = 32;

function keep(picture: string, image: Promise<Buffer>): Promise<Buffer> {
  made.set(picture, image);
  if (made.size > KEPT) made.delete(made.keys().next().value!);
  // A failure is not kept: the next request tries again.
  image.catch(() => made.delete(picture));
  return image;
}

/**
 * The share image of an approved fund (a fund taken down shows the site's picture, as its
 * card does); 404 for an unknown or unapproved fund, as its page.
 */
export async function fundShareImage(
  db: Db,
  storage: Storage,
  webDist: string | undefined,
  id: string,
): Promise<Buffer> {
  if (!UUID.test(id)) throw new NotFound('Fund');
  const [fund] = await db
    .select({ image: funds.image, hold: funds.hold })
    .from(funds)
    .where(and(eq(funds.id, id), eq(funds.status, 'approved')));
  if (!fund) throw new NotFound('Fund');
  const picture = shareCardPicture(fund);
  const kept = made.get(picture);
  if (kept) {
    // Most recently used last.
    made.delete(picture);
    made.set(picture, kept);
    return kept;
  }
  return keep(
    picture,
    (async () => {
      // A picture that is gone or cannot be read: the site's picture instead.
      const own = await pictureBytes(storage, webDist, picture);
      if (own) {
        try {
          return await renderShareImage(own);
        } catch {
          // Not an image sharp can read: falls through to the site's.
        }
      }
      const site = await pictureBytes(storage, webDist, SITE_SHARE_IMAGE);
      if (!site) throw new NotFound('Fund');
      return renderShareImage(site);
    })(),
  );
}
