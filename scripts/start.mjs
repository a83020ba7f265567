#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the build, then
// starts the production server on the embedded database with demo data.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const dist = path.join(webDir, 'dist/index.html');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(newest(webDir), newest(path.join(root, 'packages/shared/src')));
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@easyfund/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'apps/server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      WEB_DIST: path.join(webDir, 'dist'),
      ...process.env,
    },
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
