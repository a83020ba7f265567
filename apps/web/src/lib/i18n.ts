import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';
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
import { Texts, type TOptions } from './texts';

export type { TOptions };

/** The browser's texts: English until the page's language is loaded (`initI18n`). */
const texts = new Texts(DEFAULT_LANGUAGE);

/** The parts of a catalogue the browser loads: the site's, then the dashboard's. */
type Part = 'site' | 'dashboard';
type Catalogue = Record<string, string>;

/**
 * Texts are keyed by their English wording (the specification's, word for word), so an
 * English page needs no catalogue beyond the plural forms in en.json; the Bangla
 * catalogue is loaded only when Bangla is chosen, in two parts made at build time
 * (apps/web/build/catalogue-parts.ts): the site's texts with the first page, the
 * dashboard's with the dashboard.
 */
const loaders: Record<Language, Record<Part, () => Promise<Catalogue>>> = {
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
  const parts = await Promise.all(missing.map((part) => loaders[lang][part]()));
  missing.forEach((part, i) => {
    texts.addResources(lang, parts[i]!);
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

/** Loads the page's catalogue; called before the first render so nothing flashes. */
export async function initI18n(lang: Language = pageLanguage()) {
  loaded.add(`${lang}:site`);
  texts.addResources(lang, await loaders[lang].site());
  texts.changeLanguage(lang);
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
  texts.changeLanguage(lang);
}

export function currentLanguage(): Language {
  const lang = texts.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Translates outside React (popups, titles): the English text is the key. */
export function t(text: string, options?: TOptions): string {
  return texts.t(text, options);
}

/** A language's texts and formatters, as components use them (`useI18n`). */
export interface I18nTools {
  /** The text in the page's language; the English text is the key. */
  t: (text: string, options?: TOptions) => string;
  /**
   * A text with a count: the plural form comes from en.json / bn.json (`key_one`,
   * `key_other`), and `{{n}}` is the count in the language's digits; `orMore` marks a
   * count that stopped short of the whole (a list's capped total): the language's own
   * wording of "at least n" (`key_more`, "১,০০০টিরও বেশি তহবিল") where its catalogue has
   * one, else the count marked "+" ("10,000+ users").
   */
  tn: (text: string, count: number, values?: TOptions & { orMore?: boolean }) => string;
  lang: Language;
  tk: (poisha: number) => string;
  /** A number in the language's digits; `orMore` for one that counts at least that many. */
  number: (n: number, orMore?: boolean) => string;
  digits: (value: string | number) => string;
  date: (at: Date | string | number) => string;
  dateTime: (at: Date | string | number) => string;
  /** How long ago (or until) `at` is, from `now` (ms; the page's, `useNow`). */
  relative: (at: Date | string | number, now: number) => string;
}

/**
 * Texts added to an instance since a language's tools were made (the dashboard's part):
 * the tools' remembered texts are then looked up again.
 */
const additions = new WeakMap<Texts, number>();
function countAdditions(instance: Texts) {
  if (additions.has(instance)) return;
  additions.set(instance, 0);
  instance.on('added', () => additions.set(instance, (additions.get(instance) ?? 0) + 1));
}

/**
 * The tools of an instance's current language. A page asks for the same few hundred texts
 * and amounts on every render: each is looked up (through the catalogue's plural forms) or
 * formatted once per language, then remembered.
 */
function toolsFor(instance: Texts, language: string): I18nTools {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const texts = new Map<string, string>();
  const amounts = new Map<number, string>();
  countAdditions(instance);
  let seen = additions.get(instance) ?? 0;
  const t = (text: string, options?: TOptions): string => {
    if (options) return instance.t(text, options);
    const now = additions.get(instance) ?? 0;
    if (now !== seen) {
      texts.clear();
      seen = now;
    }
    let translated = texts.get(text);
    if (translated === undefined) {
      translated = instance.t(text);
      texts.set(text, translated);
    }
    return translated;
  };
  return {
    t,
    tn: (text, count, { orMore, ...values } = {}) => {
      const n = formatNumber(count, lang);
      const more = `${text}_more`;
      if (orMore && instance.has(more)) return t(more, { ...values, n });
      return t(text, { ...values, count, n: atLeast(n, orMore) });
    },
    lang,
    tk: (poisha) => {
      let formatted = amounts.get(poisha);
      if (formatted === undefined) {
        formatted = formatTk(poisha, lang);
        amounts.set(poisha, formatted);
      }
      return formatted;
    },
    number: (n, orMore) => atLeast(formatNumber(n, lang), orMore),
    digits: (value) => formatDigits(value, lang),
    date: (at) => formatDate(at, lang),
    dateTime: (at) => formatDateTime(at, lang),
    relative: (at, now) => formatRelative(at, lang, now),
  };
}

/** A formatted count, marked "+" when it counts at least that many. */
function atLeast(formatted: string, orMore?: boolean): string {
  return orMore ? `${formatted}+` : formatted;
}

const I18nContext = createContext<I18nTools | null>(null);

/**
 * Gives the app the texts of a `Texts` instance (the browser's, or one of the server's per
 * language): every component under it draws again when the language changes.
 */
export function I18nProvider({ instance, children }: { instance: Texts; children: ReactNode }) {
  const subscribe = useCallback(
    (changed: () => void) => {
      instance.on('languageChanged', changed);
      return () => instance.off('languageChanged', changed);
    },
    [instance],
  );
  const currentOf = () => instance.language;
  const language = useSyncExternalStore(subscribe, currentOf, currentOf);
  const tools = useMemo(() => toolsFor(instance, language), [instance, language]);
  return createElement(I18nContext.Provider, { value: tools }, children);
}

/** The browser's instance, for the app's root (its catalogue is loaded by `initI18n`). */
export const browserI18n: Texts = texts;

/**
 * The hook components use: `t` for texts, and the one formatter of each kind bound to
 * the page's language.
 */
export function useI18n(): I18nTools {
  const tools = useContext(I18nContext);
  if (!tools) throw new Error('useI18n is used outside I18nProvider');
  return tools;
}
