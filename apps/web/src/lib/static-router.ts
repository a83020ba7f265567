import { loadMatches, type Loaded } from './route-loading';
import { createMatcher, type Location, type RouteObject } from './routes';
import { IDLE, type Router, type RouterState } from './router-state';

/** The server's first render: the address's page loaded, as the browser will draw it. */
export function createStaticHandler(routes: RouteObject[]) {
  const match = createMatcher(routes);
  return {
    /** Loads the page at `address` (a whole URL). */
    async query(address: string) {
      const url = new URL(address);
      const location: Location = { ...pathParts(url), state: null, key: 'default' };
      const loaded = await loadMatches(match(url.pathname) ?? [], { url: address });
      return { location, loaded, statusCode: loaded.statusCode, errors: loaded.errors };
    },
  };
}
const pathParts = (url: URL) => ({ pathname: url.pathname, search: url.search, hash: url.hash });

export function createStaticRouter(context: { location: Location; loaded: Loaded }): Router {
  const state: RouterState = {
    location: context.location,
    matches: context.loaded.matches,
    loaded: context.loaded,
    initialized: true,
    navigation: IDLE,
    revalidation: 'idle',
    restoreScroll: false,
    preventScrollReset: false,
  };
  const refuse = () => Promise.reject(new Error('the server render does not navigate'));
  return { state, subscribe: () => () => {}, navigate: refuse, revalidate: refuse };
}
