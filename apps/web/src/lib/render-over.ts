import { type ComponentChild, render } from 'preact';
import type { ReactNode } from 'react';

/**
 * Renders the app over the page the server rendered (entry-server.tsx), in the build
 * (where Preact renders the app's React code, vite.config.ts). Preact's own `render`
 * reuses the server's elements where they match and corrects every attribute and text
 * that differs; `createRoot().render` would empty the page first (a flash, and a second
 * largest paint), and `hydrateRoot` would keep a differing attribute as the server wrote it.
 */
export function renderOver(container: HTMLElement, app: ReactNode): void {
  // The visitor may have scrolled the server's page while the code loaded; the router's
  // scroll restoration, mounting, would put them back at the top (a link to `#part` is
  // the router's to follow).
  const { scrollX, scrollY } = window;
  render(app as ComponentChild, container);
  if (!window.location.hash) window.scrollTo(scrollX, scrollY);
}
