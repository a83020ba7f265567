import { useEffect, useLayoutEffect } from 'react';
import { useRouterState } from './router';

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
