import { createRequire } from 'node:module';
import type { Language } from '@easyfund/shared/i18n/languages';

const require = createRequire(import.meta.url);
const catalogues: Record<Language, Record<string, string>> = {
  en: require('@easyfund/shared/i18n/en.json') as Record<string, string>,
  bn: require('@easyfund/shared/i18n/bn.json') as Record<string, string>,
};

const pluralRules: Record<Language, Intl.PluralRules> = {
  en: new Intl.PluralRules('en'),
  bn: new Intl.PluralRules('bn'),
};

/**
 * A text in the request's language. Texts are keyed by their English wording, the same
 * catalogues the web app loads; a text without a translation stays English. With a
 * numeric `count` the language's plural form is chosen as i18next does (`key_one`,
 * `key_other`); the caller passes the count in the language's digits as `n`.
 */
export function translate(
  lang: Language,
  text: string,
  values: Record<string, string | number> = {},
): string {
  const catalogue = catalogues[lang];
  const count = values.count;
  const plural =
    typeof count === 'number' ? catalogue[`${text}_${pluralRules[lang].select(count)}`] : undefined;
  const template = plural ?? catalogue[text] ?? text;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) =>
    name in values ? String(values[name]) : m,
  );
}
