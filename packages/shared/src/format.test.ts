import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatRelative, formatTk } from './format';
import { negotiateLanguage, readCookie } from './i18n/languages';

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
