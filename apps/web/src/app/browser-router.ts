import { createBrowserRouter } from '../lib/history-router';
import { fillFromPage } from '../lib/page-data';
import { queryClient } from '../lib/query-client';
import { routes } from './router';

// Before the router runs the first page's loaders: they find the server's data.
fillFromPage(queryClient);

/** The app's router in the browser. */
export const router = createBrowserRouter(routes);

/**
 * Settles once the router has loaded the first page's code and data: a page whose HTML
 * the server rendered is then rendered over with the same markup, not with a loading bar.
 */
export function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
