import type { Loaded } from './route-loading';
import type { Location, Match } from './routes';

/** What a navigation asks for besides its address. */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll position (by default a new page opens at its top or its section). */
  preventScrollReset?: boolean;
}

/** What the router shows and is doing: the page the React tree draws (lib/router.tsx). */
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

/** The browser's router (lib/history-router.ts) or the server render's (lib/static-router.ts). */
export interface Router {
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  /** Runs the page's loaders again (after a failure, or after a change the page shows). */
  revalidate(): Promise<void>;
}

export const IDLE = { state: 'idle' } as const;

export const pathOf = (l: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${l.pathname}${l.search}${l.hash}`;

/** The address `to` leads to from `location`: a path, or an absolute URL elsewhere. */
export function hrefOf(to: string, location: Location): string {
  if (to.startsWith('/') && !to.startsWith('//')) return to;
  const base = `http://x${location.pathname}${location.search}`;
  const url = new URL(to, base);
  return url.origin === 'http://x' ? pathOf(url) : url.href;
}
