#!/usr/bin/env node
// `npm run build -w @easyfund/web [-- --outDir <dir>]`: the browser's
// build into <dir> (apps/web/dist by default), then the server's first-render module
// (src/entry-server.tsx) into <dir>/ssr, which the API server loads beside it. The
// output is emptied first (`--emptyOutDir` is accepted for the callers that pass it).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';

// Vite notes, on every build, that this config would not load with its future native
// loader (extension-less imports); the bundling loader it uses loads it as it should.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';

const { values } = parseArgs({
  options: { outDir: { type: 'string' }, emptyOutDir: { type: 'boolean' } },
});
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.resolve(root, values.outDir ?? 'dist');

await build({ root, build: { outDir, emptyOutDir: true } });
await build({
  root,
  logLevel: 'warn',
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: path.join(outDir, 'ssr'),
    emptyOutDir: true,
    copyPublicDir: false,
    // The server loads this module as it starts: React's production build only (not its
    // development one beside it), without blanks or comments, a third of the size to
    // compile. Names are kept for the logs' stack traces.
    rolldownOptions: {
      output: { minify: { compress: true, mangle: false, codegen: { removeWhitespace: true } } },
    },
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
});
