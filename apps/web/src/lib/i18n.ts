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

/** The parts of a catalogue the browser loads: the site's, then the dashboard's. */
type Part = 'site' | 'dashboard';
type Texts = Record<string, string>;

/**
 * Texts are keyed by their English wording (the specification's, word for word), so an
 * English page needs no catalogue beyond the plural forms in en.json; the Bangla
 * catalogue is loaded only when Bangla is chosen, in two parts made at build time
 * (apps/web/build/catalogue-parts.ts): the site's texts with the first page, the
 * dashboard's with the dashboard.
 */
const loaders: Record<Language, Record<Part, () => Promise<Texts>>> = {
  en: { site: async () => en, dashboard: async () => ({}) },
  bn: {
    site: async () => (await import('virtual:catalogue/bn-site')).default,
    dashboard: async () => (await import('virtual:catalogue/bn-dashboard')).default,
  },
};

/** The parts this page has needed so far; a language switch loads all of them. */
const wanted = new Set<Part>(['site']);
/** `bn:site`, `bn:dashboard`…: the parts loaded, per language. */
const loaded = new Set<string>();

/** Adds the wanted parts of a language that are not loaded yet to the texts `t()` reads. */
async function loadParts(lang: Language) {
  const missing = [...wanted].filter((part) => !loaded.has(`${lang}:${part}`));
  const texts = await Promise.all(missing.map((part) => loaders[lang][part]()));
  missing.forEach((part, i) => {
    i18next.addResources(lang, 'translation', texts[i]!);
    loaded.add(`${lang}:${part}`);
  });
}

/**
 * Settled once the page's catalogue is in place: the router starts loading the first
 * page's code (and the dashboard's texts) while the catalogue is still loading.
 */
let initialised: () => void;
const ready = new Promise<void>((resolve) => (initialised = resolve));

/** The language the server chose for this page (cookie, then Accept-Language). */
export function pageLanguage(): Language {
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** How texts are looked up, in the browser and in the server's first render: the English
 *  text is the key (no separators), plurals from the catalogues, React escapes. */
export const I18N_OPTIONS = {
  fallbackLng: false,
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;

/** Loads the page's catalogue; called before the first render so nothing flashes. */
export async function initI18n(lang: Language = pageLanguage()) {
  loaded.add(`${lang}:site`);
  await i18next.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: lang,
    resources: { [lang]: { translation: await loaders[lang].site() } },
  });
  initialised();
}

/** The dashboard's texts, in the page's language; awaited before the dashboard shows. */
export async function loadDashboardTexts() {
  // Wanted at once: a language switch made while these load loads them in its language.
  wanted.add('dashboard');
  await ready;
  await loadParts(currentLanguage());
}

/** Switches the language: loads its catalogue, remembers it, and re-renders. */
export async function setLanguage(lang: Language) {
  await loadParts(lang);
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
