import {
  Component as ReactComponent,
  type ComponentType,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  startTransition,
} from 'react';
import type { Loaded } from './route-loading';
import type { Location, Params } from './routes';
import type { NavigateOptions, Router, RouterState } from './router-state';

export { data, isRouteErrorResponse } from './routes';
export type { LoaderFunctionArgs, RouteObject } from './routes';

/**
 * The site's router (decision "the site's own router"): the page table's routes drawn by
 * React, with React Router's names and behaviour for what the site uses — a page's code
 * and loader run before the page is shown, links and Back without reloading, each history
 * entry's scroll position kept, and the server's first render drawing the same tree.
 * Matching is in lib/routes.ts, loading in lib/route-loading.ts, the browser's history in
 * lib/history-router.ts, the server render's router in lib/static-router.ts, links in
 * lib/link.tsx and scrolling in lib/scroll-restoration.tsx.
 */

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
/** The address alone: links and `useLocation` draw again when it changes, not on loading. */
const LocationContext = createContext<Location | null>(null);
const RouteContext = createContext<{ id: string; outlet: ReactNode } | null>(null);
const ErrorContext = createContext<unknown>(undefined);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('used outside <RouterProvider>');
  return router;
}
export function useRouterState(): RouterState {
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
