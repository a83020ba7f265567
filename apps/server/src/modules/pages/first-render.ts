import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type FirstRendered, type FirstRenderOptions, PAGE_DATA_ID } from '@easyfund/shared/pages';

/** The web build's server-render module, as it is called. */
interface EntryServer {
  render(url: string, options: FirstRenderOptions): Promise<FirstRendered | null>;
}

/** A page's first render, or null: the page is then sent as before. */
export type FirstRender = (
  url: string,
  options: FirstRenderOptions,
) => Promise<FirstRendered | null>;

/**
 * The pages whose first HTML the server renders: the ones most visitors open first,
 * reached from search and shared links, whose data is public. Every other page is drawn
 * by the browser app alone (decision 434).
 */
export const FIRST_RENDER_PAGES = new Set(['home', 'donateNow', 'fundDetails']);

/**
 * The query parameters each rendered page reads (the fund list's filters, as the web
 * app's `filtersFromSearch` reads them); any other parameter changes nothing on the page.
 */
const PAGE_QUERY: Record<string, readonly string[]> = {
  donateNow: ['q', 'cause', 'sort', 'zakat', 'page'],
};

/** Longest value of a parameter kept (a search is bounded far below it). */
const MAX_PARAM_CHARS = 200;

/**
 * The address a page is rendered from and kept under: its path and the parameters the
 * page reads, in a fixed order (the first value of each), nothing else. `?x=<random>`
 * renders nothing new, and the order of the parameters does not matter.
 */
export function renderedAddress(pageName: string, pathname: string, url: string): string {
  const known = PAGE_QUERY[pageName] ?? [];
  if (known.length === 0) return pathname;
  const query = url.indexOf('?');
  const given = new URLSearchParams(query === -1 ? '' : url.slice(query + 1));
  const kept = new URLSearchParams();
  for (const name of known) {
    const value = given.get(name);
    if (value) kept.set(name, value.slice(0, MAX_PARAM_CHARS));
  }
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * A page drawn from the same data as its last render is that render again, for this long
 * after it was drawn at most (a minute: its "5 minutes ago" stay true enough).
 */
export const RENDER_REUSE_MS = 60_000;
/** The last render of this many addresses is kept for that. */
export const LAST_RENDERS = 128;

/** Renders at once, at most; more requests meanwhile get the page as before. */
export const MAX_RENDERS_IN_FLIGHT = 8;
/** A render that takes longer is not waited for (the page goes as before). */
export const RENDER_TIME_LIMIT_MS = 2000;

/**
 * The web build's first-render module, guarded: null when the build has none or it does
 * not load (the pages then go as before). A render that throws, takes longer than
 * {@link RENDER_TIME_LIMIT_MS} or would be one too many at once gives null: rendering is
 * an extra, never a reason for a page to fail or to wait, nor a lever to flood the server.
 */
export async function loadFirstRender(
  webDist: string,
  log: { warn(obj: object, msg: string): void },
  limits = { maxInFlight: MAX_RENDERS_IN_FLIGHT, timeLimitMs: RENDER_TIME_LIMIT_MS },
): Promise<FirstRender | null> {
  const file = path.join(webDist, 'ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  let entry: EntryServer;
  try {
    entry = (await import(pathToFileURL(file).href)) as EntryServer;
  } catch (err) {
    log.warn(
      { err, file },
      'the first-render module does not load; pages are drawn in the browser',
    );
    return null;
  }
  let inFlight = 0;
  return async (url, options) => {
    if (inFlight >= limits.maxInFlight) return null;
    inFlight++;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const rendering = entry.render(url, options).finally(() => inFlight--);
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), limits.timeLimitMs);
    });
    try {
      return await Promise.race([rendering, late]);
    } catch (err) {
      log.warn({ err, url }, 'first render failed; the page is drawn in the browser');
      return null;
    } finally {
      clearTimeout(timer);
      // A render still running after the limit must not fail unhandled.
      rendering.catch(() => {});
    }
  };
}

/**
 * JSON that can stand inside a `<script>` element: no `<` (so no `</script>` nor `<!--`),
 * and the two line separators JavaScript once did not allow in strings, escaped.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * The page's HTML with the server's render in `#root` and its data beside it, and its
 * code loaded after the first paint (`/boot.js`) instead of from the head: the entry's
 * module script and every `modulepreload` move into the boot script's data.
 */
export function withFirstRender(html: string, { body, data }: FirstRendered): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry || !html.includes('<div id="root"></div>')) return html;
  const preloads: string[] = [];
  const withoutCode = html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_link, href: string) => {
      preloads.push(href);
      return '';
    });
  const boot =
    (data == null
      ? ''
      : `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>`) +
    `<script src="/boot.js" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}" defer></script>`;
  // A function, so that `$&` and the like in the page's text are not replacement patterns.
  return withoutCode.replace('<div id="root"></div>', () => `<div id="root">${body}</div>${boot}`);
}
