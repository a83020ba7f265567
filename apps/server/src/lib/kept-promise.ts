/**
 * The promise kept in `cache` under `key`, made by `make` the first time it is asked for:
 * callers at once share one, and one that fails is forgotten, so the next call makes it
 * again (a statement whose assembly needed the database while it was down, say).
 */
export function keptPromise<K, V>(
  cache: Map<K, Promise<V>>,
  key: K,
  make: () => Promise<V>,
): Promise<V> {
  let kept = cache.get(key);
  if (!kept) {
    cache.set(key, (kept = make()));
    kept.catch(() => cache.delete(key));
  }
  return kept;
}
