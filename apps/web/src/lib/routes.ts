import type { ComponentType, ReactNode } from 'react';

/**
 * The routes' side of the app's router (lib/router.tsx): the route table's shape and which
 * route matches an address — in the browser and in the server's first render alike (the
 * loading of a page is in lib/route-loading.ts). No React, no DOM.
 *
 * The shape and the names follow React Router's data routers (`lazy`, `loader`,
 * `Component`, `ErrorBoundary`, `HydrateFallback`), which the site used before; only what
 * the site uses is here (decision "the site's own router").
 */

export type Params = Record<string, string | undefined>;

export interface LoaderFunctionArgs {
  /**
   * The address being loaded (all a loader reads of its request): the server's first
   * render gives no `Request`, whose class Node loads on first use (~20 ms of a restart).
   */
  request: LoaderRequest;
  params: Params;
}

/** What a loader gets of the request: its whole address. */
export interface LoaderRequest {
  url: string;
}

/** What a page's module (or a route's `lazy`) gives its route. */
export interface RouteModule {
  Component?: ComponentType;
  ErrorBoundary?: ComponentType;
  HydrateFallback?: ComponentType;
  loader?: (args: LoaderFunctionArgs) => unknown;
}

export interface RouteObject extends RouteModule {
  /** Relative to the parent's path, or absolute (starting with `/`); `*` matches the rest. */
  path?: string;
  index?: boolean;
  /** Drawn when the route has no `Component`: a layout drawing an `<Outlet />`. */
  element?: ReactNode;
  /** The route's module, loaded the first time the route matches. */
  lazy?: () => Promise<Partial<RouteModule>>;
  children?: RouteObject[];
}

/** An address as the router keeps it. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation passed along (`navigate(to, { state })`). */
  state: unknown;
  /** One per history entry: where its scroll position is kept. */
  key: string;
}

/** A route of the table with its place in it (ids are stable: the loader data's keys). */
export interface Route {
  id: string;
  object: RouteObject;
}

export interface Match {
  route: Route;
  params: Params;
}

/** A loader's answer that is not a plain value: `throw data('Fund not found', { status: 404 })`. */
export class DataWithResponseInit<T = unknown> {
  constructor(
    readonly data: T,
    readonly init: { status: number; statusText?: string },
  ) {}
}

export const data = <T>(value: T, init: { status: number; statusText?: string }) =>
  new DataWithResponseInit(value, init);

/** What a route's error boundary gets when a loader threw {@link data}. */
export class ErrorResponse {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
  ) {}
}

export const isRouteErrorResponse = (error: unknown): error is ErrorResponse =>
  error instanceof ErrorResponse;

/** One way from the table's root to a route that can be shown, ranked as React Router does. */
interface Branch {
  routes: Route[];
  segments: string[];
  score: number;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function scoreOf(segments: string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0);
  for (const s of segments) score += s === '*' ? -2 : s.startsWith(':') ? 3 : 10;
  return segments.length === 0 ? score + 1 : score;
}

function branchesOf(objects: RouteObject[], parents: Route[], base: string[], prefix: string) {
  const out: Branch[] = [];
  objects.forEach((object, i) => {
    const route: Route = { id: `${prefix}${i}`, object };
    const own = object.path ?? '';
    const segments = own.startsWith('/') ? segmentsOf(own) : [...base, ...segmentsOf(own)];
    const routes = [...parents, route];
    if (object.children?.length) {
      out.push(...branchesOf(object.children, routes, segments, `${route.id}-`));
    } else {
      out.push({ routes, segments, score: scoreOf(segments, object.index === true) });
    }
  });
  return out;
}

/** The table's routes, ready to match addresses. */
export function createMatcher(routes: RouteObject[]) {
  const branches = branchesOf(routes, [], [], '')
    .map((b, order) => ({ ...b, order }))
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return (pathname: string): Match[] | null => {
    const parts = segmentsOf(pathname);
    for (const branch of branches) {
      const params = matchSegments(branch.segments, parts);
      if (params) return branch.routes.map((route) => ({ route, params }));
    }
    return null;
  };
}

function matchSegments(pattern: string[], parts: string[]): Params | null {
  const params: Params = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p === '*') {
      params['*'] = parts.slice(i).map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (p.startsWith(':')) params[p.slice(1)] = decode(part);
    else if (p.toLowerCase() !== decode(part).toLowerCase()) return null;
  }
  return parts.length === pattern.length ? params : null;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
