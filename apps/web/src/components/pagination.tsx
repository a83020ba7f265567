import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { Link } from '../lib/link';

/** How many pages `total` items fill (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Where the pager's steps go: `onPage` for a list inside a page, `hrefOf` for a page of its own. */
type Target = { onPage: (page: number) => void } | { hrefOf: (page: number) => string };

/**
 * Previous / next page steps with "Page x of y" ("of 500+" when the total is `capped`:
 * the list goes on past what was counted); nothing when everything fits one page. With
 * `hrefOf` the steps are links to the pages' own addresses (a public list, rendered by the
 * server, that a visitor can share or open in a new tab); with `onPage`, buttons. Past the
 * last page of an exact total (its rows gone since, an old link), Previous goes to the last
 * page.
 */
export function Pagination({
  page,
  pageSize,
  total,
  capped,
  label,
  ...target
}: {
  page: number;
  pageSize: number;
  total: number;
  capped?: boolean;
  label?: string;
} & Target) {
  const { t, number } = useI18n();
  const pages = pageCount(total, pageSize);
  if (total <= pageSize && page === 1) return null;
  const links = 'hrefOf' in target;
  // Past the last page of an exact total there are no rows: it is shown as the last page,
  // and Previous leads there. A capped total's pages go on past the last one counted.
  const shown = capped ? page : Math.min(page, pages);
  const previous = capped ? page - 1 : Math.min(page - 1, pages);
  const step = (to: number, open: boolean, text: string): ReactNode => {
    if (!links) {
      return (
        <button
          type="button"
          className="btn btn-sm"
          disabled={!open}
          onClick={() => target.onPage(to)}
        >
          {text}
        </button>
      );
    }
    return open ? (
      <Link className="btn btn-outline" to={target.hrefOf(to)}>
        {text}
      </Link>
    ) : (
      <span className="btn btn-outline btn-disabled" aria-hidden="true">
        {text}
      </span>
    );
  };
  return (
    <nav
      aria-label={label ? t(label) : t('Pages')}
      className={`flex items-center justify-center ${links ? 'mt-10 gap-4' : 'mt-4 gap-3'}`}
    >
      {step(previous, page > 1, t('Previous'))}
      <span
        className="text-sm"
        aria-current={links ? 'page' : undefined}
        aria-live={links ? undefined : 'polite'}
      >
        {t('Page {{page}} of {{pages}}', {
          page: number(shown),
          pages: number(pages, capped),
        })}
      </span>
      {step(page + 1, page < pages, t('Next'))}
    </nav>
  );
}
