/** A fresh, empty folder for a compiled server under `<root>/node_modules/.cache`. */
export function compiledServerDir(root: string): string;
