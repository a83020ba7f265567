import { useLocation, useSearchParams } from '../../lib/router';
import { safeReturnPath } from '../../lib/return-path';

/** Where to go after signing in: ?from=, or the router state, or '/'. */
export function useReturnPath(): string {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { from?: string } | null;
  return safeReturnPath(params.get('from') ?? state?.from);
}
