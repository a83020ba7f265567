import type { ReactNode } from 'react';
import { PageLoader } from '../../../components/page-loader';

/** A loader while the first page loads, an alert when it fails, the content otherwise. */
export function QueryState({
  pending,
  error,
  children,
}: {
  pending: boolean;
  error: Error | null;
  children: ReactNode;
}) {
  if (pending) return <PageLoader />;
  if (error)
    return (
      <p role="alert" className="alert alert-error">
        {error.message}
      </p>
    );
  return <>{children}</>;
}
