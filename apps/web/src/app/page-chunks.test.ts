import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGES } from '@easyfund/shared/pages';
import { type Chunk, pageChunks, pagesLoading, routeModules } from '../../build/page-chunks';

const here = dirname(fileURLToPath(import.meta.url));

/** A chunk of a build's output, as Rollup and Rolldown describe it. */
const chunk = (fileName: string, imports: string[], extra: Partial<Chunk> = {}): Chunk => ({
  type: 'chunk',
  fileName,
  imports,
  isEntry: false,
  facadeModuleId: null,
  moduleIds: [],
  ...extra,
});

describe("each page's own code, for the server's preloads", () => {
  it("finds every page of the table in the router's imports", () => {
    const modules = routeModules(readFileSync(join(here, 'router.tsx'), 'utf8'), here);
    expect(Object.keys(modules).sort()).toEqual(Object.keys(PAGES).sort());
    expect(modules.fundDetails).toBe(join(here, '../features/funds/routes/fund-details'));
  });

  it("lists a page's chunk and what it imports, without what the entry loads", () => {
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

  it('names the pages whose first load bundles a module, through the entry or their own files', () => {
    const zod = '/app/node_modules/zod/v4/classic/schemas.js';
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['assets/i18n.js'], { isEntry: true }),
      'assets/i18n.js': chunk('assets/i18n.js', [], { moduleIds: ['/app/src/lib/i18n.ts'] }),
      'assets/schemas.js': chunk('assets/schemas.js', [], { moduleIds: [zod] }),
      'assets/home.js': chunk('assets/home.js', []),
      'assets/pay.js': chunk('assets/pay.js', ['assets/schemas.js']),
    };
    const files = { home: ['assets/home.js'], pay: ['assets/pay.js', 'assets/schemas.js'] };
    const zodModule = /[\\/]node_modules[\\/]zod[\\/]/;
    expect(pagesLoading(['home', 'pay'], files, bundle, zodModule)).toEqual(['pay']);
    // zod in a file the entry loads reaches every page.
    bundle['assets/i18n.js'].moduleIds.push(zod);
    expect(pagesLoading(['home', 'pay'], files, bundle, zodModule)).toEqual(['home', 'pay']);
  });
});
