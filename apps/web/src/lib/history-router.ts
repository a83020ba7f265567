import { createMatcher, type Location, type RouteObject } from './routes';
import { loadMatches } from './route-loading';
import { hrefOf, IDLE, pathOf, type Router, type RouterState } from './router-state';

/*
 * The browser's side of the site's router (decision "the site's own router"): navigation
 * through the History API, each history entry's key and scroll position (kept in session
 * storage across a reload), and the latest navigation winning over an older one.
 */

const newKey = () => Math.random().toString(36).slice(2, 10);
const SCROLL_STORAGE_KEY = 'easyfund-scroll-positions';

/** The browser's router: starts loading the address's page at once. */
export function createBrowserRouter(routes: RouteObject[]): Router {
  const match = createMatcher(routes);
  const history = window.history;
  // Each history entry has a key of its own; a first visit gets one (a reload keeps it).
  let key = (history.state as { key?: string } | null)?.key;
  if (!key) {
    key = newKey();
    history.replaceState({ ...(history.state as object), key }, '');
  }
  const here = (k: string): Location => ({
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    state: (history.state as { usr?: unknown } | null)?.usr ?? null,
    key: k,
  });
  let positions: Record<string, number> = {};
  try {
    positions = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as typeof positions;
  } catch {
    // No storage (private mode): positions are kept in memory only.
  }
  window.addEventListener('pagehide', () => {
    positions[state.location.key] = window.scrollY;
    try {
      sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions));
    } catch {
      // As above.
    }
  });

  const listeners = new Set<(s: RouterState) => void>();
  const first = here(key);
  let state: RouterState = {
    location: first,
    matches: match(first.pathname) ?? [],
    loaded: null,
    initialized: false,
    navigation: IDLE,
    revalidation: 'idle',
    restoreScroll: null,
    preventScrollReset: false,
  };
  const set = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener(state);
  };
  const load = (location: Location) =>
    loadMatches(match(location.pathname) ?? [], {
      url: new URL(pathOf(location), window.location.origin).href,
    });
  /** The latest navigation: an older one that finishes later is dropped. */
  let latest = 0;

  async function go(
    location: Location,
    action: 'PUSH' | 'REPLACE' | 'POP',
    preventScrollReset = false,
  ) {
    const id = ++latest;
    const from = state.location;
    // A change of the section alone loads nothing.
    const sectionOnly =
      location.pathname === from.pathname &&
      location.search === from.search &&
      location.hash !== '' &&
      location.hash !== from.hash;
    let loaded = state.loaded;
    if (!sectionOnly || !loaded) {
      set({ navigation: { state: 'loading', location } });
      loaded = await load(location);
      if (id !== latest) return;
    }
    positions[from.key] = window.scrollY;
    const entry = { usr: location.state, key: location.key };
    if (action === 'PUSH') history.pushState(entry, '', pathOf(location));
    if (action === 'REPLACE') history.replaceState(entry, '', pathOf(location));
    set({
      location,
      matches: loaded.matches,
      loaded,
      navigation: IDLE,
      revalidation: 'idle',
      restoreScroll: action === 'POP' ? (positions[location.key] ?? null) : null,
      preventScrollReset,
    });
  }

  window.addEventListener('popstate', () => {
    const k = (history.state as { key?: string } | null)?.key ?? newKey();
    void go(here(k), 'POP');
  });

  void load(first).then((loaded) =>
    set({ loaded, initialized: true, restoreScroll: positions[first.key] ?? null }),
  );

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async navigate(to, options = {}) {
      if (typeof to === 'number') return history.go(to);
      const url = new URL(hrefOf(to, state.location), window.location.origin);
      if (url.origin !== window.location.origin) return window.location.assign(url.href);
      const location = {
        pathname: url.pathname,
        search: url.search,
        hash: url.hash,
        state: options.state ?? null,
        key: newKey(),
      };
      await go(location, options.replace ? 'REPLACE' : 'PUSH', options.preventScrollReset);
    },
    async revalidate() {
      const id = ++latest;
      set({ revalidation: 'loading' });
      const loaded = await load(state.location);
      if (id !== latest) return;
      set({ loaded, matches: loaded.matches, revalidation: 'idle', restoreScroll: false });
    },
  };
}
