import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { RouterProvider } from '../lib/router';
import { createStaticHandler, createStaticRouter } from '../lib/static-router';
import { Texts } from '../lib/texts';
import { pageCount, Pagination } from './pagination';

type Shown = { page: number; total: number; capped?: boolean };

/** `element` rendered in English, without React's text separators. */
function html(element: ReactElement) {
  return renderToString(
    createElement(I18nProvider, { instance: new Texts('en', {}), children: element }),
  ).replace(/<!-- -->/g, '');
}

/** The pagination with buttons, as a list inside a page has it. */
const rendered = (props: Shown) =>
  html(createElement(Pagination, { ...props, pageSize: 20, onPage: () => {} }));

/** The pagination with links to `/donatenow?page=n`, drawn on that page by the router. */
async function renderedAsLinks(props: Shown) {
  const Page = () =>
    createElement(Pagination, { ...props, pageSize: 20, hrefOf: (n) => `/donatenow?page=${n}` });
  const context = await createStaticHandler([{ path: '/donatenow', Component: Page }]).query(
    `http://localhost/donatenow?page=${props.page}`,
  );
  return html(createElement(RouterProvider, { router: createStaticRouter(context) }));
}

describe('Pagination', () => {
  it('counts the pages a total fills, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('names the last page of an exact total, and marks a capped one as going on', () => {
    expect(rendered({ page: 1, total: 10_000 })).toContain('Page 1 of 500<');
    expect(rendered({ page: 1, total: 10_000, capped: true })).toContain('Page 1 of 500+<');
    expect(rendered({ page: 1, total: 20 })).toBe('');
  });

  it('steps by buttons, the first and last pages without a way past them', () => {
    const first = rendered({ page: 1, total: 45 });
    expect(first).toMatch(/<button[^>]*disabled=""[^>]*>Previous<\/button>/);
    expect(first).toMatch(/<button type="button" class="btn btn-sm">Next<\/button>/);
    expect(rendered({ page: 3, total: 45 })).toMatch(/<button[^>]*disabled=""[^>]*>Next</);
  });

  it("links a page of its own to its neighbours' addresses, which a visitor can share", async () => {
    const middle = await renderedAsLinks({ page: 2, total: 45 });
    expect(middle).toContain('href="/donatenow?page=1"');
    expect(middle).toContain('href="/donatenow?page=3"');
    expect(middle).toContain('<span class="text-sm" aria-current="page">Page 2 of 3</span>');
    const last = await renderedAsLinks({ page: 3, total: 45, capped: true });
    expect(last).toContain('href="/donatenow?page=2"');
    expect(last).toContain('Page 3 of 3+');
    // The steps stop at the last page counted, as a list's own pager does.
    expect(last).toMatch(/<span class="btn btn-outline btn-disabled" aria-hidden="true">Next</);
    expect(await renderedAsLinks({ page: 1, total: 20 })).toBe('');
    // An old link past the end leads back to the last page there is.
    const past = await renderedAsLinks({ page: 7, total: 45 });
    expect(past).toContain('href="/donatenow?page=3"');
    expect(past).toContain('Page 3 of 3');
    // A capped total's pages go on past the last one counted: page 90 of 50+ is page 90.
    const beyond = await renderedAsLinks({ page: 90, total: 1_000, capped: true });
    expect(beyond).toContain('Page 90 of 50+');
    expect(beyond).toContain('href="/donatenow?page=89"');
  });
});
