import {
  type AnchorHTMLAttributes,
  Component as ReactComponent,
  type ComponentType,
  createContext,
  type ReactNode,
  type Ref,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import {
  createMatcher,
  type Loaded,
  loadMatches,
  type Location,
  type Match,
  type Params,
  type RouteObject,
} from './routes';

export { data, isRouteErrorResponse } from './routes';
export type { LoaderFunctionArgs, RouteObject } from './routes';

/**
 * The site's router (decision "the site's own router"): the page table's routes drawn by
 * React, with React Router's names and behaviour for what the site uses — a page's code
 * and loader run before the page is shown, links and Back without reloading, each history
 * entry's scroll position kept, and the server's first render drawing the same tree. The
 * matching and loading are in lib/routes.ts.
 */

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll position (by default a new page opens at its top or its section). */
  preventScrollReset?: boolean;
}

export interface RouterState {
  location: Location;
  /** The routes matching the address before anything is loaded (for `HydrateFallback`). */
  matches: Match[];
  /** The page as drawn; null until the first page's code and data are in. */
  loaded: Loaded | null;
  initialized: boolean;
  navigation: { state: 'idle'; location?: undefined } | { state: 'loading'; location: Location };
  revalidation: 'idle' | 'loading';
  /** Where the page scrolls once drawn: a kept position, null (top or section), false (stays). */
  restoreScroll: number | null | false;
  preventScrollReset: boolean;
}

export interface Router {
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  /** Runs the page's loaders again (after a failure, or after a change the page shows). */
  revalidate(): Promise<void>;
}

const IDLE = { state: 'idle' } as const;
const pathOf = (l: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${l.pathname}${l.search}${l.hash}`;
const newKey = () => Math.random().toString(36).slice(2, 10);
const SCROLL_STORAGE_KEY = 'easyfund-scroll-positions';

/** The address `to` leads to from `location`: a path, or an absolute URL elsewhere. */
function hrefOf(to: string, location: Location): string {
  if (to.startsWith('/') && !to.startsWith('//')) return to;
  const base = `http://x${location.pathname}${location.search}`;
  const url = new URL(to, base);
  return url.origin === 'http://x' ? pathOf(url) : url.href;
}

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
    loadMatches(
      match(location.pathname) ?? [],
      new Request(new URL(pathOf(location), window.location.origin)),
    );
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

/** The server's first render: the address's page loaded, as the browser will draw it. */
export function createStaticHandler(routes: RouteObject[]) {
  const match = createMatcher(routes);
  return {
    async query(request: Request) {
      const url = new URL(request.url);
      const location: Location = { ...pathParts(url), state: null, key: 'default' };
      const loaded = await loadMatches(match(url.pathname) ?? [], request);
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

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
/** The address alone: links and `useLocation` draw again when it changes, not on loading. */
const LocationContext = createContext<Location | null>(null);
const RouteContext = createContext<{ id: string; outlet: ReactNode } | null>(null);
const ErrorContext = createContext<unknown>(undefined);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('used outside <RouterProvider>');
  return router;
}
function useRouterState(): RouterState {
  const state = useContext(StateContext);
  if (!state) throw new Error('used outside <RouterProvider>');
  return state;
}

/** Draws the router's page; a navigation's result is drawn as a transition, as React Router does. */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(
    () => router.subscribe((next) => startTransition(() => setState(next))),
    [router],
  );
  let page: ReactNode = null;
  if (state.loaded) page = <Matches loaded={state.loaded} location={state.location} />;
  else {
    const Fallback = state.matches.find((m) => m.route.object.HydrateFallback)?.route.object
      .HydrateFallback;
    if (Fallback) page = <Fallback />;
  }
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>
        <LocationContext.Provider value={state.location}>{page}</LocationContext.Provider>
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}

/** The matched routes, each drawing the next in its `<Outlet />`; an error in the nearest boundary. */
function Matches({ loaded, location }: { loaded: Loaded; location: Location }) {
  const { matches, routes, errors } = loaded;
  const failed = errors ? matches.findIndex((m) => m.route.id in errors) : -1;
  let boundary = -1;
  for (let i = failed; i >= 0; i--) {
    if (routes[matches[i]!.route.id]?.ErrorBoundary) {
      boundary = i;
      break;
    }
  }
  const at = (i: number): ReactNode => {
    const m = matches[i];
    if (!m || (failed >= 0 && i > boundary)) return null;
    const route = routes[m.route.id] ?? m.route.object;
    const id = m.route.id;
    const Boundary = route.ErrorBoundary;
    if (i === boundary && Boundary && errors) {
      return (
        <RouteContext.Provider value={{ id, outlet: null }}>
          <ErrorContext.Provider value={errors[matches[failed]!.route.id]}>
            <Boundary />
          </ErrorContext.Provider>
        </RouteContext.Provider>
      );
    }
    const Page = route.Component;
    const content = (
      <RouteContext.Provider value={{ id, outlet: at(i + 1) }}>
        {Page ? <Page /> : (route.element ?? <Outlet />)}
      </RouteContext.Provider>
    );
    if (!Boundary) return content;
    return (
      <RenderErrorBoundary location={location} id={id} Fallback={Boundary}>
        {content}
      </RenderErrorBoundary>
    );
  };
  return at(0);
}

interface BoundaryProps {
  location: Location;
  id: string;
  Fallback: ComponentType;
  children: ReactNode;
}
/** A page that throws while drawing shows its route's error boundary, until the next page. */
class RenderErrorBoundary extends ReactComponent<
  BoundaryProps,
  { failed: boolean; error: unknown; location: Location }
> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { failed: false, error: undefined, location: props.location };
  }
  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: { location: Location }) {
    return props.location === state.location
      ? null
      : { failed: false, error: undefined, location: props.location };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    const { Fallback, id } = this.props;
    return (
      <RouteContext.Provider value={{ id, outlet: null }}>
        <ErrorContext.Provider value={this.state.error}>
          <Fallback />
        </ErrorContext.Provider>
      </RouteContext.Provider>
    );
  }
}

export function Outlet() {
  return useContext(RouteContext)?.outlet ?? null;
}
export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('used outside <RouterProvider>');
  return location;
}
export const useNavigation = () => useRouterState().navigation;
export const useNavigate = () => useRouter().navigate;
export const useRouteError = (): unknown => useContext(ErrorContext);
export function useParams(): Params {
  return useRouterState().loaded?.matches.at(-1)?.params ?? {};
}
/** The data the route's loader returned. */
export function useLoaderData<T extends (...args: never[]) => unknown>(): Awaited<ReturnType<T>> {
  const id = useContext(RouteContext)?.id ?? '';
  return useRouterState().loaded?.loaderData[id] as Awaited<ReturnType<T>>;
}
export function useRevalidator() {
  const router = useRouter();
  return { state: useRouterState().revalidation, revalidate: router.revalidate };
}

type SearchInit = URLSearchParams | ((previous: URLSearchParams) => URLSearchParams);
/** The address's query, and a setter that navigates to the same page with another. */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit, options?: NavigateOptions) => void,
] {
  const router = useRouter();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (next: SearchInit, options?: NavigateOptions) => {
    const value = typeof next === 'function' ? next(new URLSearchParams(search)) : next;
    void router.navigate(`?${value.toString()}`, options);
  };
  return [params, set];
}

/** Goes to `to` once drawn (the state compared by value: a new object each render is the same). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  const json = JSON.stringify(state ?? null);
  useEffect(() => {
    void navigate(to, { replace, state: JSON.parse(json) as unknown });
  }, [navigate, to, replace, json]);
  return null;
}

export interface LinkProps
  extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>, NavigateOptions {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** A link that opens the page without reloading (a modified click, a new tab: the browser's). */
export function Link({ to, replace, state, preventScrollReset, ...anchor }: LinkProps) {
  const router = useRouter();
  const location = useLocation();
  const href = hrefOf(to, location);
  return (
    <a
      {...anchor}
      href={href}
      onClick={(e) => {
        anchor.onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey) return;
        if (e.shiftKey || (anchor.target && anchor.target !== '_self') || anchor.download) return;
        if (!href.startsWith('/')) return;
        e.preventDefault();
        // A link to the page shown replaces its history entry, as React Router's do.
        const same = href === pathOf(location);
        void router.navigate(href, { replace: replace ?? same, state, preventScrollReset });
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active on its own path only, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A link that knows it is the current page (`aria-current="page"`). */
export function NavLink({ end, className, ...link }: NavLinkProps) {
  const location = useLocation();
  const target = new URL(hrefOf(link.to, location), 'http://x').pathname.toLowerCase();
  const current = location.pathname.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive =
    current === target || (!end && current.startsWith(target) && current.charAt(slash) === '/');
  return (
    <Link
      {...link}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

function sectionId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * Where each page opens: a history entry's kept position on Back and Forward, else the
 * address's section, else the top (unless the navigation asked to stay).
 */
export function ScrollRestoration() {
  const { location, restoreScroll, preventScrollReset } = useRouterState();
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);
  // (Newer browsers' scroll methods return a promise: the effect must not return it.)
  useLayoutEffect(() => {
    if (restoreScroll === false) return;
    if (typeof restoreScroll === 'number') {
      window.scrollTo(0, restoreScroll);
      return;
    }
    const section = location.hash ? document.getElementById(sectionId(location.hash)) : null;
    if (section) section.scrollIntoView();
    else if (!preventScrollReset) window.scrollTo(0, 0);
  }, [location, restoreScroll, preventScrollReset]);
  return null;
}
