import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatRelative, formatTk } from './format';
import { negotiateLanguage, readCookie } from './i18n/languages';

const DAY = 24 * 3600;
/** A unit's length in seconds, as the relative format counts it (months of 30 days). */
const SECONDS_IN = {
  year: 365 * DAY,
  month: 30 * DAY,
  week: 7 * DAY,
  day: DAY,
  hour: 3600,
  minute: 60,
  second: 1,
};
/** The units from the largest down, `second` last (also for no offset at all). */
const RELATIVE_UNITS = ['year', 'month', 'week', 'day', 'hour', 'minute'] as const;

describe('Bangladeshi formats', () => {
  it('groups taka in lakh and crore, with Bangla digits in Bangla', () => {
    expect(formatTk(150_000_000)).toBe('15,00,000 Tk');
    expect(formatTk(150_000_000, 'bn')).toBe('১৫,০০,০০০ টাকা');
    expect(formatTk(1_000_000_000_00)).toBe('1,00,00,00,000 Tk');
    expect(formatTk(50_000)).toBe('500 Tk');
    expect(formatTk(50_075)).toBe('500.75 Tk');
    expect(formatTk(0, 'bn')).toBe('০ টাকা');
    expect(formatNumber(1234567, 'bn')).toBe('১২,৩৪,৫৬৭');
  });

  it('keeps the decimals of a fraction, in the language’s digits', () => {
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatNumber(2.5, 'bn')).toBe('২.৫');
    expect(formatNumber(612.36, 'bn')).toBe('৬১২.৩৬');
    expect(formatNumber(87.48)).toBe('87.48');
    expect(formatNumber(123456.5, 'bn')).toBe('১,২৩,৪৫৬.৫');
    expect(formatNumber(2.0)).toBe('2');
    expect(formatNumber(1 / 3)).toBe('0.33');
    expect(formatNumber(1 / 3, 'en', 0)).toBe('0');
  });

  it('formats every number as Intl.NumberFormat does for en-IN and bn-BD', () => {
    const values = [0, -0, 1, -1, 7, 999, 1000, -1000, 99_999, 1_00_000, 12_34_567.891, 0.005];
    values.push(NaN, Infinity, -Infinity, 1e-7, -1e-7, 1e21, -1.5e22, 2 ** 80);
    values.push(
      0.125,
      1.005,
      2.675,
      -0.004,
      1e15 + 0.5,
      123_456_789_012.34,
      Number.MAX_SAFE_INTEGER,
    );
    // A fixed sequence of "random" values, the same on every run.
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 500; i++) {
      const magnitude = 10 ** Math.floor(next() * 13);
      values.push((next() - 0.3) * magnitude, Math.round(next() * magnitude) / 100);
    }
    for (const lang of ['en', 'bn'] as const) {
      const locale = lang === 'en' ? 'en-IN' : 'bn-BD';
      for (const digits of [0, 1, 2]) {
        const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
        for (const v of values) {
          // The one deliberate difference: no "-0" for a negative that rounds to zero.
          const expected = intl.format(v).replace(/^-(?=[0০.]+$)/, '');
          expect(formatNumber(v, lang, digits), `${v}`).toBe(expected);
        }
      }
      const tk = new Intl.NumberFormat(locale, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      for (const v of values.filter((x) => !Number.isInteger(x))) {
        const poisha = Math.round(v * 100);
        if (Number.isInteger(poisha / 100)) continue;
        expect(formatTk(poisha, lang), `${poisha}`).toBe(
          `${tk.format(poisha / 100)} ${lang === 'en' ? 'Tk' : 'টাকা'}`,
        );
      }
    }
  });

  it('shows dates and times in Dhaka whatever the device’s time zone', () => {
    // 18:30 UTC is 00:30 the next day in Dhaka (UTC+6).
    const at = '2026-11-23T18:30:00Z';
    expect(formatDate(at)).toBe('24 Nov 2026');
    expect(formatDateTime(at)).toMatch(/^24 Nov 2026, 12:30\s?am$/i);
    expect(formatDate(at, 'bn')).toMatch(/^২৪ নভে/);
    expect(formatDateTime(at, 'bn')).toContain('১২:৩০');
    expect(formatDateTime(at, 'bn')).toMatch(/পূর্বাহ্ণ$/);
    expect(formatDateTime(at, 'bn')).not.toMatch(/[A-Za-z]/);
  });

  it('writes dates, times and "how long ago" as Intl does for en-GB / bn-BD in Dhaka', () => {
    const options = {
      timeZone: 'Asia/Dhaka',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    } as const;
    const clock = { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' } as const;
    const now = Date.UTC(2026, 10, 23, 12);
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (const [lang, locale] of [
      ['en', 'en-GB'],
      ['bn', 'bn-BD'],
    ] as const) {
      const date = new Intl.DateTimeFormat(locale, options);
      const dateTime = new Intl.DateTimeFormat(locale, { ...options, ...clock });
      const relative = new Intl.RelativeTimeFormat(lang === 'en' ? 'en-IN' : 'bn-BD', {
        numeric: 'auto',
      });
      for (let i = 0; i < 3000; i++) {
        // From 2010: Dhaka kept daylight saving time in the second half of 2009.
        const at = Date.UTC(2010, 0, 1) + Math.floor(next() * 40 * 365 * 24 * 3600 * 1000);
        expect(formatDate(at, lang)).toBe(date.format(at));
        const expected = dateTime.format(at).replace('AM', 'পূর্বাহ্ণ').replace('PM', 'অপরাহ্ণ');
        expect(formatDateTime(at, lang)).toBe(expected);
        // Offsets from a second to decades, past and future.
        const offset = Math.round((next() - 0.5) * 2 * 10 ** (next() * 9.5)) * 1000;
        const seconds = offset / 1000;
        const unit = RELATIVE_UNITS.find((u) => Math.abs(seconds) >= SECONDS_IN[u]) ?? 'second';
        const size = SECONDS_IN[unit];
        expect(formatRelative(now + offset, lang, now), `${offset}`).toBe(
          relative.format(Math.round(seconds / size), unit),
        );
      }
    }
  });

  it('says how long ago in both languages', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(formatRelative('2026-11-23T10:00:00Z', 'en', now)).toBe('2 hours ago');
    expect(formatRelative('2026-11-23T10:00:00Z', 'bn', now)).toBe('২ ঘণ্টা আগে');
    expect(formatRelative('2026-11-22T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatRelative('2026-11-23T11:59:30Z', 'en', now)).toBe('30 seconds ago');
  });
});

describe('the visitor’s language', () => {
  it('is the cookie’s choice, else the best of Accept-Language, else English', () => {
    expect(negotiateLanguage('bn', 'en-US')).toBe('bn');
    expect(negotiateLanguage(undefined, 'bn-BD,bn;q=0.9,en;q=0.8')).toBe('bn');
    expect(negotiateLanguage(undefined, 'en;q=0.5, bn;q=0.9')).toBe('bn');
    expect(negotiateLanguage(undefined, 'fr-FR, de;q=0.8')).toBe('en');
    expect(negotiateLanguage('xx', undefined)).toBe('en');
    expect(negotiateLanguage(undefined, 'bn;q=0')).toBe('en');
  });
  it('reads one cookie from a header', () => {
    expect(readCookie('a=1; lang=bn; b=2', 'lang')).toBe('bn');
    expect(readCookie('xlang=bn', 'lang')).toBeUndefined();
  });
});
