import { createBrowserRouter } from 'react-router';
import { routes } from './router';

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
