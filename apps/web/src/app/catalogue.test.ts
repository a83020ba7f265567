import { describe, expect, it } from 'vitest';
import { bangla, FORM, hasKey, usedKeys } from '../../build/catalogue-sources';

/**
 * The catalogues against the code: every text a person can see is keyed by its English
 * wording, so the Bangla catalogue must hold every such key (the English one only the
 * plural forms, catalogue-plurals.test.ts). The texts are found by build/catalogue-sources.ts.
 */

describe('the message catalogues', () => {
  const used = usedKeys();

  it('finds the texts in the code', () => {
    expect(used.size).toBeGreaterThan(300);
    for (const known of [
      'Donate Now',
      'Both passord did not matched!',
      'Page {{page}} of {{pages}}',
    ])
      expect(used.has(known), known).toBe(true);
  });

  it('has a Bangla translation of every text the code shows', () => {
    const missing = [...used].filter(([key]) => !hasKey(bangla, key)).map(([k, f]) => `${f}: ${k}`);
    expect(missing).toEqual([]);
  });

  it('has no Bangla text for a key that is not English in the code (typos, stale keys)', () => {
    const stale = Object.keys(bangla)
      .map((k) => k.replace(FORM, ''))
      .filter((k) => !used.has(k));
    expect([...new Set(stale)]).toEqual([]);
  });

  it('keeps the placeholders of each text in its translation', () => {
    const names = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    const wrong = Object.entries(bangla)
      .filter(([key, value]) => {
        const k = names(key.replace(FORM, '')).filter((n) => n !== 'count');
        const v = names(value).filter((n) => n !== 'count');
        return JSON.stringify([...new Set(k)]) !== JSON.stringify([...new Set(v)]);
      })
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it('translates into Bangla script, not English again', () => {
    const english = Object.entries(bangla)
      .map(([key, value]) => [key, value.replace(/\{\{[^}]*\}\}/g, '')] as const)
      // words, not only figures and acronyms (CVC), must be in Bangla script
      .filter(([, value]) => /[a-z]/.test(value) || /^[^A-Za-z]*$/.test(value) === false)
      .filter(([, value]) => !/^[A-Z]{2,}$/.test(value) && !/[\u0980-\u09FF]/.test(value))
      .map(([key]) => key);
    expect(english).toEqual([]);
  });
});
