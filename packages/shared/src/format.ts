import { POISHA_PER_TK } from './constants';
import type { Language } from './i18n/languages';

/**
 * The one place amounts, counts, dates and times are formatted. Bangladeshi conventions
 * in both languages: lakh/crore grouping (15,00,000), Bangla digits in Bangla, the
 * Asia/Dhaka time zone whatever the device's.
 */
export const TIME_ZONE = 'Asia/Dhaka';

const LOCALE: Record<Language, string> = { en: 'en-IN', bn: 'bn-BD' };
const DATE_LOCALE: Record<Language, string> = { en: 'en-GB', bn: 'bn-BD' };

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(lang: Language, minDigits: number, maxDigits = minDigits) {
  const key = `n:${lang}:${minDigits}:${maxDigits}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(LOCALE[lang], {
      minimumFractionDigits: minDigits,
      maximumFractionDigits: maxDigits,
    });
    cache.set(key, f);
  }
  return f;
}
function dateFormat(lang: Language, kind: 'date' | 'dateTime') {
  const key = `d:${lang}:${kind}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(DATE_LOCALE[lang], {
      timeZone: TIME_ZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(kind === 'dateTime' ? { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

/**
 * A number in the language's digits with lakh grouping: 15,00,000 / ১৫,০০,০০০. A
 * fraction keeps up to `maxFractionDigits` decimals, without trailing zeros: 2.5 / ২.৫,
 * 612.36 / ৬১২.৩৬.
 */
export function formatNumber(n: number, lang: Language = 'en', maxFractionDigits = 2): string {
  return numberFormat(lang, 0, maxFractionDigits).format(n);
}

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Digits as they are (a year, a code, a phone number), in the language's digits, no grouping. */
export function formatDigits(value: string | number, lang: Language = 'en'): string {
  const s = String(value);
  return lang === 'bn' ? s.replace(/[0-9]/g, (d) => BANGLA_DIGITS[Number(d)]!) : s;
}

/** An amount in poisha: '15,00,000 Tk' / '১৫,০০,০০০ টাকা' (paisa shown only when present). */
export function formatTk(poisha: number, lang: Language = 'en'): string {
  const tk = poisha / POISHA_PER_TK;
  const digits = Number.isInteger(tk) ? 0 : 2;
  const figure = numberFormat(lang, digits).format(tk);
  return lang === 'bn' ? `${figure} টাকা` : `${figure} Tk`;
}

/** An amount in whole taka (form hints, limits): same as formatTk. */
export function formatWholeTk(tk: number, lang: Language = 'en'): string {
  return formatTk(tk * POISHA_PER_TK, lang);
}

type DateInput = Date | string | number;

/** A date in Dhaka: '23 Nov 2026' / '২৩ নভে, ২০২৬'. */
export function formatDate(at: DateInput, lang: Language = 'en'): string {
  return dateFormat(lang, 'date').format(new Date(at));
}

/** A date and time in Dhaka: '23 Nov 2026, 4:41 pm' / '২৩ নভে, ২০২৬ ৪:৪১ অপরাহ্ণ'. */
export function formatDateTime(at: DateInput, lang: Language = 'en'): string {
  const text = dateFormat(lang, 'dateTime').format(new Date(at));
  // The Bangla locale data keeps the Latin AM/PM; Bangla readers write পূর্বাহ্ণ/অপরাহ্ণ.
  return lang === 'bn' ? text.replace(/\bAM\b/, 'পূর্বাহ্ণ').replace(/\bPM\b/, 'অপরাহ্ণ') : text;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** How long ago (or until): '2 hours ago' / '২ ঘণ্টা আগে'. */
export function formatRelative(
  at: DateInput,
  lang: Language = 'en',
  now: DateInput = Date.now(),
): string {
  const seconds = (new Date(at).getTime() - new Date(now).getTime()) / 1000;
  const rtf = new Intl.RelativeTimeFormat(LOCALE[lang], { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return rtf.format(Math.round(seconds / size), unit);
    }
  }
  return rtf.format(0, 'second');
}
