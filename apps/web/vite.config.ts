import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { transform } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { banglaNameFont } from './build/bangla-name-font';
import { readSources, splitCatalogue, type CataloguePart } from './build/catalogue-parts';
import {
  BUNDLE_REPORT_FILE,
  PAGE_CHUNKS_FILE,
  pageChunks,
  pageLoads,
  pagesLoading,
  routeModules,
  type SizedChunk,
} from './build/page-chunks';
import type { Endpoint } from '../../packages/shared/src/api/contract';
// Relative, so the config bundles the TypeScript source (a package import stays external).
import { resources } from '../../packages/shared/src/api/resources';
import { PAGES } from '../../packages/shared/src/pages';

/** Files of public/ that are scripts: copied as written, minified here (comments and
 *  all, the boot script is a third of its size minified and gzipped). */
const PUBLIC_SCRIPTS = ['boot.js'];

/**
 * Writes a .br and a .gz next to every text asset of the build (from the files as
 * written, after every other plugin), so the server sends compressed files without
 * compressing on each request (@fastify/static `preCompressed`). The public scripts are
 * minified first.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzip = promisify(gzipCallback);
  return {
    name: 'easyfund-precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const files = Object.keys(bundle).filter((f) => /\.(js|css|svg|json|txt)$/.test(f));
      // zlib runs on libuv's thread pool: the files compress in parallel.
      await Promise.all(
        [...files, ...PUBLIC_SCRIPTS].map(async (fileName) => {
          const file = path.join(outDir, fileName);
          let source = await readFile(file);
          if (PUBLIC_SCRIPTS.includes(fileName)) {
            const { code } = await transform(source.toString('utf8'), {
              loader: 'js',
              minify: true,
              target: 'es2019',
            });
            source = Buffer.from(code);
            await writeFile(file, source);
          }
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            }),
            gzip(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The web client needs only an endpoint's method and path at run time (`call()`); the
 * contracts also hold the zod schemas, which would put zod on every page (the session is
 * read everywhere, the newsletter form is in the footer). In the build, a contract module
 * (`packages/shared/src/api/<resource>.ts`) is replaced by its endpoints' methods and
 * paths, taken from the contract itself; types still come from the real file. Each contract
 * file exports its endpoints as an object named like the file, as `resources` lists it (see
 * packages/shared/src/api/resources.test.ts).
 */
function contractsWithoutSchemas(): Plugin {
  const dir = fileURLToPath(new URL('../../packages/shared/src/api/', import.meta.url));
  const byName = resources as Record<string, Record<string, Endpoint>>;
  return {
    name: 'easyfund-contracts-without-schemas',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (path.dirname(file) !== path.resolve(dir)) return null;
      const name = path.basename(file, '.ts');
      const resource = Object.hasOwn(byName, name) ? byName[name] : undefined;
      // contract.ts and resources.ts stay as they are (the app does not load the latter).
      if (!resource) return null;
      const heads = Object.fromEntries(
        Object.entries(resource).map(([key, e]) => [key, { method: e.method, path: e.path }]),
      );
      return `export const ${name} = ${JSON.stringify(heads)};\n`;
    },
  };
}

/**
 * `virtual:catalogue/bn-site` and `virtual:catalogue/bn-dashboard`: the two parts of the
 * Bangla catalogue the browser loads (see build/catalogue-parts.ts), made from bn.json and
 * the sources each time they are loaded.
 */
function bnCatalogueParts(): Plugin {
  const prefix = 'virtual:catalogue/bn-';
  const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
  const catalogueFile = path.join(repoRoot, 'packages/shared/src/i18n/bn.json');
  return {
    name: 'easyfund-bn-catalogue-parts',
    resolveId: {
      filter: { id: /^virtual:catalogue\// },
      handler: (id) => `\0${id}`,
    },
    load: {
      filter: { id: /^\0virtual:catalogue\// },
      async handler(id) {
        const part = id.slice(prefix.length + 1) as CataloguePart;
        this.addWatchFile(catalogueFile);
        const catalogue = JSON.parse(await readFile(catalogueFile, 'utf8')) as Record<
          string,
          string
        >;
        const parts = splitCatalogue(catalogue, readSources(repoRoot));
        if (!Object.hasOwn(parts, part)) throw new Error(`no catalogue part ${id}`);
        return `export default ${JSON.stringify(parts[part])};\n`;
      },
    },
  };
}

/**
 * The pages most visitors open first (the ones `bench:pages` measures): their first load
 * must not carry zod (about 25 KB gzipped), nor a form, popup, QR code, payment or
 * proof-of-work library: a form on them that validates with zod is loaded when it is
 * shown (`lazy`), a popup when it opens, and constants they need live in zod-free modules.
 */
const PAGES_WITHOUT_LIBRARIES = ['home', 'donateNow', 'fundDetails'] as const;
const FIRST_LOAD_FORBIDDEN =
  /[\\/]node_modules[\\/](zod|react-hook-form|@hookform|sweetalert2|qrcode\.react|@stripe|altcha-lib)[\\/]/;

/**
 * `page-chunks.json` in the build: each page's own JavaScript files, which the server
 * names in the page's HTML (see build/page-chunks.ts). The build fails when a page of the
 * table has no chunk, so the router and this stay in step, and when one of
 * {@link PAGES_WITHOUT_LIBRARIES} loads one of {@link FIRST_LOAD_FORBIDDEN}.
 */
function pageChunksManifest(): Plugin {
  const router = fileURLToPath(new URL('./src/app/router.tsx', import.meta.url));
  return {
    name: 'easyfund-page-chunks',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const modules = routeModules(await readFile(router, 'utf8'), path.dirname(router));
      const chunks = pageChunks(modules, bundle);
      const missing = Object.keys(PAGES).filter((name) => !chunks[name]);
      if (missing.length > 0) {
        this.error(`no chunk for the page(s) ${missing.join(', ')} in ${router}`);
      }
      const heavy = pagesLoading(PAGES_WITHOUT_LIBRARIES, chunks, bundle, FIRST_LOAD_FORBIDDEN);
      if (heavy.length > 0) {
        this.error(
          `the page(s) ${heavy.join(', ')} load zod or a form, popup, QR, payment or puzzle library on their first load`,
        );
      }
      this.emitFile({ type: 'asset', fileName: PAGE_CHUNKS_FILE, source: JSON.stringify(chunks) });
      // Where each page's first load goes, file by file and package by package (read by
      // `npm run bench:pages`; not linked from any page).
      const loads = pageLoads(
        chunks,
        bundle as unknown as Record<string, SizedChunk>,
        (code) => gzipSync(code, { level: 9 }).length,
      );
      this.emitFile({
        type: 'asset',
        fileName: BUNDLE_REPORT_FILE,
        source: `${JSON.stringify(loads, null, 1)}\n`,
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    contractsWithoutSchemas(),
    bnCatalogueParts(),
    banglaNameFont(),
    react(),
    // The server's first-render module (src/entry-server.tsx) needs neither the styles nor
    // the browser's page table and compressed copies.
    ...(isSsrBuild ? [] : [tailwindcss(), pageChunksManifest(), precompress()]),
  ],
  // The first-render module carries its libraries; it runs in the API server's Node.
  ssr: { noExternal: true, target: 'node' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    // No polyfill: a browser without `modulepreload` (Safari before 17) fetches the
    // modules when they are imported, as it would anyway.
    modulePreload: { polyfill: false },
    // Keep the build report about what the browser loads.
    reportCompressedSize: true,
  },
}));
