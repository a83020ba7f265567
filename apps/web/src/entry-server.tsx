/**
 * The server's first render of a page (built to `dist/ssr/entry-server.js`, loaded by
 * the API server): the page's HTML as the browser app would draw it once its code and
 * data are in, so that a phone on a slow connection shows the page before the app's
 * JavaScript has arrived. The browser app then renders over it with the same markup.
 *
 * Each call has a scope of its own (lib/page-scope.ts): a fresh query cache, the API
 * answered by the caller (inside the server, as an anonymous visitor: the page's public
 * view; a signed-in person's own parts follow in the browser), the `<html data-*>` and
 * the origin.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n } from 'i18next';
import { renderToString } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { FirstRenderOptions, FirstRendered } from '@easyfund/shared/pages';
import bn from '@easyfund/shared/i18n/bn.json';
import en from '@easyfund/shared/i18n/en.json';
import { routes } from './app/router';
import { I18N_OPTIONS, I18nProvider } from './lib/i18n';
import { type PageScope, setPageScope } from './lib/page-scope';

const scopes = new AsyncLocalStorage<PageScope>();
setPageScope(() => {
  const scope = scopes.getStore();
  if (!scope) throw new Error('the page was read outside a server render');
  return scope;
});

const handler = createStaticHandler(routes);

/** One text instance per language, with its whole catalogue, made once. */
const texts = new Map<Language, i18n>();
function textsFor(lang: Language): i18n {
  let instance = texts.get(lang);
  if (!instance) {
    instance = i18next.createInstance({
      ...I18N_OPTIONS,
      lng: lang,
      resources: { [lang]: { translation: lang === 'bn' ? bn : en } },
      initAsync: false,
    });
    void instance.init();
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
  const scope: PageScope = {
    fetch: options.fetch,
    htmlData: (name) => options.htmlData[name],
    origin: () => options.origin,
    queryClient: new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    }),
  };
  return scopes.run(scope, async () => {
    const context = await handler.query(new Request(url));
    if (context instanceof Response || context.statusCode !== 200 || context.errors) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const body = renderToString(
      <I18nProvider instance={textsFor(options.lang)}>
        <QueryClientProvider client={scope.queryClient!}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    // The loaders' answers, given to an anonymous visitor: the page's public view.
    return { body, data: dehydrate(scope.queryClient!) };
  });
}
