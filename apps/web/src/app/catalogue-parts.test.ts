import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import bn from '@easyfund/shared/i18n/bn.json';
import { PAGES, type PageName } from '@easyfund/shared/pages';
import {
  DASHBOARD_FEATURES,
  readSources,
  splitCatalogue,
  textOf,
  usedIn,
} from '../../build/catalogue-parts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('the Bangla catalogue in two parts for the browser', () => {
  it('puts a text where it is written: site (and shared) first, then dashboard; server-only texts stay out', () => {
    const parts = splitCatalogue(
      {
        'Donate Now': 'এখনই দান করুন',
        'Manage Users': 'ব্যবহারকারী ব্যবস্থাপনা',
        'Both places': 'দুই জায়গায়',
        'Your receipt is attached': 'আপনার রসিদ সংযুক্ত',
        'Built at run time': 'চলার সময় তৈরি',
        '{{n}} donations_one': '{{n}}টি দান',
        '{{n}} donations_other': '{{n}}টি দান',
        "Don't worry": 'চিন্তা করবেন না',
      },
      {
        site: `t('Donate Now'); t('Both places'); t('Don\\'t worry');`,
        dashboard: `t('Manage Users'); t('Both places'); tn('{{n}} donations', n);`,
        server: `translate(lang, 'Your receipt is attached')`,
      },
    );
    expect(parts.site).toEqual({
      'Donate Now': 'এখনই দান করুন',
      'Both places': 'দুই জায়গায়',
      'Built at run time': 'চলার সময় তৈরি',
      "Don't worry": 'চিন্তা করবেন না',
    });
    expect(parts.dashboard).toEqual({
      'Manage Users': 'ব্যবহারকারী ব্যবস্থাপনা',
      '{{n}} donations_one': '{{n}}টি দান',
      '{{n}} donations_other': '{{n}}টি দান',
    });
  });

  it('splits the real catalogue without losing a text the browser shows', () => {
    const sources = readSources(ROOT);
    const parts = splitCatalogue(bn, sources);
    const inParts = new Set([...Object.keys(parts.site), ...Object.keys(parts.dashboard)]);
    for (const key of Object.keys(parts.site)) expect(parts.dashboard).not.toHaveProperty(key);
    // What the parts leave out is written in the server's code and nowhere in the browser's.
    for (const key of Object.keys(bn).filter((k) => !inParts.has(k))) {
      const text = textOf(key);
      expect(usedIn(sources.server, text), key).toBe(true);
      expect(usedIn(sources.site, text) || usedIn(sources.dashboard, text), key).toBe(false);
    }
    // The first page carries less than the whole catalogue.
    expect(Object.keys(parts.site).length).toBeLessThan(Object.keys(bn).length);
    expect(Object.keys(parts.dashboard).length).toBeGreaterThan(0);
  });

  it("carries the payment messages the server stores and the browser shows (a wallet's cancel or failure)", () => {
    const parts = splitCatalogue(bn, readSources(ROOT));
    for (const text of [
      'You cancelled the payment. No money was taken.',
      'The payment failed at the gateway. No money was taken.',
      'The payment was not completed.',
    ]) {
      expect(bn, text).toHaveProperty([text]);
      expect(parts.dashboard, text).toHaveProperty([text]);
    }
  });

  it("loads the dashboard's features only on dashboard pages (its texts come with its layout)", () => {
    const router = readFileSync(join(ROOT, 'apps/web/src/app/router.tsx'), 'utf8');
    const modules = [...router.matchAll(/^\s+(\w+): \(\) =>\s+import\('\.\.\/features\/(\w+)\//gm)];
    expect(modules.length).toBe(Object.keys(PAGES).length);
    for (const [, page, feature] of modules) {
      const area = PAGES[page as PageName].area;
      if ((DASHBOARD_FEATURES as readonly string[]).includes(feature!))
        expect(area, `${page} (features/${feature})`).toBe('dashboard');
    }
  });
});
