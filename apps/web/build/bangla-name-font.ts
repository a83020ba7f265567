/**
 * `virtual:bangla-name-font.css`: the word "বাংলা" of the language switch, on pages in
 * English, drawn with a font made for it at build time. Noto Sans Bengali's Bengali part
 * (about 49 KB) is what a Bangla page needs; an English page shows only that one word in
 * Bengali script, and without this the browser fetched the whole font for it, at the
 * highest priority, beside the page's image and styles. The subset holds the word's glyphs
 * (about 1 KB, inlined in the stylesheet), taken from the same font, so it looks the same.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { LANGUAGE_NAMES } from '../../../packages/shared/src/i18n/languages';

/** The font-family name of the subset (the stylesheet's only use of it). */
const BANGLA_NAME_FAMILY = 'Easy Fund Bangla name';

const ID = 'virtual:bangla-name-font.css';

/** The bold face: the switch is a button, whose text is semibold (drawn with the 700 face). */
function sourceFont(): string {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@fontsource/noto-sans-bengali/LICENSE'));
  return path.join(dir, 'files', 'noto-sans-bengali-bengali-700-normal.woff2');
}

async function banglaNameFontCss(text: string): Promise<string> {
  const woff2 = await subsetFont(await readFile(sourceFont()), text, { targetFormat: 'woff2' });
  return `@font-face {
  font-family: '${BANGLA_NAME_FAMILY}';
  font-style: normal;
  font-weight: 700;
  font-display: swap;
  src: url(data:font/woff2;base64,${woff2.toString('base64')}) format('woff2');
}
/* Bangla words on a page in another language (the language switch). */
:root:not(:lang(bn)) [lang='bn'] {
  font-family: '${BANGLA_NAME_FAMILY}', system-ui, sans-serif;
}
`;
}

export function banglaNameFont(): Plugin {
  return {
    name: 'easyfund-bangla-name-font',
    resolveId: {
      filter: { id: new RegExp(`^${ID}$`) },
      handler: () => `\0${ID}`,
    },
    load: {
      filter: { id: new RegExp(`^\\0${ID}$`) },
      handler: () => banglaNameFontCss(LANGUAGE_NAMES.bn),
    },
  };
}
