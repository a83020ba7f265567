import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resources } from './resources';

// The web build replaces each contract module by its endpoints' methods and paths, from
// `resources` under the file's name (apps/web/vite.config.ts): that holds while every
// contract file exports its endpoints as an object named like the file, and `resources`
// lists it.
describe('the contract files', () => {
  const dir = new URL('./', import.meta.url);
  const files = readdirSync(dir).filter(
    (f) =>
      f.endsWith('.ts') && !f.endsWith('.test.ts') && !['contract.ts', 'resources.ts'].includes(f),
  );

  it('are all listed in resources, under their file names', () => {
    expect(Object.keys(resources).sort()).toEqual(files.map((f) => f.replace(/\.ts$/, '')).sort());
  });

  it.each(files)('%s exports its endpoints under the name of the file', async (file) => {
    const name = file.replace(/\.ts$/, '');
    const mod = (await import(`./${name}.ts`)) as Record<string, unknown>;
    expect(mod[name]).toBe(resources[name as keyof typeof resources]);
  });
});
