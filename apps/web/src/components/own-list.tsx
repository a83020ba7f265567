import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { type QueryLike, QueryState } from './query-state';

/**
 * A list of the signed-in person's own things (donations, payments, gifts, the cart): a
 * loader, a retry on failure, then the reason and a way to donate when it is empty, else
 * the list made from the data. The texts are catalogue keys.
 */
export function OwnList<D extends { items: unknown[] }>({
  query,
  loadingLabel,
  empty,
  children,
}: {
  query: QueryLike<D> & { refetch: () => unknown };
  loadingLabel: string;
  /** Why the list is empty. */
  empty: string;
  children: (data: D) => ReactNode;
}) {
  return (
    <QueryState query={query} loadingLabel={loadingLabel} onRetry={() => void query.refetch()}>
      {(data) => (data.items.length === 0 ? <EmptyState text={empty} /> : children(data))}
    </QueryState>
  );
}
