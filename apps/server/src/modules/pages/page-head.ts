import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HERO_SLIDES, HERO_SMALL_MEDIA } from '@easyfund/shared/images';
import type { Language } from '@easyfund/shared/i18n/languages';

/** The links to put before `</head>` for a page of the page table in a language. */
export type PageHead = (page: string | undefined, lang: Language) => string;

/**
 * What the server adds to the head of the web app's HTML, per page and language, so that
 * the browser fetches what a page needs first as soon as the HTML arrives instead of
 * after the app's code has run: a page's own code, the Bangla texts and the Bangla font,
 * the home page's hero picture (decision 433). A fund page's own preloads depend on the fund
 * (modules/funds/share-tags.ts). Reads the web build once.
 */
export function pageHead(webDist: string): PageHead {
  const assets = assetFiles(webDist);
  const bangla = banglaCataloguePreload(assets) + banglaFontPreload(assets);
  const code = pageCodePreloads(webDist);
  const pictures: Record<string, string> = { home: heroPreloads() };
  return (page, lang) => {
    const own = page ? `${code[page] ?? ''}${pictures[page] ?? ''}` : '';
    return `${lang === 'bn' ? bangla : ''}${own}`;
  };
}

/**
 * Per page of the page table, the `<link rel="modulepreload">`s of its own code, from the
 * web build's `page-chunks.json` (apps/web/build/page-chunks.ts); none without it.
 */
function pageCodePreloads(webDist: string): Record<string, string> {
  const file = path.join(webDist, 'page-chunks.json');
  if (!existsSync(file)) return {};
  const chunks = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return Object.fromEntries(
    Object.entries(chunks).map(([page, files]) => [
      page,
      files
        .filter((f) => /^assets\/[\w.-]+\.js$/.test(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
        .join(''),
    ]),
  );
}

/** The names of the web build's `assets/` files, read once; none without a build. */
function assetFiles(webDist: string): string[] {
  const assets = path.join(webDist, 'assets');
  return existsSync(assets) ? readdirSync(assets) : [];
}

/** The `<link rel="modulepreload">` of the web build's Bangla site texts, if it has them. */
function banglaCataloguePreload(assets: string[]): string {
  const file = assets.find((f) => /^bn-site-[\w-]+\.js$/.test(f));
  return file ? `<link rel="modulepreload" crossorigin href="/assets/${file}">` : '';
}

/**
 * The `<link rel="preload">` of the Bengali font's regular face (the site's one variable
 * face draws every weight), the one most of a Bangla page's text is set in: with it at hand
 * when the page is first laid out, the text is shaped once, in its own font, instead of in
 * whatever fallback the device has and again when the font arrives (on a machine without a
 * Bengali font, the first layout took three times as long as in English).
 */
function banglaFontPreload(assets: string[]): string {
  const file = banglaFontFiles(assets)[400];
  return file
    ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${file}">`
    : '';
}

/** The weights the site's Bengali text is set in (apps/web/build/bangla-name-font.ts). */
const BANGLA_WEIGHTS = [400, 500, 600, 700, 800];

/**
 * The web build's Bengali faces by weight: the site's subset (one variable face for every
 * weight, `bangla-variable-<hash>.woff2`: apps/web/build/bangla-name-font.ts), else the full
 * face of that weight.
 */
export function banglaFontFiles(assets: string[]): Record<number, string> {
  const files: Record<number, string> = {};
  for (const f of assets) {
    const weight = /^noto-sans-bengali-bengali-(\d{3})-normal-[\w-]+\.woff2$/.exec(f)?.[1];
    if (weight) files[Number(weight)] = f;
  }
  const variable = assets.find((f) => /^bangla-variable-[\w-]+\.woff2$/.test(f));
  if (variable) for (const weight of BANGLA_WEIGHTS) files[weight] = variable;
  return files;
}

/** The web build's `assets/` files; none without a build. */
export function webAssets(webDist: string): string[] {
  return assetFiles(webDist);
}

/** The first hero slide's picture, the copy the screen will show (the `<picture>`'s media). */
function heroPreloads(): string {
  const first = HERO_SLIDES[0];
  return (
    `<link rel="preload" as="image" fetchpriority="high" href="${first.small}" media="${HERO_SMALL_MEDIA}">` +
    `<link rel="preload" as="image" fetchpriority="high" href="${first.image}" media="not all and ${HERO_SMALL_MEDIA}">`
  );
}
