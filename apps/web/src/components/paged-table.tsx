import { type ReactNode, useLayoutEffect, useRef } from 'react';
import type { Paged } from '@easyfund/shared/schemas/fields';
import { useI18n } from '../lib/i18n';
import { Pagination } from './pagination';
import { type QueryLike, QueryState } from './query-state';

export interface PagedTableProps<T> {
  /** The list query: loader while pending, an alert on error. */
  query: QueryLike<Paged<T>>;
  /** Accessible names of the table and of its page navigation. */
  label: string;
  pagesLabel: string;
  /** Shown instead of the table when there is nothing to list. */
  empty: string;
  columns: string[];
  onPage: (page: number) => void;
  /** One <tr> for an item, given its 1-based position in the whole list. */
  row: (item: T, position: number) => ReactNode;
  /** Shown above the table (e.g. a count). */
  caption?: ReactNode;
}

/** A paged list: loading and error states, an empty message, the table and its pages. */
export function PagedTable<T>({
  query,
  label,
  pagesLabel,
  empty,
  columns,
  onPage,
  row,
  caption,
}: PagedTableProps<T>) {
  const { t } = useI18n();
  // On a phone each row is a card whose cells name their column (`data-label`, shown by
  // index.css's `.table-cards`): the table's amounts and buttons stay on the screen.
  const body = useRef<HTMLTableSectionElement>(null);
  const labels = columns.map((c) => t(c));
  useLayoutEffect(() => {
    for (const tr of Array.from(body.current?.rows ?? [])) {
      Array.from(tr.cells).forEach((cell, i) => {
        if (labels[i] !== undefined) cell.dataset.label = labels[i];
      });
    }
  });
  return (
    <QueryState query={query}>
      {(data) => (
        <>
          {caption}
          {data.items.length === 0 ? (
            <p className="rounded-box bg-base-100 p-6 text-center shadow">{t(empty)}</p>
          ) : (
            <>
              <p
                className="mb-1 hidden text-right text-xs text-base-content/80 sm:block xl:hidden"
                aria-hidden="true"
              >
                {t('Swipe the table sideways to see all columns')} →
              </p>
              <div
                className="overflow-x-auto rounded-box bg-base-100 shadow"
                tabIndex={0}
                aria-label={t(label)}
                role="region"
              >
                <table className="table table-cards" aria-label={t(label)}>
                  <thead>
                    <tr>
                      {columns.map((c) => (
                        <th key={c} scope="col">
                          {t(c)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody ref={body}>
                    {data.items.map((item, i) =>
                      row(item, (data.page - 1) * data.pageSize + i + 1),
                    )}
                  </tbody>
                </table>
              </div>
              <Pagination
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                capped={data.capped}
                onPage={onPage}
                label={pagesLabel}
              />
            </>
          )}
        </>
      )}
    </QueryState>
  );
}
