import type { QueryClient } from '@tanstack/react-query';

/**
 * What the app's code reads from the page it runs in. In the browser: the page itself
 * and the app's one query cache. When the server renders a page's first HTML
 * (src/entry-server.tsx), each request has a scope of its own: its own cache, the API
 * answered inside the server, and the `<html data-*>` the server writes.
 */
export interface PageScope {
  /** How the API is called (`lib/api.ts`). */
  fetch: typeof fetch;
  /** A `data-*` of `<html>` (`paymentMode`, `paymentProvider`). */
  htmlData(name: string): string | undefined;
  /** The site's origin, for links shared elsewhere. */
  origin(): string;
  /** The cache route loaders fill; absent: the browser app's one cache. */
  queryClient?: QueryClient;
  /** When the server rendered the page (ms): what a page counts from while it is drawn
   *  there and hydrated here (`useNow`); absent: the page was not rendered by the server. */
  renderedAt?: () => number | undefined;
}

const browser: PageScope = {
  fetch: (input, init) => fetch(input, init),
  htmlData: (name) => document.documentElement.dataset[name],
  origin: () => window.location.origin,
  renderedAt: () => pageRenderedAt,
};

let pageRenderedAt: number | undefined;
/** The server's render time of this page, as its data says (lib/page-data.ts). */
export function setPageRenderedAt(at: number): void {
  pageRenderedAt = at;
}

let current: () => PageScope = () => browser;

export const pageScope = (): PageScope => current();

/** The server's render sets where each request's scope comes from, once. */
export function setPageScope(scope: () => PageScope): void {
  current = scope;
}
