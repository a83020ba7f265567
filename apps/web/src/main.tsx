import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { routerReady } from './app/browser-router';
import { initI18n } from './lib/i18n';
import { renderOver } from './lib/render-over';
import './index.css';
import 'virtual:bangla-name-font.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
// The page's texts (Bangla is loaded only when chosen) before the first render; and when
// the server sent the page's HTML (a production build: the dev server sends none), its
// code and data too, so that the first render draws the same page over it.
const serverRendered = root.hasChildNodes() && !import.meta.env.DEV;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
void Promise.all([initI18n(), serverRendered ? routerReady() : undefined]).then(() => {
  // The app's first render, the longest task of a page's start: a User Timing measure
  // (`app-first-render`) that browser tools and `npm run bench:pages` read.
  performance.mark('app-first-render');
  if (serverRendered) renderOver(root, app);
  else createRoot(root).render(app);
  performance.measure('app-first-render', 'app-first-render');
  // The app answers from now on (`<html data-app="ready">`); what the visitor did on the
  // server's page meanwhile is done again now (public/boot.js).
  document.documentElement.dataset.app = 'ready';
  document.dispatchEvent(new Event('easyfund:app-ready'));
});
