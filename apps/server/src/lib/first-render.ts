import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language } from '@easyfund/shared/i18n/languages';

/** The web build's server-render module (apps/web/src/entry-server.tsx), as it is called. */
interface EntryServer {
  render(
    url: string,
    options: {
      lang: Language;
      fetch: typeof fetch;
      htmlData: Record<string, string>;
      origin: string;
    },
  ): Promise<string | null>;
}

/**
 * The pages whose first HTML the server renders: the ones most visitors open first,
 * reached from search and shared links, whose data is public. Every other page is drawn
 * by the browser app alone (decision 434).
 */
export const FIRST_RENDER_PAGES = new Set(['home', 'donateNow', 'fundDetails']);

/** The web build's first-render module, or null when the build has none. */
export async function loadFirstRender(webDist: string): Promise<EntryServer | null> {
  const file = path.join(webDist, 'ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as EntryServer;
}

/**
 * The page's HTML with the server's render in `#root`, and its code loaded after the
 * first paint (`/boot.js`) instead of from the head: the entry's module script and every
 * `modulepreload` move into the boot script's data.
 */
export function withFirstRender(html: string, body: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry || !html.includes('<div id="root"></div>')) return html;
  const preloads: string[] = [];
  const withoutCode = html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_link, href: string) => {
      preloads.push(href);
      return '';
    });
  const boot = `<script src="/boot.js" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}" defer></script>`;
  // A function, so that `$&` and the like in the page's text are not replacement patterns.
  return withoutCode.replace('<div id="root"></div>', () => `<div id="root">${body}</div>${boot}`);
}
