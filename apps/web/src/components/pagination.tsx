import { useI18n } from '../lib/i18n';

/** How many pages `total` items fill (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Previous / next page buttons with "Page x of y" ("of 500+" when the total is `capped`:
 * the list goes on past what was counted); nothing when everything fits one page.
 */
export function Pagination({
  page,
  pageSize,
  total,
  capped,
  onPage,
  label = 'Pages',
}: {
  page: number;
  pageSize: number;
  total: number;
  capped?: boolean;
  onPage: (page: number) => void;
  label?: string;
}) {
  const { t, number } = useI18n();
  const pages = pageCount(total, pageSize);
  if (total <= pageSize && page === 1) return null;
  return (
    <nav aria-label={t(label)} className="mt-4 flex items-center justify-center gap-3">
      <button
        type="button"
        className="btn btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('Previous')}
      </button>
      <span aria-live="polite" className="text-sm">
        {t('Page {{page}} of {{pages}}', {
          page: number(Math.min(page, pages)),
          pages: number(pages, capped),
        })}
      </span>
      <button
        type="button"
        className="btn btn-sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('Next')}
      </button>
    </nav>
  );
}
