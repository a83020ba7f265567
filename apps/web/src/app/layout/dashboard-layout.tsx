import { useRef } from 'react';
import { Link, NavLink } from '../../lib/link';
import { Navigate, Outlet, useLocation } from '../../lib/router';
import { ScrollRestoration } from '../../lib/scroll-restoration';
import { TestModeBanner } from './test-mode-banner';
import { useQuery } from '@tanstack/react-query';
import { sidebarFor } from '@easyfund/shared/pages';
import { myFundsQuery } from '../../api/funds';
import { useSession } from '../../api/session';
import { Brand } from '../../components/brand';
import { TwoFactorPrompt } from '../../features/auth/components/two-factor-prompt';
import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice';
import { useI18n } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { LanguageSwitch } from './language-switch';
import { MenuIcon } from './menu-icon';
import { useLogOut } from './use-log-out';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

/** The dashboard: needs a session (signed-out visitors go to /login and come back). */
export function DashboardLayout() {
  const { user, loading } = useSession();
  const location = useLocation();
  const logOut = useLogOut();
  const { t } = useI18n();
  const drawer = useRef<HTMLInputElement>(null);
  // An admin who raised funds keeps their own My Raised Fund (and withdraw) links.
  const ownFunds = useQuery({ ...myFundsQuery, enabled: user?.role === 'admin' });
  const hasOwnFunds = (ownFunds.data?.items.length ?? 0) > 0;

  if (loading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <progress
          className="progress progress-primary w-56"
          aria-label={t('Loading your session')}
        />
      </div>
    );
  }
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login(encodeURIComponent(from))} replace state={{ from }} />;
  }

  return (
    <div className="drawer lg:drawer-open">
      <input
        ref={drawer}
        id="dashboard-drawer"
        type="checkbox"
        className="drawer-toggle"
        aria-label={t('Toggle the dashboard menu')}
      />
      <div className="drawer-content flex min-h-screen flex-col bg-base-200/40">
        <header className="navbar border-b border-base-200 bg-base-100 lg:hidden">
          <label
            htmlFor="dashboard-drawer"
            className="btn btn-ghost drawer-button"
            aria-label={t('Open the dashboard menu')}
          >
            <MenuIcon className="h-5 w-5" />
          </label>
          <Brand className="text-xl" />
        </header>
        <TestModeBanner />
        <main id="main" className="flex-1 p-4 md:p-8">
          <VerifyEmailNotice />
          <TwoFactorPrompt />
          <Outlet />
        </main>
      </div>
      <aside className="drawer-side z-40" aria-label={t('Dashboard menu')}>
        <label
          htmlFor="dashboard-drawer"
          aria-label={t('Close the dashboard menu')}
          className="drawer-overlay"
        />
        <div className="flex min-h-full w-72 flex-col bg-base-100 p-4 shadow">
          <div className="mb-6 flex items-center justify-between gap-2">
            <Link to={paths.home} className="block px-2 text-3xl">
              <Brand />
            </Link>
            <LanguageSwitch />
          </div>
          {/* On a phone the menu covers the page: choosing a link closes it. */}
          <nav
            aria-label={t('Dashboard')}
            onClick={(e) => {
              if ((e.target as HTMLElement).closest('a') && drawer.current)
                drawer.current.checked = false;
            }}
          >
            <ul className="menu w-full gap-1 p-0 text-base">
              <li>
                <Link to={paths.home}>{t('Go Back to Home')}</Link>
              </li>
              <li>
                <NavLink to={paths.dashboard} end className={linkClass}>
                  {t('Dashboard')}
                </NavLink>
              </li>
              <li className="menu-title mt-2 text-base-content/80">
                {user.role === 'admin' ? t('Admin') : t('My account')}
              </li>
              {sidebarFor(user.role, hasOwnFunds).map((l) => (
                <li key={l.name}>
                  <NavLink to={l.path} className={linkClass}>
                    {t(l.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <button
            type="button"
            className="btn btn-outline btn-sm mt-auto"
            onClick={() => void logOut()}
          >
            {t('Log Out')}
          </button>
        </div>
      </aside>
      <ScrollRestoration />
    </div>
  );
}
