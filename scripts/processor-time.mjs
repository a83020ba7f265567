#!/usr/bin/env node
// `node scripts/processor-time.mjs <file> <command> [args…]`: runs the command
// and writes the processor time (user + system, in ms) it and every process it waited for
// used into <file>, then exits with the command's status. scripts/test.mjs runs each
// command of a stage through it, so that stages running side by side still each print
// their own processor time.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [file, cmd, ...args] = process.argv.slice(2);
if (!file || !cmd) {
  console.error('usage: processor-time.mjs <file> <command> [args…]');
  process.exit(2);
}
const result = spawnSync(cmd, args, { stdio: 'inherit' });
// cutime and cstime (fields 16 and 17 of /proc/self/stat), in clock ticks of 1/100 s; 0
// where /proc is missing.
let ms = 0;
try {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  ms = (Number(fields[13]) + Number(fields[14])) * 10;
} catch {
  // no /proc: no figure
}
writeFileSync(file, String(ms));
process.exit(result.status ?? 1);
