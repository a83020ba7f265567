/** A request URL's path, without its query. */
export function pathOfUrl(url: string | undefined): string {
  if (url === undefined) return '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Whether a path (or a whole request URL: its query does not change the answer) is the
 * API's: `/api` or under `/api/`. Its answers are JSON, a download or a redirect, never a page.
 */
export function isApiPath(pathOrUrl: string): boolean {
  if (!pathOrUrl.startsWith('/api')) return false;
  const next = pathOrUrl[4];
  return next === undefined || next === '/' || next === '?';
}
