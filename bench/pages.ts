/**
 * `npm run bench:pages [-- --runs 3] [-- --no-lighthouse]`
 *
 * Builds the web app and the server, runs the compiled server as `npm start` does
 * (plain node, NODE_ENV=production, a fresh data directory, demo data) and measures the public pages as a visitor's browser sees them,
 * in English and in Bangla (the language cookie):
 *   1. where each of those pages' first load goes: the build's `bundle-report.json`, file
 *      by file and package by package (apps/web/build/page-chunks.ts);
 *   2. the JavaScript loaded on a first visit to `/`, `/donatenow` and the fund with the
 *      most donors (every script the page fetches until the network is idle), gzipped:
 *      home at most 125 KB in English and 140 KB in Bangla, the two others within 10 KB
 *      of that;
 *   3. Lighthouse (default config = mobile preset, Debian's Chromium) on those three
 *      pages, `--runs` times each (median per measure): performance ≥ 95, largest
 *      contentful paint ≤ 1.8 s, total blocking time ≤ 200 ms, cumulative layout shift
 *      ≤ 0.02, accessibility 100, best practices and SEO ≥ 95. Beside each page's scores:
 *      Lighthouse's benchmark index of the machine in those runs (the scores follow the
 *      machine's speed: a busy or slow machine scores lower) and the app's first render
 *      as Lighthouse observed it (the `app-first-render` measure).
 * Prints each goal MET or MISSED, writes bench/results/pages.json and exits non-zero when
 * a goal is missed. `--no-lighthouse`: the bytes only.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { type Language, LANGUAGE_COOKIE, LANGUAGES } from '../packages/shared/src/i18n/languages';
import { startServer } from '../apps/server/test/support/server-process';
import type { PageLoad } from '../apps/web/build/page-chunks';
import { buildServer, buildWeb, flag, hasFlag, machine, median, repoRoot } from './lib/kit';

const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const BARS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
};
/** Under Lighthouse's mobile throttling, at most: largest contentful paint and total
 *  blocking time (ms), cumulative layout shift. */
const LCP_LIMIT_MS = 1800;
const TBT_LIMIT_MS = 200;
const CLS_LIMIT = 0.02;
/** The home page's first load, gzipped, at most; the fund list and a fund page may
 *  carry {@link OTHER_PAGES_MARGIN} more. */
const HOME_JS_LIMIT: Record<Language, number> = { en: 125 * 1024, bn: 140 * 1024 };
const OTHER_PAGES_MARGIN = 10 * 1024;
/** The page table's names of the measured pages (`bundle-report.json`). */
const PAGE_NAMES: Record<string, string> = {
  '/': 'home',
  '/donatenow': 'donateNow',
  '/donatenow/:id': 'fundDetails',
};
const runs = Math.max(1, flag('runs', 3));
const withLighthouse = !hasFlag('no-lighthouse');
const log = (...a: unknown[]) => console.error(...a);

interface ScriptSize {
  url: string;
  bytes: number;
  gzipBytes: number;
}

/** Every script a page loads until the network is idle in a language, gzipped. */
async function measurePageJs(
  origin: string,
  pagePath: string,
  lang: Language,
): Promise<ScriptSize[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext();
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: origin }]);
    const page = await context.newPage();
    const pending: Promise<ScriptSize | null>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(
        res
          .body()
          .then((body) => ({
            url: new URL(res.url()).pathname,
            bytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          }))
          .catch(() => null),
      );
    });
    await page.goto(`${origin}${pagePath}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    return (await Promise.all(pending)).filter((s): s is ScriptSize => s !== null);
  } finally {
    await browser.close();
  }
}

interface PageResult {
  path: string;
  lang: Language;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's benchmark index of the machine during this page's runs (median). */
  benchmarkIndex: number;
  /** The app's first render (the `app-first-render` measure, src/main.tsx), observed by
   *  Lighthouse before its simulated slowdown: median of the runs, ms. */
  firstRenderMs: number | null;
  scores: Record<Category, number>;
  runs: Record<Category, number>[];
  metrics: Record<string, string | undefined>;
  failedAudits: string[];
}

/** Lighthouse's own yardstick of the machine's speed, one per run (higher is faster). */
const benchmarkIndexes: number[] = [];
interface UserTiming {
  name: string;
  duration?: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One Lighthouse run in a fresh Chromium; a run that fails to record is tried again. */
async function lighthouseRun(url: string, lang: Language, attempts = 3): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        extraHeaders: { Cookie: `${LANGUAGE_COOKIE}=${lang}` },
      });
      if (!result) throw new Error('Lighthouse returned nothing');
      if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
      return result.lhr;
    } catch (err) {
      if (attempt >= attempts) throw new Error(`${url}: ${String(err)}`, { cause: err });
      log(`  (run failed: ${String(err)}; trying again)`);
    } finally {
      chrome.kill();
    }
  }
}

async function audit(origin: string, pagePath: string, lang: Language): Promise<PageResult> {
  const all: Record<Category, number>[] = [];
  const lcps: number[] = [];
  const tbts: number[] = [];
  const clss: number[] = [];
  const indexes: number[] = [];
  const firstRenders: number[] = [];
  let metrics: Record<string, string | undefined> = {};
  let failedAudits: string[] = [];
  for (let i = 0; i < runs; i++) {
    const lhr = await lighthouseRun(`${origin}${pagePath}`, lang);
    lcps.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity);
    tbts.push(lhr.audits['total-blocking-time']?.numericValue ?? Infinity);
    clss.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity);
    indexes.push(lhr.environment.benchmarkIndex);
    benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    const timings = (lhr.audits['user-timings']?.details as { items?: UserTiming[] } | undefined)
      ?.items;
    const firstRender = timings?.find((t) => t.name === 'app-first-render' && t.duration);
    if (firstRender?.duration) firstRenders.push(firstRender.duration);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    all.push(scores);
    log(
      `  ${pagePath} (${lang}) run ${i + 1}/${runs}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}; benchmark index ${lhr.environment.benchmarkIndex}`,
    );
    if (i === 0 || scores.performance === median(all.map((r) => r.performance))) {
      const a = lhr.audits;
      metrics = {
        'first-contentful-paint': a['first-contentful-paint']?.displayValue,
        'largest-contentful-paint': a['largest-contentful-paint']?.displayValue,
        'total-blocking-time': a['total-blocking-time']?.displayValue,
        'cumulative-layout-shift': a['cumulative-layout-shift']?.displayValue,
        'speed-index': a['speed-index']?.displayValue,
      };
      failedAudits = Object.values(lhr.categories)
        .flatMap((cat) => cat.auditRefs.filter((r) => r.weight > 0).map((r) => r.id))
        .filter((id) => {
          const s = a[id]?.score;
          return typeof s === 'number' && s < 0.9;
        });
    }
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, median(all.map((r) => r[c]))]),
  ) as Record<Category, number>;
  return {
    path: pagePath,
    lang,
    lcpMs: Math.round(median(lcps)),
    tbtMs: Math.round(median(tbts)),
    cls: Math.round(median(clss) * 1000) / 1000,
    benchmarkIndex: Math.round(median(indexes)),
    firstRenderMs: firstRenders.length ? Math.round(median(firstRenders)) : null,
    scores,
    runs: all,
    metrics,
    failedAudits: [...new Set(failedAudits)],
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Each measured page's first load as the build reports it, largest parts first. */
function printBundleReport(webDist: string) {
  const report = JSON.parse(
    readFileSync(path.join(webDist, 'bundle-report.json'), 'utf8'),
  ) as Record<string, PageLoad>;
  console.log("\nWhere the first load goes (the build's bundle-report.json, English):");
  for (const [route, name] of Object.entries(PAGE_NAMES)) {
    const load = report[name];
    if (!load) continue;
    console.log(
      `  ${route} (${name}): ${kb(load.gzipBytes)} gzipped in ${load.files.length} files`,
    );
    const files = [...load.files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 6);
    console.log(`    files:    ${files.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ')}`);
    console.log(
      `    packages: ${load.packages
        .slice(0, 8)
        .map((p) => `${p.name} ${kb(p.bytes)}`)
        .join(', ')} (before minifying)`,
    );
  }
  return report;
}

async function main() {
  const startedAt = new Date();
  const env = machine();
  log('Building the web app…');
  const webDist = buildWeb();
  log('Compiling the server…');
  buildServer();
  log('Starting the compiled production server with demo data…');
  const server = await startServer({
    name: 'bench-pages',
    compiled: true,
    env: { WEB_DIST: webDist, SEED_DEMO: 'true' },
    // A fresh data directory: migrations and the demo data first (longer on a busy machine).
    timeoutMs: 180_000,
  });
  try {
    const origin = server.url;
    // The fund with the most donors: the fullest donor wall of the demo data.
    const funds = (await (
      await fetch(`${origin}/api/funds?pageSize=1&sort=most-donors`)
    ).json()) as { items: { id: string }[] };
    const fundId = funds.items[0]?.id;
    if (!fundId) throw new Error('the demo data has no approved fund');
    const measured = ['/', '/donatenow', `/donatenow/${fundId}`];
    const shown = (p: string) => p.replace(fundId, ':id');

    const bundleReport = printBundleReport(webDist);

    const pageJs: { path: string; lang: Language; gzipBytes: number; scripts: ScriptSize[] }[] = [];
    for (const lang of LANGUAGES)
      for (const p of measured) {
        log(`Measuring the JavaScript loaded for ${shown(p)} (${lang}) …`);
        const scripts = await measurePageJs(origin, p, lang);
        pageJs.push({
          path: shown(p),
          lang,
          gzipBytes: scripts.reduce((n, s) => n + s.gzipBytes, 0),
          scripts,
        });
      }

    const pages: PageResult[] = [];
    if (withLighthouse)
      for (const lang of LANGUAGES)
        for (const p of measured) {
          log(`Lighthouse ${shown(p)} (${lang}) …`);
          pages.push(await audit(origin, p, lang));
        }

    const goals: { goal: string; value: string; met: boolean }[] = [];
    for (const js of pageJs) {
      const limit = HOME_JS_LIMIT[js.lang] + (js.path === '/' ? 0 : OTHER_PAGES_MARGIN);
      goals.push({
        goal: `JavaScript for ${js.path} (${js.lang}), gzipped ≤ ${kb(limit)}`,
        value: kb(js.gzipBytes),
        met: js.gzipBytes <= limit,
      });
    }
    for (const page of pages) {
      const where = `${page.path.replace(fundId, ':id (most donors)')} (${page.lang})`;
      const index = `benchmark index ${page.benchmarkIndex}`;
      for (const c of CATEGORIES)
        goals.push({
          goal: `${where}: ${c} ${BARS[c] === 100 ? '= 100' : `≥ ${BARS[c]}`}`,
          value: `${page.scores[c]} (${index})`,
          met: page.scores[c] >= BARS[c],
        });
      goals.push({
        goal: `${where}: largest contentful paint ≤ ${LCP_LIMIT_MS / 1000} s`,
        value: `${(page.lcpMs / 1000).toFixed(2)} s (${index})`,
        met: page.lcpMs <= LCP_LIMIT_MS,
      });
      goals.push({
        goal: `${where}: total blocking time ≤ ${TBT_LIMIT_MS} ms`,
        value: `${page.tbtMs} ms (${index})`,
        met: page.tbtMs <= TBT_LIMIT_MS,
      });
      goals.push({
        goal: `${where}: cumulative layout shift ≤ ${CLS_LIMIT}`,
        value: `${page.cls} (${index})`,
        met: page.cls <= CLS_LIMIT,
      });
    }
    const failures = goals.filter((g) => !g.met).map((g) => `${g.goal}: ${g.value}`);

    for (const js of pageJs) {
      console.log(`\nJavaScript for ${js.path} (${js.lang}): ${kb(js.gzipBytes)} gzipped`);
      for (const s of js.scripts) console.log(`  ${kb(s.gzipBytes).padStart(9)}  ${s.url}`);
    }
    if (pages.length) {
      console.log('\nLighthouse (mobile, median of %d runs)', runs);
      console.log(
        `${'page'.padEnd(20)} ${'lang'.padEnd(5)}${CATEGORIES.map((c) => c.padStart(15)).join('')}${'LCP'.padStart(8)}${'TBT'.padStart(9)}${'CLS'.padStart(7)}${'1st render'.padStart(12)}${'bench index'.padStart(13)}`,
      );
      for (const p of pages)
        console.log(
          `${shown(p.path).padEnd(20)} ${p.lang.padEnd(5)}${CATEGORIES.map((c) => String(p.scores[c]).padStart(15)).join('')}${`${(p.lcpMs / 1000).toFixed(2)}s`.padStart(8)}${`${p.tbtMs}ms`.padStart(9)}${String(p.cls).padStart(7)}${(p.firstRenderMs === null ? '-' : `${p.firstRenderMs} ms`).padStart(12)}${String(p.benchmarkIndex).padStart(13)}`,
        );
      console.log(
        `Lighthouse's benchmark index of this machine (median of all runs): ${median(benchmarkIndexes)}`,
      );
    }
    console.log('\nGoals:');
    for (const g of goals) console.log(`  ${g.met ? 'MET   ' : 'MISSED'} ${g.goal}: ${g.value}`);

    const results = {
      command: `npm run bench:pages${withLighthouse ? '' : ' -- --no-lighthouse'}`,
      date: startedAt.toISOString(),
      durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
      machine: env,
      server: 'compiled (apps/server/dist, plain node), NODE_ENV=production, demo data',
      lighthouse: withLighthouse
        ? {
            version: '12',
            preset: 'mobile (default config)',
            runsPerPage: runs,
            benchmarkIndex: median(benchmarkIndexes),
          }
        : null,
      bars: {
        homeJsGzipBytesMax: HOME_JS_LIMIT,
        otherPagesJsMarginBytes: OTHER_PAGES_MARGIN,
        largestContentfulPaintMsMax: LCP_LIMIT_MS,
        totalBlockingTimeMsMax: TBT_LIMIT_MS,
        cumulativeLayoutShiftMax: CLS_LIMIT,
        ...BARS,
      },
      bundleReport: Object.fromEntries(
        Object.entries(PAGE_NAMES).map(([route, name]) => [route, bundleReport[name]]),
      ),
      pageJavaScript: pageJs,
      goals,
      pages: pages.map((p) => ({ ...p, path: shown(p.path), example: p.path })),
      pass: failures.length === 0,
      failures,
    };
    const out = path.join(repoRoot, 'bench/results/pages.json');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(repoRoot, out)}`);
    if (failures.length) {
      console.log(`\nMISSED:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log('\nEvery goal met.');
    }
  } finally {
    await server.stop();
    rmSync(webDist, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
