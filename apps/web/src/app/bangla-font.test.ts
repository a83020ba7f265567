import { describe, expect, it } from 'vitest';
import bn from '@easyfund/shared/i18n/bn.json';
import { LANGUAGE_NAMES } from '@easyfund/shared/i18n/languages';
import { siteBengaliCharacters, unicodeRange } from '../../build/bangla-name-font';

describe("the site's Bengali subset", () => {
  it('holds every Bengali letter of the catalogue, every digit and the taka sign', () => {
    const chars = new Set(siteBengaliCharacters());
    const used = `${Object.values(bn).join('')}${LANGUAGE_NAMES.bn}০১২৩৪৫৬৭৮৯৳`;
    const missing = [...new Set(used.match(/[\u0980-\u09FF]/gu))].filter((c) => !chars.has(c));
    expect(missing).toEqual([]);
    // Nothing but Bengali letters, the dandas and the joiners.
    expect([...chars].join('')).toMatch(/^[\u0980-\u09FF\u0964\u0965\u200C\u200D]+$/u);
  });

  it('declares exactly its letters as the unicode-range, in runs', () => {
    expect(unicodeRange(['ক', 'খ', 'গ', 'ঘ', 'ট', '\u200C', '\u200D'])).toBe(
      'U+0995-0998,U+099F,U+200C-200D',
    );
  });
});
