import path from 'node:path';

/**
 * Which JavaScript files each page of the page table needs beyond the app's entry, so
 * that the server's HTML of a page can name them in `<link rel="modulepreload">`: the
 * browser then fetches a page's code beside the entry's instead of after the entry has
 * run and the router has asked for it (one round trip less on a phone's connection).
 *
 * The router (src/app/router.tsx) loads each page on demand with
 * `name: () => import('…').then(…)`; the build's `page-chunks.json` maps each page's name to its
 * chunk and the chunks that chunk imports, minus what the entry itself loads.
 */
export const PAGE_CHUNKS_FILE = 'page-chunks.json';

/** Each page's first load, file by file and package by package ({@link pageLoads}). */
export const BUNDLE_REPORT_FILE = 'bundle-report.json';

/** `name: () => import('../features/…')` in the router's source (the import may open the
 *  next line): page name → module path. */
export function routeModules(routerSource: string, routerDir: string): Record<string, string> {
  const modules: Record<string, string> = {};
  for (const m of routerSource.matchAll(
    /^\s*(\w+): \(\) =>\s+import\('(\.\.\/features\/[^']+)'\)/gm,
  )) {
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

/** A page's first load in a build: what `bundle-report.json` says of each page. */
export interface PageLoad {
  /** The files of its first load (the entry's, then the page's own), with their sizes. */
  files: { file: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
  /** Bytes of each package (or of the site's own code, `(site)`) in those files, before
   *  compression, largest first. */
  packages: { name: string; bytes: number }[];
}

/** The package a bundled module comes from, or `(site)` for the project's own code. */
export function packageOf(moduleId: string): string {
  const at = moduleId.lastIndexOf('/node_modules/');
  if (at === -1) return moduleId.startsWith('\0') ? '(virtual)' : '(site)';
  const [scope, name] = moduleId.slice(at + '/node_modules/'.length).split('/');
  return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? '(site)');
}

/** A chunk with its code and its modules' rendered sizes (Rollup's and Rolldown's agree). */
export interface SizedChunk extends Chunk {
  code: string;
  modules: Record<string, { renderedLength: number }>;
}

/**
 * Each page's first load: the entry's files and the page's own ({@link pageChunks}),
 * sized as written and gzipped (`gzip` is given the file's code), and the packages in them.
 */
export function pageLoads(
  pages: Record<string, string[]>,
  bundle: Record<string, { type: string } | SizedChunk>,
  gzip: (code: string) => number,
): Record<string, PageLoad> {
  const { byFile, loadedByEntry } = chunkGraph(bundle);
  const gzipped = new Map<string, number>();
  const report: Record<string, PageLoad> = {};
  for (const [page, own] of Object.entries(pages)) {
    const files = [...loadedByEntry, ...own].map((file) => {
      const chunk = byFile.get(file) as SizedChunk | undefined;
      const code = chunk?.code ?? '';
      if (!gzipped.has(file)) gzipped.set(file, gzip(code));
      return { file, bytes: Buffer.byteLength(code), gzipBytes: gzipped.get(file)! };
    });
    const packages = new Map<string, number>();
    for (const { file } of files) {
      const chunk = byFile.get(file) as SizedChunk | undefined;
      for (const [id, m] of Object.entries(chunk?.modules ?? {})) {
        const name = packageOf(id);
        packages.set(name, (packages.get(name) ?? 0) + m.renderedLength);
      }
    }
    report[page] = {
      files,
      bytes: files.reduce((n, f) => n + f.bytes, 0),
      gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
      packages: [...packages]
        .map(([name, bytes]) => ({ name, bytes }))
        .sort((a, b) => b.bytes - a.bytes),
    };
  }
  return report;
}
