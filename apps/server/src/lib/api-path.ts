/** A request URL's path, without its query. */
export function pathOfUrl(url: string | undefined): string {
  return (url ?? '').split('?')[0] ?? '';
}

/** Whether a path is the API's: its answers are JSON, a download or a redirect, never a page. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
