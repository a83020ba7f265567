import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceMappedStack } from '../../../scripts/lib/source-maps.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'easyfund-source-maps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mapper = path.resolve(import.meta.dirname, '../../../scripts/lib/source-maps.mjs');

/** The stack of the error `failing` returns, in a Node.js process of its own (as
 *  `npm start` runs the compiled server) that maps its stack traces. */
function stackInProcess(compiled: string): string {
  const script = [
    `const { mapStackTraces } = await import(${JSON.stringify(pathToFileURL(mapper).href)});`,
    'mapStackTraces();',
    `const { failing } = await import(${JSON.stringify(pathToFileURL(compiled).href)});`,
    "process.stdout.write(failing({ id: 'f1' }).stack);",
  ].join('\n');
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
}

describe('stack traces of the compiled server', () => {
  it('name the TypeScript source, line and column of a compiled file', async () => {
    // A source compiled as the server is (bundled, minified, a linked map beside it).
    const source = path.join(dir, 'failing.ts');
    writeFileSync(
      source,
      [
        'interface Fund { id: string }',
        '',
        'export function failing(fund: Fund): Error {',
        '  return new Error(`fund ${fund.id} failed`);',
        '}',
        '',
      ].join('\n'),
    );
    const compiled = path.join(dir, 'failing.js');
    await build({
      entryPoints: [source],
      outfile: compiled,
      bundle: true,
      format: 'esm',
      platform: 'node',
      minifyWhitespace: true,
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'silent',
    });
    const lines = stackInProcess(compiled).split('\n');
    expect(lines[0]).toBe('Error: fund f1 failed');
    // The compiled file is one line; its frame now names the source's line 4, column 10.
    expect(lines[1]).toBe(`    at failing (${source}:4:10)`);
    // A frame of a file without a map beside it (the script's own) stays as it was.
    expect(lines[2]).toMatch(/^ {4}at .*\[eval1\]:\d+:\d+$/);
  });

  it('leave a stack without frames as the error alone', () => {
    const error = new TypeError('bad');
    expect(sourceMappedStack(error, [])).toBe('TypeError: bad');
  });
});
