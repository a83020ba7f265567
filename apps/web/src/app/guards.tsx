import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from '../lib/router';
import { TWO_FACTOR_PAGE } from '@easyfund/shared/identity';
import type { Role } from '@easyfund/shared/constants';
import { providersQuery, useSession } from '../api/session';
import { PageLoader } from '../components/page-loader';
import { paths } from '../lib/paths';

/** Shows its child routes only to the given roles; anyone else goes to '/'.
 *  (The server checks the role of every call on its own.) */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { user, loading } = useSession();
  if (loading) return <PageLoader />;
  if (!user || !roles.includes(user.role)) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

/**
 * Admin pages: admins only; where the deployment requires two-factor sign-in of admins,
 * an admin whose session did not pass it goes to the two-factor page first (to turn it
 * on, or to sign in again with the code). (The server refuses their admin calls with
 * 403 `two_factor_required` on its own.)
 */
export function RequireAdmin() {
  const { user, loading } = useSession();
  const settings = useQuery(providersQuery);
  if (loading || settings.isPending) return <PageLoader />;
  if (!user || user.role !== 'admin') return <Navigate to={paths.home} replace />;
  if (settings.data?.adminTwoFactorRequired && !user.twoFactorVerified) {
    return <Navigate to={`${TWO_FACTOR_PAGE}?required=admin`} replace />;
  }
  return <Outlet />;
}
