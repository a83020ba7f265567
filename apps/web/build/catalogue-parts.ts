import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The Bangla catalogue (packages/shared/src/i18n/bn.json) stays one file for translators,
 * the server and the tests. The browser gets it in two parts, made at build time:
 *
 * - `site`: every text of the public pages, the layouts and the shared code (validation
 *   messages, page titles, statuses), and every text whose use cannot be seen in the
 *   sources (built at run time) — loaded with the first Bangla page;
 * - `dashboard`: the texts written only in the dashboard's features — loaded with the
 *   dashboard's layout, so a visitor's first Bangla page does not carry them.
 *
 * Texts written only in the server (mails, PDFs, its own error messages: it answers them
 * already translated) are left out of both.
 *
 * The dashboard's features are imported by no public page (the import boundaries forbid a
 * feature to import another) and all their pages are in the dashboard area (a test checks
 * the page table), so their texts are never needed before the dashboard's layout loads.
 */
export const DASHBOARD_FEATURES = ['admin', 'dashboard', 'donations', 'raising'] as const;
/** Files outside those features that only the dashboard loads. */
const DASHBOARD_FILES = ['app/layout/dashboard-layout.tsx'];
/**
 * Server files whose texts the browser shows as data, translating them itself: a payment's
 * failure or review message, stored with the payment and shown on the pay page and in
 * Payment History (both dashboard pages). Their texts go with the dashboard's part.
 */
export const SHOWN_SERVER_FILES = [
  'modules/payments/checkout.ts',
  'modules/payments/deps.ts',
  'modules/payments/declines.ts',
  'modules/payments/providers/test-cards.ts',
  'modules/payments/providers/stripe-provider.ts',
];

export type Catalogue = Record<string, string>;
export type CataloguePart = 'site' | 'dashboard';

/** i18next's plural suffixes (Intl.PluralRules' categories). */
const PLURAL_FORMS = 'zero|one|two|few|many|other';
export const PLURAL = new RegExp(`_(${PLURAL_FORMS})$`);
/** A counted text's forms: its plural forms and, where a language has one, `_more` ("at least n"). */
export const FORM = new RegExp(`_(${PLURAL_FORMS}|more)$`);

/** `{{n}} donations_other` → `{{n}} donations`: the text a form of a counted text belongs to. */
export const textOf = (key: string) => key.replace(FORM, '');

/** The ways a text can be written in a source file: as is, or escaped in quotes. */
function spellings(text: string): string[] {
  return [...new Set([text, JSON.stringify(text).slice(1, -1), text.replace(/'/g, "\\'")])];
}

/** Whether a text is written in a source, in any of its spellings. */
export const usedIn = (source: string, text: string) =>
  spellings(text).some((s) => source.includes(s));

/**
 * Splits a catalogue by where its texts are written: `site`, `dashboard` and `server` are
 * the concatenated sources of each place (the shared package counts as `site`).
 */
export function splitCatalogue(
  catalogue: Catalogue,
  sources: { site: string; dashboard: string; server: string },
): Record<CataloguePart, Catalogue> {
  const parts: Record<CataloguePart, Catalogue> = { site: {}, dashboard: {} };
  for (const [key, value] of Object.entries(catalogue)) {
    const text = textOf(key);
    if (usedIn(sources.site, text)) parts.site[key] = value;
    else if (usedIn(sources.dashboard, text)) parts.dashboard[key] = value;
    else if (!usedIn(sources.server, text)) parts.site[key] = value;
  }
  return parts;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The repository's sources, read for {@link splitCatalogue}. */
export function readSources(repoRoot: string) {
  const web = path.join(repoRoot, 'apps/web/src');
  const dashboardDirs = [
    ...DASHBOARD_FEATURES.map((f) => path.join(web, 'features', f)),
    ...DASHBOARD_FILES.map((f) => path.join(web, f)),
  ];
  const isDashboard = (file: string) =>
    dashboardDirs.some((d) => file === d || file.startsWith(`${d}${path.sep}`));
  const read = (files: string[]) => files.map((f) => readFileSync(f, 'utf8')).join('\n');
  const webFiles = sourceFiles(web);
  return {
    site: read([
      ...webFiles.filter((f) => !isDashboard(f)),
      ...sourceFiles(path.join(repoRoot, 'packages/shared/src')),
    ]),
    dashboard: read([
      ...webFiles.filter(isDashboard),
      ...SHOWN_SERVER_FILES.map((f) => path.join(repoRoot, 'apps/server/src', f)),
    ]),
    server: read(sourceFiles(path.join(repoRoot, 'apps/server/src'))),
  };
}
