/**
 * The server's first render of a page (built to `dist/ssr/entry-server.js`, loaded by
 * the API server): the page's HTML as the browser app would draw it once its code and
 * data are in, so that a phone on a slow connection shows the page before the app's
 * JavaScript has arrived. React DOM's server renderer draws it; the browser app then
 * hydrates it (`hydrateRoot`) with the same markup.
 *
 * Each call has a scope of its own (lib/page-scope.ts): a fresh query cache, the API
 * answered by the caller (inside the server, as an anonymous visitor: the page's public
 * view; a signed-in person's own parts follow in the browser), the `<html data-*>` and
 * the origin.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ReactNode } from 'react';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter } from './lib/static-router';
import { RouterProvider } from './lib/router';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { FirstRenderOptions, FirstRendered } from '@easyfund/shared/pages';
import bn from '@easyfund/shared/i18n/bn.json';
import en from '@easyfund/shared/i18n/en.json';
import { routes } from './app/router';
import { I18nProvider } from './lib/i18n';
import type { PageData } from './lib/page-data';
import { Texts } from './lib/texts';
import { type PageScope, setPageScope } from './lib/page-scope';

const scopes = new AsyncLocalStorage<PageScope>();
setPageScope(() => {
  const scope = scopes.getStore();
  if (!scope) throw new Error('the page was read outside a server render');
  return scope;
});

const handler = createStaticHandler(routes);

/** One text instance per language, with its whole catalogue, made once. */
const texts = new Map<Language, Texts>();
function textsFor(lang: Language): Texts {
  let instance = texts.get(lang);
  if (!instance) {
    instance = new Texts(lang, { [lang]: lang === 'bn' ? bn : en });
    texts.set(lang, instance);
  }
  return instance;
}

/**
 * The first render of a GET of `url`, or null when the page is not a plain 200 (a
 * redirect, a not-found fund, an error: the browser app handles those itself).
 */
export async function render(
  url: string,
  options: FirstRenderOptions,
): Promise<FirstRendered | null> {
  const renderedAt = Date.now();
  const scope: PageScope = {
    fetch: options.fetch,
    htmlData: (name) => options.htmlData[name],
    origin: () => options.origin,
    renderedAt: () => renderedAt,
    queryClient: new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    }),
  };
  return scopes.run(scope, async () => {
    const context = await handler.query(url);
    if (context.statusCode !== 200 || context.errors) return null;
    // A render is a function of its data (and of the time, which `previous` keeps): the
    // same answers as the last render's, the same page, not drawn again.
    const dataKey = JSON.stringify(
      scope
        .queryClient!.getQueryCache()
        .getAll()
        .map((q) => [q.queryHash, q.state.status, q.state.data]),
    );
    if (options.previous?.dataKey === dataKey) return options.previous;
    const router = createStaticRouter(context);
    const body = await renderWhole(
      <I18nProvider instance={textsFor(options.lang)}>
        <QueryClientProvider client={scope.queryClient!}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    // The loaders' answers, given to an anonymous visitor: the page's public view.
    const data: PageData = { ...dehydrate(scope.queryClient!), renderedAt };
    return { body, data, dataKey };
  });
}

/**
 * The page's whole HTML, once every part of it is ready (a part loaded on demand
 * included): the server keeps and compresses a rendered page whole (decision
 * 458), so streaming its parts would not bring the first byte sooner. React's static
 * renderer (`react-dom/static`) gives exactly that, without the string renderer that
 * `react-dom/server` loads beside its stream renderer (~190 KB of code for every start).
 * A part that fails to render fails the render: the page then goes as before, and the
 * browser app draws it, rather than the browser hydrating a page with a hole in it.
 */
async function renderWhole(app: ReactNode): Promise<string> {
  let failed: unknown = null;
  const { prelude } = await prerenderToNodeStream(app, {
    onError(error) {
      failed ??= error;
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return Buffer.concat(chunks).toString('utf8');
}
