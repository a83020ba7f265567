// Stack traces that point into the TypeScript sources, as `node --enable-source-maps`
// writes them, with each compiled file's source map read the first time a stack trace
// goes through that file. Node's own option reads and decodes the map of every module as
// it loads: about 5 MB of maps for the server, a tenth of a restart's main thread.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Each compiled file's map (null: it has none), decoded once. */
const maps = new Map();

/** The map beside a compiled file (`<file>.map`, as the build writes it), or null. */
function mapOf(fileName) {
  let map = maps.get(fileName);
  if (map !== undefined) return map;
  map = null;
  if (fileName.startsWith('file:') || fileName.startsWith('/')) {
    const file = fileName.startsWith('file:') ? fileURLToPath(fileName) : fileName;
    try {
      const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
      const base = pathToFileURL(`${file}.map`);
      const root = payload.sourceRoot
        ? new URL(`${payload.sourceRoot.replace(/\/?$/, '/')}`, base)
        : base;
      payload.sources = payload.sources.map((s) => fileURLToPath(new URL(s, root)));
      map = new SourceMap(payload);
    } catch {
      // No map beside it (Node's own files, most packages) or one that does not parse.
    }
  }
  maps.set(fileName, map);
  return map;
}

/** One frame as V8 writes it, its place in the compiled file replaced by the source's. */
function frameText(frame) {
  const text = frame.toString();
  const fileName = frame.getFileName();
  const line = frame.getLineNumber();
  const column = frame.getColumnNumber();
  if (!fileName || !line || !column) return text;
  const entry = mapOf(fileName)?.findEntry(line - 1, column - 1);
  if (!entry?.originalSource) return text;
  const compiled = `${fileName}:${line}:${column}`;
  const source = `${entry.originalSource}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  return text.includes(compiled) ? text.replace(compiled, source) : text;
}

/** An error's stack (`Error.prepareStackTrace`'s signature) with source positions. */
export function sourceMappedStack(error, frames) {
  let head;
  try {
    head = Error.prototype.toString.call(error);
  } catch {
    head = '<error>';
  }
  return frames.length === 0 ? head : `${head}\n    at ${frames.map(frameText).join('\n    at ')}`;
}

/** Every stack trace of this thread written with source positions, from now on. */
export function mapStackTraces() {
  Error.prepareStackTrace = sourceMappedStack;
}
