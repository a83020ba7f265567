import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ID } from '@easyfund/shared/pages';
import { setPageRenderedAt } from './page-scope';

/** What the server's first render sends beside the page: its query cache, dehydrated,
 *  and when it was rendered (ms; see lib/now.ts). */
export interface PageData extends DehydratedState {
  renderedAt: number;
}

/**
 * Puts the data the server's first render used into the browser's cache, before the
 * router starts: the first page then loads without asking the API again, and its first
 * render draws exactly what the server drew (no placeholder replaced by the same text).
 *
 * The data counts as fetched now: the page was rendered at most a second before it was
 * sent (the server keeps a render that long), and the visitor's clock need not agree with
 * the server's. An answer that depends on who asks (`meta.perViewer`) was the anonymous
 * visitor's: it is drawn first, and asked for again once the page is hydrated
 * ({@link askAgainForViewer}).
 */
export function fillFromPage(client: QueryClient): void {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return;
  // The element stays: taking it out of the page would have the browser work out the
  // style of the whole page again (rules on siblings), a fifth of the app's start.
  let state: PageData;
  try {
    state = JSON.parse(element.textContent) as PageData;
  } catch {
    // Not this build's data: the page asks the API, as without it.
    return;
  }
  if (!Array.isArray(state?.queries)) return;
  if (typeof state.renderedAt === 'number') setPageRenderedAt(state.renderedAt);
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  hydrate(client, state);
}

/**
 * Asks again, as the signed-in person, for the answers that depend on who asks: called
 * once the page's first render is committed. Asked any sooner (marked stale before the
 * route's loader ran), an answer could arrive while React still hydrates the page in
 * slices, and be drawn there instead of the server's (a hydration mismatch: an admin's
 * donor names on a wall the server drew with "Anonymous").
 */
export function askAgainForViewer(client: QueryClient): void {
  void client.invalidateQueries({
    predicate: (query) => query.meta?.perViewer === true,
    refetchType: 'active',
  });
}
