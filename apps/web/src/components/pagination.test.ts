import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { Texts } from '../lib/texts';
import { pageCount, Pagination } from './pagination';

/** The pagination's text, rendered in English. */
function rendered(props: { page: number; total: number; capped?: boolean }) {
  const html = renderToString(
    createElement(I18nProvider, {
      instance: new Texts('en', {}),
      children: createElement(Pagination, { ...props, pageSize: 20, onPage: () => {} }),
    }),
  );
  return html.replace(/<!-- -->/g, '');
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
});
