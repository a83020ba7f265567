import i18next, { type TOptions } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  formatDate,
  formatDigits,
  formatDateTime,
  formatNumber,
  formatRelative,
  formatTk,
} from '@easyfund/shared/format';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  LANGUAGE_COOKIE,
} from '@easyfund/shared/i18n/languages';
import en from '@easyfund/shared/i18n/en.json';

/**
 * Texts are keyed by their English wording (the specification's, word for word), so an
 * English page needs no catalogue beyond the plural forms in en.json; the Bangla
 * catalogue is loaded only when Bangla is chosen.
 */
const loaders: Record<Language, () => Promise<Record<string, string>>> = {
  en: async () => en,
  bn: async () => (await import('@easyfund/shared/i18n/bn.json')).default,
};

/** The language the server chose for this page (cookie, then Accept-Language). */
export function pageLanguage(): Language {
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Loads the page's catalogue; called before the first render so nothing flashes. */
export async function initI18n(lang: Language = pageLanguage()) {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: await loaders[lang]() } },
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}

/** Switches the language: loads its catalogue, remembers it, and re-renders. */
export async function setLanguage(lang: Language) {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    i18next.addResourceBundle(lang, 'translation', await loaders[lang]());
  }
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

export function currentLanguage(): Language {
  const lang = i18next.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Translates outside React (popups, titles): the English text is the key. */
export function t(text: string, options?: TOptions): string {
  return i18next.t(text, options) as string;
}

/**
 * The hook components use: `t` for texts, and the one formatter of each kind bound to
 * the page's language.
 */
export function useI18n() {
  const { t: translate, i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const t = translate as (text: string, options?: TOptions) => string;
  return {
    t,
    /**
     * A text with a count: the plural form comes from en.json / bn.json (`key_one`,
     * `key_other`), and `{{n}}` is the count in the language's digits.
     */
    tn: (text: string, count: number, values?: TOptions) =>
      t(text, { ...values, count, n: formatNumber(count, lang) }),
    lang,
    tk: (poisha: number) => formatTk(poisha, lang),
    number: (n: number) => formatNumber(n, lang),
    digits: (value: string | number) => formatDigits(value, lang),
    date: (at: Date | string | number) => formatDate(at, lang),
    dateTime: (at: Date | string | number) => formatDateTime(at, lang),
    relative: (at: Date | string | number) => formatRelative(at, lang),
  };
}
