#!/usr/bin/env node
// `npm start`: builds the web app and compiles the server when their sources are newer
// than the builds, then runs the production server (plain JavaScript, in this process)
// on the embedded database with demo data.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mapStackTraces } from './lib/source-maps.mjs';
import { startEnv } from './lib/start-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const dist = path.join(webDir, 'dist/index.html');
const serverMain = path.join(root, 'apps/server/dist/main.js');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const shared = newest(path.join(root, 'packages/shared/src'));
/** Runs `build` when `output` is missing or older than any of its sources. */
function buildIfStale(what, output, sources, args) {
  if (existsSync(output) && statSync(output).mtimeMs >= Math.max(shared, ...sources.map(newest)))
    return;
  console.log(`Building ${what}…`);
  const r = spawnSync(args[0], args.slice(1), { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
buildIfStale('the web app', dist, [webDir], ['npm', 'run', 'build', '-w', '@easyfund/web']);
buildIfStale(
  'the server',
  serverMain,
  [path.join(root, 'apps/server/src')],
  [process.execPath, path.join(root, 'scripts/build-server.mjs')],
);

// The server runs in this same process, started from here: no second Node.js to boot
// (about a tenth of a second), and a supervisor's signals reach the server itself. Paths
// in its settings (DATA_DIR=./data…) stay relative to the project, as `npm start` runs.
process.chdir(root);
// The demo takes test payments unless a provider is configured (a production start with
// no provider configured refuses).
Object.assign(process.env, startEnv(process.env, { webDist: path.join(webDir, 'dist') }));
// Stack traces point into the TypeScript sources (as `node --enable-source-maps`), each
// compiled file's map read when a stack first goes through it, not as the module loads.
mapStackTraces();
await import(pathToFileURL(serverMain).href);
