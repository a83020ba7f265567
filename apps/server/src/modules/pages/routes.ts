import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { type Language, LANGUAGE_COOKIE } from '@easyfund/shared/i18n/languages';
import {
  type FirstRendered,
  PAGE_TITLES,
  type PageName,
  pageForPath,
  pageTitle,
  titleForPath,
} from '@easyfund/shared/pages';
import { type Db, rowsOf } from '../../db/client';
import { isApiPath, pathOfUrl } from '../../lib/api-path';
import { encodeHtml, htmlEncodingFor, type KeptPage, SharedPage } from '../../lib/html-encoding';
import { translate } from '../../lib/i18n';
import type { CachedBody } from '../../lib/micro-cache';
import {
  fundShareCard,
  ROBOTS_NOINDEX,
  type ShareCardOptions,
  withShareCard,
} from '../funds/share-tags';
import {
  FIRST_RENDER_PAGES,
  type FirstRender,
  LAST_RENDERS,
  loadFirstRender,
  RENDER_REUSE_MS,
  renderedAddress,
  withFirstRender,
} from './first-render';
import { pageHead } from './page-head';

/**
 * The pages that show one item named in their address, and the API each asks for it:
 * an item that API does not show the visitor answers the page with 404.
 */
const ITEM_PAGE_APIS: Partial<Record<PageName, (params: Record<string, string>) => string>> = {
  fundDetails: ({ id }) => `/api/funds/${id}`,
  unsubscribe: ({ token }) => `/api/updates/unsubscribe/${token}`,
  manageGift: ({ token }) => `/api/monthly-gifts/manage/${token}`,
  smsReceipt: ({ token }) => `/api/sms-links/${token}`,
};

/**
 * The web build's folders of many files (hashed code and styles, pictures): one route for
 * each folder, whose file is looked up as it is asked for. A route per file (some 350 with
 * HEAD) took longer to set up than any other part of the server's start.
 */
const FILE_FOLDERS = ['assets', 'images'];

/**
 * The web app's pages: its built files (WEB_DIST), and every other address answered with
 * its HTML — the page's title, language and head already in it, the busiest public pages
 * rendered first here and kept (their caches are this module's), a fund's share card,
 * the 404 page with the status 404 — and an unknown API path with a JSON 404.
 */
async function pages(app: FastifyInstance) {
  const { config, database } = app;
  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : undefined;
  const serveWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    const setHeaders = (
      res: { setHeader(name: string, value: string): unknown },
      filePath: string,
    ) => {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    };
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The server's own render module (ssr/) is loaded, never served; the .br/.gz
      // siblings are sent for their file (`preCompressed`), not at addresses of their own.
      // A route each for the few files at the top only: the folders of many files are
      // served below.
      globIgnore: ['ssr/**', ...FILE_FOLDERS.map((folder) => `${folder}/**`), '**/*.br', '**/*.gz'],
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      // The web build ships .br/.gz siblings of its text assets (see apps/web/vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders,
    });
    for (const folder of FILE_FOLDERS) {
      const root = path.join(webDist, folder);
      if (!existsSync(root)) continue;
      await app.register(fastifyStatic, {
        root,
        prefix: `/${folder}/`,
        decorateReply: false,
        index: false,
        // A file of the folder, as it was built: neither a folder's own address nor a
        // compressed sibling at an address of its own (each goes to the 404 page).
        allowedPath: (pathName) => !pathName.endsWith('/') && !/\.(?:br|gz)$/.test(pathName),
        preCompressed: true,
        cacheControl: false,
        setHeaders,
      });
    }
  }

  const indexHtml = serveWeb ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
  // What each page fetches first, named in its HTML (the Bangla texts, its own code, …).
  const headFor = serveWeb ? pageHead(webDist) : () => '';
  // One HTML per page, title and language (a small fixed set), built on first use: the
  // page's language in `<html lang>` (the web app reads it and loads its texts before
  // the first render), the payment mode, its title already translated and its own code;
  // compressed once per encoding.
  const pageHtml = new Map<string, SharedPage>();
  const sharedPageFor = (title: string, lang: Language, pageName: string | undefined) => {
    const key = `${lang}\u0000${title}\u0000${pageName ?? ''}`;
    let shared = pageHtml.get(key);
    if (shared === undefined) {
      const [page, brand] = title.split(' - ');
      const translated = brand
        ? `${translate(lang, page ?? '')} - ${brand}`
        : translate(lang, title);
      const html = indexHtml
        // The payment mode and provider too: the test-mode banner is on the first paint,
        // not pushed in above the page once the payment settings have loaded.
        .replace(
          /<html lang="[^"]*"/,
          `<html lang="${lang}" data-payment-mode="${app.payments.mode}" data-payment-provider="${app.config.paymentProvider}"`,
        )
        .replace(/<title>[^<]*<\/title>/, `<title>${translated}</title>`)
        .replace('</head>', `${headFor(pageName, lang)}</head>`);
      shared = new SharedPage(html);
      pageHtml.set(key, shared);
    }
    return shared;
  };
  // The first HTML of the busiest public pages, rendered here with the web app's own code
  // (decision 434); without that module in the build, the browser app draws them alone.
  const firstRender = serveWeb ? await loadFirstRender(webDist, app.log) : null;
  /** A page's first HTML, with its API calls answered here as an anonymous visitor's
   *  from the same address, in the visitor's language. */
  const renderFirst = (
    render: FirstRender,
    request: FastifyRequest,
    address: string,
    previous?: FirstRendered,
  ) => {
    const lang = request.language();
    const answer: typeof fetch = async (input, init) => {
      const res = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: String(input),
        remoteAddress: request.ip,
        headers: { 'accept-language': lang, cookie: `${LANGUAGE_COOKIE}=${lang}` },
      });
      return new Response(res.statusCode === 204 ? null : res.payload, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    };
    return render(`${config.publicUrl}${address}`, {
      lang,
      fetch: answer,
      htmlData: { paymentMode: app.payments.mode, paymentProvider: app.config.paymentProvider },
      origin: config.publicUrl,
      previous,
    });
  };
  /** A page's HTML, with its fund's share card (Open Graph, Twitter) on a fund's page;
   *  `withData`: the page carries the fund's data (a rendered page). */
  const withCardOf = async (
    html: string,
    page: ReturnType<typeof pageForPath>,
    lang: Language,
    options?: ShareCardOptions,
  ) => {
    const fundId = page?.name === 'fundDetails' ? page.params.id : undefined;
    const card = fundId
      ? await fundShareCard(database.db, config.publicUrl, decodeURIComponent(fundId), lang)
      : null;
    return card ? withShareCard(html, card, options) : html;
  };
  // A rendered page is the same for every visitor of that address in that language: kept
  // whole (share card and render) as long as the API's public answers (PUBLIC_CACHE_MS, a
  // second by default) and emptied on this process's writes, so a burst of visitors costs
  // one render a second, and one compression per encoding of what was kept. The address
  // is the path and the parameters the page reads (`renderedAddress`): a parameter made
  // up per request renders nothing new. At most 512 pages and 16 MB, least recently used
  // going first.
  const renderedPages = app.publicCache.create(512, 16 * 1024 * 1024);
  // The kept entry's text, decoded once; its compressions are the entry's own.
  const renderedCopies = new WeakMap<CachedBody, KeptPage>();
  // Each address's last render, with its page as sent (compressions included) and the
  // database's state its data were read in: when no write has been committed since (the
  // same state), the page is that page again, its data not read again; otherwise they are
  // read afresh, and when they are the same (the render gives `previous` back) the page is
  // not drawn, nor compressed, again. A render is reused for RENDER_REUSE_MS after it was
  // drawn at most (its relative times are its own); the last LAST_RENDERS addresses are
  // kept.
  const lastRenders = new Map<
    string,
    { rendered: FirstRendered; card: string; page: KeptPage; at: number; state: string | null }
  >();
  const pagesInFlight = new Map<string, Promise<KeptPage | null>>();
  const renderedPage = (
    render: FirstRender,
    request: FastifyRequest,
    shared: SharedPage,
    page: NonNullable<ReturnType<typeof pageForPath>>,
    pathname: string,
  ): Promise<KeptPage | null> => {
    const address = renderedAddress(page.name, pathname, request.url);
    const key = `${request.language()}\u0000${address}`;
    // Visitors of the address meanwhile get the same page (a page found again included).
    const sharing = pagesInFlight.get(key);
    if (sharing) return sharing;
    let reused: KeptPage | undefined;
    let made:
      { rendered: FirstRendered; card: string; at: number; state: string | null } | undefined;
    const answered = renderedPages
      .get(key, async () => {
        const startedAt = Date.now();
        const kept = lastRenders.get(key);
        const last = kept && startedAt - kept.at < RENDER_REUSE_MS ? kept : undefined;
        // Before the page's reads: a write committed while they run changes the state the
        // next visitor finds, so what they read is never taken for a later state's.
        const state = await databaseState(database.db);
        if (last && state !== null && state === last.state) {
          reused = last.page;
          return last.page.html;
        }
        const rendered = await renderFirst(render, request, address, last?.rendered);
        // Not kept: the next visitor's render may succeed.
        if (rendered === null) throw new Error('the page was not rendered');
        const card = await withCardOf(shared.html, page, request.language(), { withData: true });
        if (last && rendered === last.rendered && card === last.card) {
          last.state = state;
          reused = last.page;
          return last.page.html;
        }
        made = { rendered, card, at: startedAt, state };
        return withFirstRender(card, rendered);
      })
      .then(
        (cached) => {
          if (reused) return reused;
          let copy = renderedCopies.get(cached);
          if (!copy) {
            const { compressed } = cached;
            copy = {
              html: cached.body.toString('utf8'),
              encode: (encoding) => compressed.encode(encoding),
            };
            renderedCopies.set(cached, copy);
          }
          if (made) {
            lastRenders.delete(key);
            lastRenders.set(key, { ...made, page: copy });
            if (lastRenders.size > LAST_RENDERS) {
              const oldest = lastRenders.keys().next().value;
              if (oldest !== undefined) lastRenders.delete(oldest);
            }
          }
          return copy;
        },
        () => null,
      );
    pagesInFlight.set(key, answered);
    const done = () => {
      if (pagesInFlight.get(key) === answered) pagesInFlight.delete(key);
    };
    void answered.then(done, done);
    return answered;
  };
  /**
   * Whether the item a page shows by its address is there for this visitor: what the API
   * the page asks answers them (a raiser sees their own pending fund, nobody else does).
   * Pages of no item, or an item the API shows, are there.
   */
  const itemIsThere = async (
    page: NonNullable<ReturnType<typeof pageForPath>>,
    request: FastifyRequest,
  ): Promise<boolean> => {
    const api = ITEM_PAGE_APIS[page.name]?.(page.params);
    if (!api) return true;
    const cookie = request.headers.cookie;
    const res = await app.inject({
      method: 'GET',
      url: api,
      remoteAddress: request.ip,
      headers: cookie ? { cookie } : {},
    });
    // An address no item can have (not an id, too long) is not there either.
    return !NO_ITEM.has(res.statusCode);
  };
  const notFoundTitle = pageTitle(PAGE_TITLES.notFound);
  const NO_ITEM = new Set([400, 404, 414]);
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathOfUrl(request.url) || '/';
    const isApi = isApiPath(pathname);
    if (serveWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      // The single-page app answers every other path (its 404 page included), with
      // the page's title already in the HTML; a fund's page also carries its own share
      // card for the crawlers of Facebook, WhatsApp and others.
      const page = pageForPath(pathname);
      const title = titleForPath(pathname);
      const lang = request.language();
      const rendered =
        firstRender && page && FIRST_RENDER_PAGES.has(page.name) && request.method === 'GET'
          ? await renderedPage(
              firstRender,
              request,
              sharedPageFor(title, lang, page.name),
              page,
              pathname,
            )
          : null;
      // A path of no page, and an unknown fund, receipt link or the like: the app's 404
      // page, answered with the status 404 (a rendered page shows an item that is there).
      const missing =
        !page || title === notFoundTitle || (!rendered && !(await itemIsThere(page, request)));
      const shared = sharedPageFor(missing ? notFoundTitle : title, lang, page?.name);
      if (missing) reply.status(404);
      const kept = rendered ?? shared;
      const html = rendered
        ? rendered.html
        : missing
          ? shared.html
          : await withCardOf(shared.html, page, lang);
      // A fund taken down asks search engines to drop it, in its head and its headers
      // (only our own tags are in the head: what a raiser wrote there is escaped).
      const head = html.slice(0, html.indexOf('</head>'));
      if (head.includes(ROBOTS_NOINDEX)) reply.header('x-robots-tag', 'noindex');
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie, accept-language, accept-encoding')
        .type('text/html; charset=utf-8');
      const encoding = htmlEncodingFor(request.headers['accept-encoding']);
      if (!encoding) return reply.send(html);
      // A page kept for every visitor (the same for all, or rendered) is compressed once;
      // an unrendered fund's page with its share card, for this request.
      const encoded =
        html === kept.html ? await kept.encode(encoding) : await encodeHtml(html, encoding);
      return reply.header('content-encoding', encoding).send(encoded);
    }
    return reply.status(404).send({
      error: { code: 'not_found', message: `No route ${request.method} ${pathname}` },
    });
  });
}

/**
 * The database's state as a text: PostgreSQL's current snapshot (the transactions whose
 * writes a query sees: `xmin:xmax:in-progress`), the same on every connection and in
 * every process, and the whole server's (a write to another of its databases changes it
 * too: never a stale page, only one read again). The same text later means that no write
 * has been committed in between (a transaction that writes takes the next id; one in
 * progress that commits leaves the list), so whatever was read after the first is read the
 * same again. Null when it cannot be asked (the page's data are then read).
 */
async function databaseState(db: Db): Promise<string | null> {
  try {
    const [row] = rowsOf<{ state: string }>(
      await db.execute(sql`select pg_current_snapshot()::text as state`),
    );
    return row?.state ?? null;
  } catch {
    return null;
  }
}

export default fp(pages, { name: 'pages' });
