import { describe, expect, it } from 'vitest';
import { bangla, countedKeys, english, FORM, PLURAL } from '../../build/catalogue-sources';

/** The counted texts of the code against the plural forms of both catalogues. */

describe('the message catalogues: plural forms, both ways', () => {
  const counted = countedKeys();
  // The forms each language needs, from the rules i18next follows (Intl.PluralRules):
  // English one/other, Bangla one (0 and 1) and other.
  const forms = {
    en: new Intl.PluralRules('en').resolvedOptions().pluralCategories,
    bn: new Intl.PluralRules('bn').resolvedOptions().pluralCategories,
  };
  const catalogues = { en: english, bn: bangla };
  const bases = (catalogue: Record<string, string>) =>
    new Set(
      Object.keys(catalogue)
        .filter((k) => PLURAL.test(k))
        .map((k) => k.replace(PLURAL, '')),
    );

  it('finds the counted texts in the code', () => {
    for (const known of ['{{n}} donations', 'Running for {{n}} days', 'Total ({{n}} donations)'])
      expect(counted.has(known), known).toBe(true);
  });

  it('holds only plural forms in the English catalogue (English texts are their own keys)', () => {
    expect(Object.keys(english).filter((k) => !PLURAL.test(k))).toEqual([]);
  });

  it('has an "at least n" form (`_more`) only of a counted text with its plural forms, and with {{n}}', () => {
    const problems: string[] = [];
    for (const lang of ['en', 'bn'] as const) {
      for (const key of Object.keys(catalogues[lang]).filter((k) => k.endsWith('_more'))) {
        const base = key.replace(FORM, '');
        if (!counted.has(base)) problems.push(`${lang}.json: ${base} is not counted in the code`);
        if (!bases(catalogues[lang]).has(base))
          problems.push(`${lang}.json has ${key} without the plural forms of ${base}`);
        if (!catalogues[lang][key]!.includes('{{n}}'))
          problems.push(`${lang}.json: ${key} lacks {{n}}`);
      }
    }
    expect(problems).toEqual([]);
    expect(bangla['{{n}} users_more']).toBeDefined();
  });

  it('gives every counted text each plural form of each language', () => {
    const missing = [...counted].flatMap(([key, file]) =>
      (['en', 'bn'] as const).flatMap((lang) =>
        forms[lang]
          .filter((form) => !catalogues[lang][`${key}_${form}`])
          .map((form) => `${lang}.json lacks ${key}_${form} (${file})`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('has a plural text in one catalogue only when the other has it too, and the code counts it', () => {
    const problems: string[] = [];
    for (const lang of ['en', 'bn'] as const) {
      const other = lang === 'en' ? 'bn' : 'en';
      for (const key of Object.keys(catalogues[lang]).filter((k) => PLURAL.test(k))) {
        const base = key.replace(PLURAL, '');
        const form = PLURAL.exec(key)![1] as Intl.LDMLPluralRule;
        if (!forms[lang].includes(form))
          problems.push(`${lang}.json: ${key} is not a form of ${lang}`);
        if (!bases(catalogues[other]).has(base))
          problems.push(`${lang}.json has ${key}, ${other}.json has no forms of it`);
        if (!counted.has(base)) problems.push(`${lang}.json: ${base} is not counted in the code`);
      }
    }
    // A counted text is looked up by its forms only: a bare Bangla key would never show.
    for (const base of bases(english))
      if (base in bangla) problems.push(`bn.json: ${base} has no plural suffix`);
    expect(problems).toEqual([]);
  });
});
