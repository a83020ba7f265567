#!/usr/bin/env node
// Compiles the server to plain JavaScript in apps/server/dist, so production runs with
// `node` and no TypeScript loader. npm packages stay external (resolved from
// node_modules at run time); the workspace's own TypeScript (@easyfund/shared) is
// bundled in. The embedded database's worker and the migrations are copied beside it.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/server/src');
const out = path.join(root, 'apps/server/dist');

/** Every bare import is external except our own workspace packages. */
const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@easyfund/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: {
    main: path.join(src, 'main.ts'),
    admin: path.join(src, 'cli/admin.ts'),
    'check-ledger': path.join(src, 'cli/check-ledger.ts'),
    'reconcile-payments': path.join(src, 'cli/reconcile-payments.ts'),
    'seed-demo': path.join(src, 'cli/seed-demo.ts'),
  },
  outdir: out,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [externalNpm],
  logLevel: 'warning',
});
// Files the code finds next to itself at run time (import.meta.url): every output
// file sits in dist/ itself, so one copy serves them all.
cpSync(path.join(src, 'db/pglite-worker.mjs'), path.join(out, 'pglite-worker.mjs'));
cpSync(path.join(src, 'db/migrations'), path.join(out, 'migrations'), { recursive: true });
console.log('Server compiled to apps/server/dist');
