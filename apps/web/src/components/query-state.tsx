import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { LoadError } from './load-error';
import { PageLoader } from './page-loader';

/** What QueryState reads of a TanStack query. */
export interface QueryLike<T> {
  isPending: boolean;
  error: Error | null;
  data: T | undefined;
}

/**
 * A loader while the first answer loads, then the content made from the data. On failure:
 * a retry when `onRetry` is given, else an alert with the error's message.
 */
export function QueryState<T>({
  query,
  loadingLabel,
  onRetry,
  children,
}: {
  query: QueryLike<T>;
  /** The loader's accessible name ('Loading' when absent). */
  loadingLabel?: string;
  onRetry?: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useI18n();
  if (query.isPending) return <PageLoader label={loadingLabel} />;
  if (query.error) {
    if (onRetry) return <LoadError onRetry={onRetry} />;
    return (
      <p role="alert" className="alert alert-error">
        {t(query.error.message)}
      </p>
    );
  }
  return query.data === undefined ? null : <>{children(query.data)}</>;
}
