/**
 * `virtual:bangla-name-font.css`: the site's Bengali faces, made at build time.
 *
 * - The word "বাংলা" of the language switch, on pages in English, drawn with a font made
 *   for it (about 1 KB, inlined): an English page shows only that word in Bengali script,
 *   and without this the browser fetched the whole font for it at the highest priority.
 * - Every weight the stylesheets use (400 to 800) in one face: Noto Sans Bengali's variable
 *   font, its weight axis cut to 400–800, subset to the letters the site's own texts use
 *   (the Bangla catalogue, the shared package's Bangla words, the language's name), as the
 *   family `Easy Fund Bengali` with that exact `unicode-range`: one file of about 65 KB
 *   where a face per weight made about 195 KB (a first screen used four of them), fetched
 *   and swapped in once. A letter outside it (a rare one in a person's or a fund's name)
 *   falls through to `Noto Sans Bengali`, the full faces (index.css), which the browser
 *   fetches only then. A weight without a face would be drawn by the device's fonts: on a
 *   phone without a Bengali font, as empty boxes (decisions 124 and "one variable Bengali
 *   face").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { LANGUAGE_NAMES } from '../../../packages/shared/src/i18n/languages';

/** The font-family name of the switch's subset (the stylesheet's only use of it). */
const BANGLA_NAME_FAMILY = 'Easy Fund Bangla name';
/** The font-family of the site's subset faces (index.css puts it in the font stack). */
export const BANGLA_SITE_FAMILY = 'Easy Fund Bengali';
/** Every weight the stylesheets set: normal, medium, semibold (buttons), bold, extrabold. */
export const BANGLA_WEIGHTS = [400, 500, 600, 700, 800] as const;
const LIGHTEST = Math.min(...BANGLA_WEIGHTS);
const BOLDEST = Math.max(...BANGLA_WEIGHTS);

/**
 * The full faces, the fallback for a letter the subset lacks: fetched only for a page
 * that has such a letter (the Bengali part of Noto Sans Bengali's own unicode-range).
 */
const FULL_FAMILY = 'Noto Sans Bengali';
const FULL_BENGALI_RANGE = 'U+0951-0952,U+0964-0965,U+0980-09FE,U+200C-200D,U+20B9,U+25CC';

const ID = 'virtual:bangla-name-font.css';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function sourceFont(weight: number): string {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@fontsource/noto-sans-bengali/LICENSE'));
  return path.join(dir, 'files', `noto-sans-bengali-bengali-${weight}-normal.woff2`);
}

/** Noto Sans Bengali's variable font (its weight axis), Bengali letters. */
function variableSourceFont(): string {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@fontsource-variable/noto-sans-bengali/LICENSE'));
  return path.join(dir, 'files', 'noto-sans-bengali-bengali-wght-normal.woff2');
}

/** Bengali letters and signs, the dandas and the joiners that shape them. */
const BENGALI = /[\u0980-\u09FF\u0964\u0965\u200C\u200D]/gu;

/** Every Bengali character the site's own texts use, sorted: what the subset faces hold. */
export function siteBengaliCharacters(root = ROOT): string[] {
  const shared = path.join(root, 'packages/shared/src');
  const sources = [
    readFileSync(path.join(shared, 'i18n/bn.json'), 'utf8'),
    ...readdirSync(shared)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => readFileSync(path.join(shared, f), 'utf8')),
    LANGUAGE_NAMES.bn,
    // Every digit, the taka sign, the dandas and the joiners, whether or not a text has them.
    '০১২৩৪৫৬৭৮৯৳।॥\u200C\u200D',
  ].join('');
  return [...new Set(sources.match(BENGALI) ?? [])].sort();
}

/** `U+0980-0983,U+0985,…`: the characters as a unicode-range. */
export function unicodeRange(chars: string[]): string {
  const points = chars.map((c) => c.codePointAt(0)!).sort((a, b) => a - b);
  const ranges: string[] = [];
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  for (let i = 0; i < points.length;) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === points[j]! + 1) j++;
    ranges.push(i === j ? `U+${hex(points[i]!)}` : `U+${hex(points[i]!)}-${hex(points[j]!)}`);
    i = j + 1;
  }
  return ranges.join(',');
}

async function banglaNameFontCss(text: string): Promise<string> {
  // The switch is a button, whose text is semibold: drawn with the 600 face.
  const woff2 = await subsetFont(await readFile(sourceFont(600)), text, { targetFormat: 'woff2' });
  return `@font-face {
  font-family: '${BANGLA_NAME_FAMILY}';
  font-style: normal;
  font-weight: 600;
  font-display: swap;
  src: url(data:font/woff2;base64,${woff2.toString('base64')}) format('woff2');
}
/* Bangla words on a page in another language (the language switch). */
:root:not(:lang(bn)) [lang='bn'] {
  font-family: '${BANGLA_NAME_FAMILY}', '${BANGLA_SITE_FAMILY}', '${FULL_FAMILY}', sans-serif;
}
`;
}

/**
 * The site's subset face: in a build, a file of its own (`assets/bangla-variable-<hash>.woff2`,
 * preloaded on Bangla pages: apps/server/src/modules/pages/page-head.ts); while developing,
 * inlined. Then the full faces, one per weight.
 */
async function siteFacesCss(url: (name: string, woff2: Buffer) => string): Promise<string> {
  const chars = siteBengaliCharacters();
  const range = unicodeRange(chars);
  const face = (family: string, weight: string, src: string, unicode: string) => `@font-face {
  font-family: '${family}';
  font-style: normal;
  font-weight: ${weight};
  font-display: swap;
  src: url(${src}) format('woff2');
  unicode-range: ${unicode};
}`;
  const subset = await subsetFont(await readFile(variableSourceFont()), chars.join(''), {
    targetFormat: 'woff2',
    variationAxes: { wght: { min: LIGHTEST, max: BOLDEST } },
  });
  const fullFaces = await Promise.all(
    BANGLA_WEIGHTS.map(async (weight) => {
      const full = await readFile(sourceFont(weight));
      const src = url(path.basename(sourceFont(weight)), full);
      return face(FULL_FAMILY, String(weight), src, FULL_BENGALI_RANGE);
    }),
  );
  return [
    face(BANGLA_SITE_FAMILY, `${LIGHTEST} ${BOLDEST}`, url('bangla-variable.woff2', subset), range),
    ...fullFaces,
  ].join('\n');
}

export function banglaNameFont(): Plugin {
  let building = false;
  return {
    name: 'easyfund-bangla-name-font',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId: {
      filter: { id: new RegExp(`^${ID}$`) },
      handler: () => `\0${ID}`,
    },
    load: {
      filter: { id: new RegExp(`^\\0${ID}$`) },
      async handler() {
        const faces = await siteFacesCss((name, woff2) => {
          if (!building) return `data:font/woff2;base64,${woff2.toString('base64')}`;
          const ref = this.emitFile({ type: 'asset', name, source: woff2 });
          return `__VITE_ASSET__${ref}__`;
        });
        return `${faces}\n${await banglaNameFontCss(LANGUAGE_NAMES.bn)}`;
      },
    },
  };
}
