// Where a test run puts the server it compiles: inside the project (under
// node_modules/.cache), since the compiled server resolves the packages it leaves
// external (PGlite, sharp, pdfkit…) from the node_modules folders above it.
import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';

/** A fresh, empty folder for a compiled server under `<root>/node_modules/.cache`. */
export function compiledServerDir(root) {
  const parent = path.join(root, 'node_modules/.cache/easyfund-server');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(path.join(parent, 'build-'));
}
