#!/usr/bin/env node
// Draws the site's illustrations and writes them as WebP into apps/web/public/images.
// Needs rsvg-convert (librsvg2-bin) and cwebp (webp): `node design/illustrations/build.mjs`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as S from './scenes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'apps/web/public/images');
const tmp = mkdtempSync(path.join(tmpdir(), 'easyfund-art-'));

/** [output path under images/, svg, output width, height, quality] */
const jobs = [
  ['home/hero-1.webp', S.hero1(1600, 900), 1600, 900, 62],
  ['home/hero-1-sm.webp', S.hero1(1600, 900), 800, 450, 62],
  ['home/hero-2.webp', S.hero2(1600, 900), 1600, 900, 62],
  ['home/hero-2-sm.webp', S.hero2(1600, 900), 800, 450, 62],
  ['home/event-1.webp', S.eventEducation(), 640, 400, 70],
  ['home/event-2.webp', S.eventSchool(), 640, 400, 70],
  ['home/blog-1.webp', S.flood(), 640, 400, 70],
  ['home/blog-2.webp', S.reliefChattogram(), 640, 400, 70],
  ['home/blog-3.webp', S.foodDistribution(), 640, 400, 70],
  ['funds/education.webp', S.eventEducation(), 800, 500, 72],
  ['funds/relief-fund.webp', S.flood(800, 500, { rainy: false }), 800, 500, 72],
  ['funds/health-care.webp', S.healthCare(), 800, 500, 72],
  ['funds/startup.webp', S.startup(), 800, 500, 72],
  ['funds/social-care.webp', S.socialCare(), 800, 500, 72],
  ['funds/charitable-trust.webp', S.charitableTrust(), 800, 500, 72],
];

try {
  for (const [rel, svg, w, h, q] of jobs) {
    const base = rel.replace(/[/.]/g, '_');
    const svgFile = path.join(tmp, `${base}.svg`);
    const pngFile = path.join(tmp, `${base}.png`);
    const target = path.join(out, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(svgFile, svg);
    execFileSync('rsvg-convert', ['-w', String(w), '-h', String(h), '-o', pngFile, svgFile]);
    execFileSync('cwebp', [
      '-quiet',
      '-q',
      String(q),
      '-m',
      '6',
      '-metadata',
      'none',
      pngFile,
      '-o',
      target,
    ]);
    console.log(`${rel.padEnd(32)} ${w}x${h} ${(statSync(target).size / 1024).toFixed(1)} KB`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
