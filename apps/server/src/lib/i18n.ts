import { createRequire } from 'node:module';
import type { Language } from '@easyfund/shared/i18n/languages';

const require = createRequire(import.meta.url);
const catalogues: Record<Language, Record<string, string>> = {
  en: require('@easyfund/shared/i18n/en.json') as Record<string, string>,
  bn: require('@easyfund/shared/i18n/bn.json') as Record<string, string>,
};

/**
 * A text in the request's language. Texts are keyed by their English wording, the same
 * catalogues the web app loads; a text without a translation stays English.
 */
export function translate(
  lang: Language,
  text: string,
  values: Record<string, string | number> = {},
): string {
  const template = catalogues[lang][text] ?? text;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) =>
    name in values ? String(values[name]) : m,
  );
}
