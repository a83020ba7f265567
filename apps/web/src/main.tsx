import './lib/zod-config';
import { type ReactNode, startTransition, StrictMode, useEffect, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { routerReady } from './app/browser-router';
import { initI18n } from './lib/i18n';
import { askAgainForViewer } from './lib/page-data';
import { queryClient } from './lib/query-client';
import './index.css';
import 'virtual:bangla-name-font.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
// The page's texts (Bangla is loaded only when chosen) before the first render; and when
// the server sent the page's HTML (a production build: the dev server sends none), its
// code and data too, so that React hydrates the page the server drew with the same markup.
const serverRendered = root.hasChildNodes() && !import.meta.env.DEV;

/** Where the visitor had scrolled the server's page to, taken as the app starts. */
let scrolledTo: { x: number; y: number } | null = null;
let started = false;
function keepScroll() {
  scrolledTo = { x: window.scrollX, y: window.scrollY };
}

/**
 * Around the app, drawing nothing of its own. Its effects run after every effect of the
 * page's first commit (a parent's run after its children's):
 * - the layout effect puts a visitor back where they had scrolled the server's page while
 *   its code loaded (the router's scroll restoration, mounting, scrolls to the top or to
 *   the address's section; the browser had already scrolled to that section itself), before
 *   the frame is painted;
 * - the effect ends the `app-first-render` measure (browser tools and `npm run bench:pages`
 *   read it) and marks the app ready (`<html data-app="ready">`, and the
 *   `easyfund:app-ready` event, on which public/boot.js does again what the visitor did on
 *   the server's page meanwhile).
 */
function Started({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    window.removeEventListener('scroll', keepScroll);
    if (scrolledTo) window.scrollTo(scrolledTo.x, scrolledTo.y);
    scrolledTo = null;
  }, []);
  useEffect(() => {
    if (started) return;
    started = true;
    // The server drew the page as an anonymous visitor would see it; now hydrated, the
    // answers that depend on who asks are asked for again (lib/page-data.ts).
    if (serverRendered) askAgainForViewer(queryClient);
    performance.measure('app-first-render', 'app-first-render');
    document.documentElement.dataset.app = 'ready';
    document.dispatchEvent(new Event('easyfund:app-ready'));
  }, []);
  return children;
}

const app = (
  <StrictMode>
    <Started>
      <App />
    </Started>
  </StrictMode>
);
void Promise.all([initI18n(), serverRendered ? routerReady() : undefined]).then(() => {
  performance.mark('app-first-render');
  if (serverRendered) {
    // Hydration may take a few frames, during which the visitor may scroll on.
    keepScroll();
    window.addEventListener('scroll', keepScroll, { passive: true });
    // As a transition, React hydrates the page in slices of a few milliseconds, letting the
    // browser paint and answer between them, rather than in one long task (the page is on
    // screen already; a tap meanwhile makes React finish at once, then handle it).
    startTransition(() => {
      hydrateRoot(root, app, {
        // A page that differs from the server's is drawn again by React, and said so in the
        // console in every build (the browser suite fails on it).
        onRecoverableError(error, info) {
          console.error('Hydration error: the page differs from the server HTML', error, {
            componentStack: info.componentStack,
          });
        },
      });
    });
  } else createRoot(root).render(app);
});
