#!/usr/bin/env node
// `node scripts/processor-time.mjs <file> <command> [args…]`: runs the command
// and writes the processor time (user + system, in ms) it and every process it waited for
// used into <file>, then exits with the command's status. scripts/test.mjs runs each
// command of a stage through it, so that stages running side by side still each print
// their own processor time.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { childrenCpuMs } from './lib/children-cpu.mjs';

const [file, cmd, ...args] = process.argv.slice(2);
if (!file || !cmd) {
  console.error('usage: processor-time.mjs <file> <command> [args…]');
  process.exit(2);
}
const result = spawnSync(cmd, args, { stdio: 'inherit' });
writeFileSync(file, String(childrenCpuMs()));
process.exit(result.status ?? 1);
