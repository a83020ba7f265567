import { useSyncExternalStore } from 'react';
import { pageScope } from './page-scope';

/**
 * The time a page counts from ("3 minutes ago", "Running for 12 days", the next event,
 * the year): in the browser, taken when the first component needs it and again each
 * minute while one shows; in the server's first render, and while React hydrates that
 * render, the render's own time (`pageScope().renderedAt`), so that both draw the same
 * words. React draws the browser's time right after hydrating.
 */
let now = Date.now();
const listeners = new Set<() => void>();
let ticking: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  listeners.forEach((changed) => changed());
}

function subscribe(changed: () => void) {
  if (listeners.size === 0) {
    // The first to show since the last stopped: the time may be far behind (React reads it
    // again once subscribed, and draws again if it moved).
    now = Date.now();
    ticking = setInterval(tick, 60_000);
  }
  listeners.add(changed);
  return () => {
    listeners.delete(changed);
    if (listeners.size === 0) clearInterval(ticking);
  };
}

/** Now, in milliseconds, as the page draws it (see above). */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => pageScope().renderedAt?.() ?? now,
  );
}
