import { POISHA_PER_TK } from './constants';
import type { Language } from './i18n/languages';

/**
 * The one place amounts, counts, dates and times are formatted. Bangladeshi conventions
 * in both languages: lakh/crore grouping (15,00,000), Bangla digits in Bangla, the
 * Asia/Dhaka time zone whatever the device's.
 */
export const TIME_ZONE = 'Asia/Dhaka';

/**
 * `value` rounded half up to `digits` decimals, as whole and fraction digit strings. Like
 * Intl, it rounds the shortest decimal that names the number (6894334.55 → .6), not its
 * binary value (which `toFixed` rounds: 6894334.5499999998 → .5).
 */
function roundHalfUp(value: number, digits: number): [string, string] {
  const text = String(value);
  if (/e/i.test(text)) {
    // From 1e21 up: a whole number, its shortest digits then zeros (as Intl writes it);
    // below 1e-6, toFixed gives the zeros.
    const big = /^(\d)(?:\.(\d+))?e\+(\d+)$/.exec(text);
    if (big) {
      const significant = big[1]! + (big[2] ?? '');
      return [significant.padEnd(Number(big[3]) + 1, '0'), '0'.repeat(digits)];
    }
    const [w = '0', f = ''] = value.toFixed(digits).split('.');
    return [w, f];
  }
  const [w = '0', f = ''] = text.split('.');
  if (f.length <= digits) return [w, f.padEnd(digits, '0')];
  let kept = BigInt(w + f.slice(0, digits));
  if (f.charCodeAt(digits) >= 53 /* '5' */) kept += 1n;
  const all = kept.toString().padStart(digits + 1, '0');
  return [all.slice(0, all.length - digits), all.slice(all.length - digits)];
}

/**
 * Lakh grouping by hand: the first `Intl.NumberFormat` of a page loads the locale's ICU
 * data, the most expensive single step of a fund page's first render on a phone. Same
 * output as `Intl.NumberFormat('en-IN' | 'bn-BD')` (a test compares the two).
 */
function lakh(n: number, lang: Language, minDigits: number, maxDigits: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? '∞' : '-∞';
  const [whole, fraction] = roundHalfUp(Math.abs(n), maxDigits);
  let decimals = fraction;
  while (decimals.length > minDigits && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const head = whole.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}` : whole;
  const negative = n < 0 && /[1-9]/.test(whole + decimals);
  const text = `${negative ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''}`;
  return formatDigits(text, lang);
}

/**
 * A number in the language's digits with lakh grouping: 15,00,000 / ১৫,০০,০০০. A
 * fraction keeps up to `maxFractionDigits` decimals, without trailing zeros: 2.5 / ২.৫,
 * 612.36 / ৬১২.৩৬.
 */
export function formatNumber(n: number, lang: Language = 'en', maxFractionDigits = 2): string {
  return lakh(n, lang, 0, maxFractionDigits);
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
  const figure = lakh(tk, lang, digits, digits);
  return lang === 'bn' ? `${figure} টাকা` : `${figure} Tk`;
}

/** An amount in whole taka (form hints, limits): same as formatTk. */
export function formatWholeTk(tk: number, lang: Language = 'en'): string {
  return formatTk(tk * POISHA_PER_TK, lang);
}

type DateInput = Date | string | number;

/*
 * Dates, times and "how long ago" by hand as well, for the same reason as numbers (no
 * Intl object, no locale data to load on a page's first render), and so that every phone
 * shows the same words whatever its browser's locale data. Asia/Dhaka is UTC+6 all year
 * (no daylight saving since the end of 2009). The words are CLDR's, as Intl gives them for en-GB and
 * bn-BD (a test compares the two).
 */
const DHAKA_OFFSET_MS = 6 * 3600 * 1000;
const MONTHS: Record<Language, string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  bn: ['জানু', 'ফেব', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুল', 'আগ', 'সেপ', 'অক্টো', 'নভে', 'ডিসে'],
};
const AM_PM: Record<Language, [string, string]> = {
  en: ['am', 'pm'],
  // The Bangla locale data keeps the Latin AM/PM; Bangla readers write পূর্বাহ্ণ/অপরাহ্ণ.
  bn: ['পূর্বাহ্ণ', 'অপরাহ্ণ'],
};

/** The wall clock in Dhaka at `at`, read through the UTC getters of a shifted date. */
function dhaka(at: DateInput): Date {
  return new Date(new Date(at).getTime() + DHAKA_OFFSET_MS);
}

/** A date in Dhaka: '23 Nov 2026' / '২৩ নভে, ২০২৬'. */
export function formatDate(at: DateInput, lang: Language = 'en'): string {
  const d = dhaka(at);
  const day = formatDigits(d.getUTCDate(), lang);
  const year = formatDigits(d.getUTCFullYear(), lang);
  const month = MONTHS[lang][d.getUTCMonth()];
  return lang === 'bn' ? `${day} ${month}, ${year}` : `${day} ${month} ${year}`;
}

/** A date and time in Dhaka: '23 Nov 2026, 4:41 pm' / '২৩ নভে, ২০২৬, ৪:৪১ অপরাহ্ণ'. */
export function formatDateTime(at: DateInput, lang: Language = 'en'): string {
  const d = dhaka(at);
  const hours = d.getUTCHours();
  const clock = `${hours % 12 || 12}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${formatDate(at, lang)}, ${formatDigits(clock, lang)} ${AM_PM[lang][hours < 12 ? 0 : 1]}`;
}

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';
const UNITS: [Unit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** Per unit: the words for small counts ("yesterday"), then past and future, each [one, other]. */
type Phrases = [Record<number, string>, [string, string], [string, string]];
const RELATIVE: Record<Language, Record<Unit, Phrases>> = {
  en: {
    year: [
      { '-1': 'last year', 0: 'this year', 1: 'next year' },
      ['{n} year ago', '{n} years ago'],
      ['in {n} year', 'in {n} years'],
    ],
    month: [
      { '-1': 'last month', 0: 'this month', 1: 'next month' },
      ['{n} month ago', '{n} months ago'],
      ['in {n} month', 'in {n} months'],
    ],
    week: [
      { '-1': 'last week', 0: 'this week', 1: 'next week' },
      ['{n} week ago', '{n} weeks ago'],
      ['in {n} week', 'in {n} weeks'],
    ],
    day: [
      { '-1': 'yesterday', 0: 'today', 1: 'tomorrow' },
      ['{n} day ago', '{n} days ago'],
      ['in {n} day', 'in {n} days'],
    ],
    hour: [{ 0: 'this hour' }, ['{n} hour ago', '{n} hours ago'], ['in {n} hour', 'in {n} hours']],
    minute: [
      { 0: 'this minute' },
      ['{n} minute ago', '{n} minutes ago'],
      ['in {n} minute', 'in {n} minutes'],
    ],
    second: [
      { 0: 'now' },
      ['{n} second ago', '{n} seconds ago'],
      ['in {n} second', 'in {n} seconds'],
    ],
  },
  bn: {
    year: [
      { '-1': 'গত বছর', 0: 'এই বছর', 1: 'পরের বছর' },
      ['{n} বছর পূর্বে', '{n} বছর পূর্বে'],
      ['{n} বছরে', '{n} বছরে'],
    ],
    month: [
      { '-1': 'গত মাস', 0: 'এই মাস', 1: 'পরের মাস' },
      ['{n} মাস আগে', '{n} মাস আগে'],
      ['{n} মাসে', '{n} মাসে'],
    ],
    week: [
      { '-1': 'গত সপ্তাহ', 0: 'এই সপ্তাহ', 1: 'পরের সপ্তাহ' },
      ['{n} সপ্তাহ আগে', '{n} সপ্তাহ আগে'],
      ['{n} সপ্তাহে', '{n} সপ্তাহে'],
    ],
    day: [
      { '-2': 'গত পরশু', '-1': 'গতকাল', 0: 'আজ', 1: 'আগামীকাল', 2: 'আগামী পরশু' },
      ['{n} দিন আগে', '{n} দিন আগে'],
      ['{n} দিনের মধ্যে', '{n} দিনের মধ্যে'],
    ],
    hour: [{ 0: 'এই ঘণ্টায়' }, ['{n} ঘণ্টা আগে', '{n} ঘণ্টা আগে'], ['{n} ঘণ্টায়', '{n} ঘণ্টায়']],
    minute: [{ 0: 'এই মিনিট' }, ['{n} মিনিট আগে', '{n} মিনিট আগে'], ['{n} মিনিটে', '{n} মিনিটে']],
    second: [{ 0: 'এখন' }, ['{n} সেকেন্ড আগে', '{n} সেকেন্ড পূর্বে'], ['{n} সেকেন্ডে', '{n} সেকেন্ডে']],
  },
};

/** CLDR's plural category "one": 1 in English; 0 and 1 in Bangla. */
const isOne = (n: number, lang: Language) => n === 1 || (lang === 'bn' && n === 0);

/** How long ago (or until): '2 hours ago' / '২ ঘণ্টা আগে'. */
export function formatRelative(
  at: DateInput,
  lang: Language = 'en',
  now: DateInput = Date.now(),
): string {
  const seconds = (new Date(at).getTime() - new Date(now).getTime()) / 1000;
  const [unit, size] =
    UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? (['second', 1] as const);
  const n = Math.round(seconds / size);
  const [special, past, future] = RELATIVE[lang][unit];
  const word = special[n];
  if (word !== undefined) return word;
  const forms = n < 0 || Object.is(n, -0) ? past : future;
  const count = Math.abs(n);
  return forms[isOne(count, lang) ? 0 : 1].replace('{n}', lakh(count, lang, 0, 0));
}
