#!/usr/bin/env node
// The decision records' index, written from the records themselves.
//   node scripts/decisions.mjs          rewrites docs/decisions/README.md's lists
//   node scripts/decisions.mjs --check  fails on a record without its Status and Date
//                                       lines, one over 25 lines, a number used twice,
//                                       or an index that is not current
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/decisions');
const readme = path.join(dir, 'README.md');
const MAX_LINES = 25;

const SECTIONS = [
  ['0', 'Foundations'],
  ['1', 'Public site'],
  ['2', 'Payments'],
  ['3', 'Raising'],
  ['4', 'Performance and operations'],
];

const problems = [];
const records = readdirSync(dir)
  .filter((f) => /^\d{3}-.*\.md$/.test(f))
  .sort()
  .map((file) => {
    const lines = readFileSync(path.join(dir, file), 'utf8').trimEnd().split('\n');
    const title = /^# (\d{3}) — (.+)$/.exec(lines[0]);
    const status = /^Status: (accepted|superseded by \d{3})(;.*)?$/.exec(lines[2] ?? '');
    const date = /^Date: \d{4}-\d{2}-\d{2}$/.test(lines[3] ?? '');
    if (!title || title[1] !== file.slice(0, 3))
      problems.push(`${file}: first line is not "# ${file.slice(0, 3)} — <title>"`);
    if (lines[1] !== '' || !status)
      problems.push(`${file}: third line is not "Status: accepted" or "Status: superseded by N"`);
    if (!date) problems.push(`${file}: fourth line is not "Date: YYYY-MM-DD"`);
    if (lines.length > MAX_LINES)
      problems.push(`${file}: ${lines.length} lines (at most ${MAX_LINES})`);
    return {
      file,
      num: file.slice(0, 3),
      title: title?.[2] ?? file,
      status: lines[2]?.slice(8) ?? '',
    };
  });

const seen = new Set();
for (const r of records) {
  if (seen.has(r.num)) problems.push(`number ${r.num} is used twice`);
  seen.add(r.num);
}

const text = readFileSync(readme, 'utf8');
const head = text.slice(0, text.indexOf('\n## ') + 1);
const index =
  head +
  SECTIONS.map(([digit, name]) => {
    const items = records
      .filter((r) => r.num.startsWith(digit))
      .map((r) => `- [${r.num} — ${r.title}](${r.file}) · ${r.status}`);
    return `## ${name}\n${items.join('\n')}\n`;
  }).join('\n');

if (process.argv.includes('--check')) {
  if (index !== text)
    problems.push('docs/decisions/README.md is not current: run node scripts/decisions.mjs');
  for (const p of problems) console.error(p);
  process.exit(problems.length ? 1 : 0);
}
writeFileSync(readme, index);
for (const p of problems) console.error(p);
