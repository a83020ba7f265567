/** The site's languages: English (the specification's texts) and Bangla. */
export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that remembers a visitor's choice (read by the server for `<html lang>`). */
export const LANGUAGE_COOKIE = 'lang';

/** How each language names itself in the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a request: the cookie's choice, else the best of Accept-Language. */
export function negotiateLanguage(
  cookieValue: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  if (isLanguage(cookieValue)) return cookieValue;
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q) : 1, i };
    })
    .filter((r) => r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranked) if (isLanguage(r.base)) return r.base;
  return DEFAULT_LANGUAGE;
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
