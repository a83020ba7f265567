import path from 'node:path';

/**
 * Which JavaScript files each page of the page table needs beyond the app's entry, so
 * that the server's HTML of a page can name them in `<link rel="modulepreload">`: the
 * browser then fetches a page's code beside the entry's instead of after the entry has
 * run and the router has asked for it (one round trip less on a phone's connection).
 *
 * The router (src/app/router.tsx) loads each page on demand with
 * `name: () => import('…')`; the build's `page-chunks.json` maps each page's name to its
 * chunk and the chunks that chunk imports, minus what the entry itself loads.
 */
export const PAGE_CHUNKS_FILE = 'page-chunks.json';

/** `name: () => import('../features/…')` in the router's source: page name → module path. */
export function routeModules(routerSource: string, routerDir: string): Record<string, string> {
  const modules: Record<string, string> = {};
  for (const m of routerSource.matchAll(/^\s*(\w+): \(\) => import\('(\.[^']+)'\),?$/gm)) {
    modules[m[1]!] = path.resolve(routerDir, m[2]!);
  }
  return modules;
}

/** The parts of a build's output chunk this needs (Rollup's and Rolldown's agree). */
export interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  /** The modules bundled into the chunk. */
  moduleIds: string[];
}

const withoutExtension = (file: string) => file.replace(/\.[cm]?[jt]sx?$/, '');

type Bundle = Record<string, { type: string } | Chunk>;

/** The bundle's chunks, and the files a list of files loads (with itself), statically. */
function chunkGraph(bundle: Bundle) {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string[], into = new Set<string>()) => {
    for (const file of start) {
      if (into.has(file)) continue;
      into.add(file);
      closure(byFile.get(file)?.imports ?? [], into);
    }
    return into;
  };
  const loadedByEntry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  return { chunks, byFile, closure, loadedByEntry };
}

/** Page name → the files (`assets/…`) its code needs that the entry does not load already. */
export function pageChunks(
  modules: Record<string, string>,
  bundle: Bundle,
): Record<string, string[]> {
  const { chunks, closure, loadedByEntry } = chunkGraph(bundle);
  const byModule = new Map(
    chunks
      .filter((c) => c.facadeModuleId)
      .map((c) => [withoutExtension(c.facadeModuleId!), c] as const),
  );
  const result: Record<string, string[]> = {};
  for (const [name, module] of Object.entries(modules)) {
    const chunk = byModule.get(withoutExtension(module));
    if (!chunk) continue;
    result[name] = [...closure([chunk.fileName])].filter((f) => !loadedByEntry.has(f));
  }
  return result;
}

/**
 * Those of `pages` whose first load (the entry's files and the page's own, as
 * {@link pageChunks} lists them) bundles a module whose id matches `module`.
 */
export function pagesLoading(
  pages: readonly string[],
  files: Record<string, string[]>,
  bundle: Bundle,
  module: RegExp,
): string[] {
  const { byFile, loadedByEntry } = chunkGraph(bundle);
  return pages.filter((page) =>
    [...loadedByEntry, ...(files[page] ?? [])].some((file) =>
      byFile.get(file)?.moduleIds.some((id) => module.test(id)),
    ),
  );
}
