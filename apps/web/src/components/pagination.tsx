import { useI18n } from '../lib/i18n';

/** Previous / next page buttons with "Page x of y"; nothing when everything fits one page. */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  label = 'Pages',
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  const { t, number } = useI18n();
  const pages = Math.max(1, Math.ceil(total / pageSize));
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
          pages: number(pages),
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
