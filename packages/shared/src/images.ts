/** The widths, in CSS pixels × density, every uploaded image is stored in (WebP). */
export const UPLOAD_WIDTHS = [320, 640, 1280] as const;

/**
 * The home page's hero pictures, each with a narrower copy for screens up to
 * HERO_SMALL_MEDIA; the first is the home page's largest paint, which the server's HTML
 * of the home page preloads.
 */
export const HERO_SLIDES = [
  { image: '/images/home/hero-1.webp', small: '/images/home/hero-1-sm.webp' },
  { image: '/images/home/hero-2.webp', small: '/images/home/hero-2-sm.webp' },
] as const;
export const HERO_SMALL_MEDIA = '(max-width: 800px)';

/** The `sizes` of a fund page's picture (the server preloads the same candidate). */
export const FUND_PAGE_IMAGE_SIZES = '(min-width: 1024px) 50vw, 100vw';

/** The width whose address is stored with a fund or an application. */
export const STORED_WIDTH = 1280;

const VARIANT = /^(.*)-(\d+)\.webp$/;

/** The address of one width of an uploaded image: `…/<id>-<width>.webp`. */
export function uploadVariant(base: string, width: number): string {
  return `${base}-${width}.webp`;
}

/**
 * A `srcset` for an image address: every stored width of one of our uploads, or
 * undefined for any other address (an https URL given by the raiser, a bundled picture).
 */
export function srcsetFor(url: string): string | undefined {
  const m = VARIANT.exec(url);
  if (!m || !UPLOAD_WIDTHS.includes(Number(m[2]) as (typeof UPLOAD_WIDTHS)[number])) {
    return undefined;
  }
  const base = m[1]!;
  return UPLOAD_WIDTHS.map((w) => `${uploadVariant(base, w)} ${w}w`).join(', ');
}
