import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGES } from '@easyfund/shared/pages';
import { type Chunk, pageChunks, routeModules } from '../../build/page-chunks';

const here = dirname(fileURLToPath(import.meta.url));

describe("each page's own code, for the server's preloads", () => {
  it("finds every page of the table in the router's imports", () => {
    const modules = routeModules(readFileSync(join(here, 'router.tsx'), 'utf8'), here);
    expect(Object.keys(modules).sort()).toEqual(Object.keys(PAGES).sort());
    expect(modules.fundDetails).toBe(join(here, '../features/funds/routes/fund-details'));
  });

  it("lists a page's chunk and what it imports, without what the entry loads", () => {
    const chunk = (fileName: string, imports: string[], extra: Partial<Chunk> = {}): Chunk => ({
      type: 'chunk',
      fileName,
      imports,
      isEntry: false,
      facadeModuleId: null,
      ...extra,
    });
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['assets/i18n.js'], { isEntry: true }),
      'assets/i18n.js': chunk('assets/i18n.js', []),
      'assets/fund-details.js': chunk(
        'assets/fund-details.js',
        ['assets/fund-card.js', 'assets/i18n.js'],
        { facadeModuleId: '/app/src/features/funds/routes/fund-details.tsx' },
      ),
      'assets/fund-card.js': chunk('assets/fund-card.js', ['assets/money.js', 'assets/i18n.js']),
      'assets/money.js': chunk('assets/money.js', []),
      'assets/index.css': { type: 'asset' },
    };
    expect(
      pageChunks(
        {
          fundDetails: '/app/src/features/funds/routes/fund-details',
          missing: '/app/src/features/x/routes/missing',
        },
        bundle,
      ),
    ).toEqual({
      fundDetails: ['assets/fund-details.js', 'assets/fund-card.js', 'assets/money.js'],
    });
  });
});
