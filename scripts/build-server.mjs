#!/usr/bin/env node
// Compiles the server to plain JavaScript in apps/server/dist, so production runs with
// `node` and no TypeScript loader. The server, the workspace's own TypeScript
// (@easyfund/shared) and most npm packages are bundled: resolving and reading hundreds of
// module files was most of the start-up. Packages that find files of their own at run
// time (WebAssembly, native code, font metrics) or that load only on demand stay external
// and are resolved from node_modules. The embedded database's worker is bundled beside
// it, and the migrations are copied there. `--outDir <dir>` builds elsewhere (the test
// run builds once into a folder of its own, shared by every browser run).
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/server/src');
const { values } = parseArgs({ options: { outDir: { type: 'string' } } });
const out = values.outDir ? path.resolve(values.outDir) : path.join(root, 'apps/server/dist');

/**
 * npm packages left external: they read files beside their own code (the PGlite
 * WebAssembly and its data, sharp's native library, pdfkit's font metrics, tinypool's
 * thread entry), are optional native add-ons of others, or load only on first use (the
 * S3 SDK).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'sharp',
  'pdfkit',
  'tinypool',
  '@aws-sdk/*',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  'fsevents',
];

/** Bundled CommonJS packages call require() for Node's built-ins. */
const REQUIRE_BANNER = {
  js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
};

/**
 * node-postgres asks, as it loads, whether it runs in a Cloudflare Worker: on a runtime
 * without `navigator` (Node 20) by building a `Response`, which loads Node's whole fetch
 * implementation (undici, ~30 ms of a restart, nothing else of the server's start needs
 * it). The compiled server runs on Node only: the question is answered "no" at build
 * time. A node-postgres whose check reads otherwise fails the build.
 */
const PG_CLOUDFLARE_CHECK = /^function isCloudflareRuntime\(\) \{$/m;
const nodeOnlyPostgres = {
  name: 'node-only-postgres',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ }, (args) => {
      const code = readFileSync(args.path, 'utf8');
      if (!PG_CLOUDFLARE_CHECK.test(code)) {
        return { errors: [{ text: `pg's Cloudflare check not found in ${args.path}` }] };
      }
      return {
        contents: code.replace(
          PG_CLOUDFLARE_CHECK,
          'function isCloudflareRuntime() {\n  return false\n}\nfunction isCloudflareRuntimeUnused() {',
        ),
        loader: 'js',
      };
    });
  },
};

/**
 * zod puts every one of its ~50 languages' error messages (~300 KB, half of zod as the
 * server loads it before anything else) under `z.locales`, used by nothing here: its
 * default, English, is set by its schemas themselves. The compiled server's `z.locales`
 * holds English only.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic|core)$/.test(args.resolveDir)
        ? { path: path.join(args.resolveDir, '../locales/en.js'), namespace: 'zod-locales' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * The server's thread reaches the embedded database through its worker (db/pglite-remote.ts),
 * yet drizzle's PGlite driver imports PGlite (~0.5 MB of code to compile and run on Node 20)
 * for two things: PostgreSQL's type ids, which its parsers are keyed by, and a PGlite to
 * make when it is given none (the server always gives it its client). In the server's
 * bundle the driver gets those type ids, read from PGlite here, and a PGlite loaded only
 * if one is made. The database worker's bundle too: there the real import, hoisted to the
 * top of the bundle, loaded PGlite before the worker's first line turned Node's compile
 * cache on (Node 22 and later), so PGlite's ~0.5 MB was compiled afresh on every start.
 */
const { types: PGLITE_TYPES } = await import('@electric-sql/pglite');
const drizzleWithoutPglite = {
  name: 'drizzle-without-pglite',
  setup(b) {
    b.onResolve({ filter: /^@electric-sql\/pglite$/ }, (args) =>
      /[\\/]node_modules[\\/]drizzle-orm[\\/]pglite$/.test(args.resolveDir)
        ? { path: 'drizzle-pglite', namespace: 'drizzle-pglite' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'drizzle-pglite' }, () => ({
      contents: [
        `export const types = ${JSON.stringify(PGLITE_TYPES)};`,
        "export function PGlite(...args) { return new (require('@electric-sql/pglite').PGlite)(...args); }",
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/** What the server's bundle and its database worker's have in common. */
const COMMON = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Stack traces need the mappings only; the sources are in the repository. Node keeps
  // every loaded map in memory (about 9 MB of an idle server with the sources inside).
  sourcesContent: false,
  // The loaded code's text stays in memory as long as the process runs: without blanks,
  // comments and dead branches it is about half as large. Names are kept for the logs.
  minifyWhitespace: true,
  minifySyntax: true,
  external: EXTERNAL,
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  plugins: [nodeOnlyPostgres, zodEnglishOnly],
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  ...COMMON,
  entryPoints: {
    main: path.join(src, 'main.ts'),
    admin: path.join(src, 'cli/admin.ts'),
    'check-ledger': path.join(src, 'cli/check-ledger.ts'),
    'reconcile-payments': path.join(src, 'cli/reconcile-payments.ts'),
    'seed-demo': path.join(src, 'cli/seed-demo.ts'),
  },
  outdir: out,
  splitting: true,
  banner: REQUIRE_BANNER,
  plugins: [...COMMON.plugins, drizzleWithoutPglite],
});
// The embedded database's worker thread, bundled on its own beside the server (which
// starts it as ./pglite-worker.mjs). Loaded from node_modules, drizzle-orm took 0.1 s to
// import on Node 20 and 0.75–0.9 s on Node 24 (most of it looking up the package.json,
// 179 KB, of each of its files). PGlite stays external: its WebAssembly and data files
// sit beside its code; the worker imports it once the compile cache is on.
await build({
  ...COMMON,
  entryPoints: [path.join(src, 'db/pglite-worker.mjs')],
  outfile: path.join(out, 'pglite-worker.mjs'),
  plugins: [...COMMON.plugins, drizzleWithoutPglite],
});
// The receipt printer's thread (modules/receipts/printer.ts starts ./printer-thread.mjs):
// pdfkit, the fonts and the texts, bundled on their own; the server's bundle no longer
// holds them.
await build({
  ...COMMON,
  entryPoints: [path.join(src, 'modules/receipts/printer-thread.ts')],
  outfile: path.join(out, 'printer-thread.mjs'),
  banner: REQUIRE_BANNER,
});
// Files the code finds next to itself at run time (import.meta.url): every output
// file sits in dist/ itself, so one copy serves them all.
cpSync(path.join(src, 'db/migrations'), path.join(out, 'migrations'), { recursive: true });
// The test checkout's page template (modules/payments/test-checkout-page.ts reads it).
cpSync(
  path.join(src, 'modules/payments/test-checkout-page.html'),
  path.join(out, 'test-checkout-page.html'),
);
console.log(`Server compiled to ${path.relative(root, out) || out}`);
