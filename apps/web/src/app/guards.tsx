import { Navigate, Outlet } from 'react-router';
import type { Role } from '@easyfund/shared/constants';
import { useSession } from '../api/session';
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
