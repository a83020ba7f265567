import type { RouteObject } from '../lib/router';
import { type Page, PAGES, type PageName } from '@easyfund/shared/pages';
import { PageLoader } from '../components/page-loader';
import { loadDashboardTexts } from '../lib/i18n';
import { RequireAdmin, RequireRole } from './guards';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './route-error';

type Lazy = NonNullable<RouteObject['lazy']>;

/** The code of each page of the table, loaded on demand (code splitting). */
const PAGE_MODULES: Record<PageName, Lazy> = {
  home: () => import('../features/home/routes/home'),
  donateNow: () => import('../features/funds/routes/donate-now'),
  fundDetails: () => import('../features/funds/routes/fund-details'),
  contactUs: () => import('../features/contact/routes/contact-us'),
  zakatCalculator: () => import('../features/zakat/routes/zakat-calculator'),
  unsubscribe: () => import('../features/funds/routes/unsubscribe'),
  manageGift: () => import('../features/monthly/routes/manage-gift'),
  smsReceipt: () => import('../features/funds/routes/sms-receipt'),
  smsNotice: () => import('../features/funds/routes/sms-notice'),
  info: () => import('../features/home/routes/info'),
  login: () => import('../features/auth/routes/login'),
  register: () => import('../features/auth/routes/register'),
  forgotPassword: () => import('../features/auth/routes/forgot-password'),
  resetPassword: () => import('../features/auth/routes/reset-password'),
  verifyEmail: () => import('../features/auth/routes/verify-email'),
  dashboard: () => import('../features/dashboard/routes/welcome'),
  selectedDonation: () => import('../features/donations/routes/selected-donation'),
  payment: () => import('../features/donations/routes/pay'),
  thankYou: () => import('../features/donations/routes/thank-you'),
  donated: () => import('../features/donations/routes/donated'),
  paymentHistory: () => import('../features/donations/routes/payment-history'),
  monthlyGifts: () => import('../features/monthly/routes/monthly-gifts'),
  myData: () => import('../features/auth/routes/my-data'),
  verification: () => import('../features/raising/routes/verification'),
  requestFund: () => import('../features/raising/routes/request-fund'),
  raisedFund: () => import('../features/raising/routes/raised-fund'),
  updateFund: () => import('../features/raising/routes/update-fund'),
  withdraw: () => import('../features/raising/routes/withdraw'),
  payoutAccounts: () => import('../features/raising/routes/payout-accounts'),
  twoFactor: () => import('../features/auth/routes/two-factor'),
  adminOverview: () => import('../features/admin/routes/overview'),
  manageUsers: () => import('../features/admin/routes/manage-users'),
  manageVerification: () => import('../features/admin/routes/manage-verification'),
  manageRequestedFund: () => import('../features/admin/routes/manage-requested-fund'),
  manageWithdrawals: () => import('../features/admin/routes/manage-withdrawals'),
  managePayments: () => import('../features/admin/routes/manage-payments'),
  managePayoutAccounts: () => import('../features/admin/routes/manage-payout-accounts'),
  messages: () => import('../features/admin/routes/messages'),
};

const notFound: RouteObject = { path: '*', lazy: () => import('./not-found') };

/** The routes of one area, relative to its base path; pages with roles behind RequireRole. */
function routesOf(area: Page['area'], base: string): RouteObject[] {
  return (Object.entries(PAGES) as [PageName, Page][])
    .filter(([, page]) => page.area === area)
    .map(([name, page]) => {
      const path = page.path.slice(base.length).replace(/^\//, '');
      const lazy = PAGE_MODULES[name];
      const route: RouteObject = path ? { path, lazy } : { index: true, lazy };
      if (!page.roles) return route;
      // Admin pages also ask for two-factor sign-in where the deployment requires it.
      const guard =
        page.roles.length === 1 && page.roles[0] === 'admin' ? (
          <RequireAdmin />
        ) : (
          <RequireRole roles={page.roles} />
        );
      return { element: guard, children: [route] };
    });
}

/** Every route of the specification, from the page table (the browser's router and the
 *  server's first render use the same). */
export const routes: RouteObject[] = [
  {
    path: PAGES.home.path,
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Shown while the first page's code loads.
    HydrateFallback: PageLoader,
    children: [...routesOf('site', PAGES.home.path), notFound],
  },
  {
    path: PAGES.dashboard.path,
    // The dashboard's layout and its texts load with its first page.
    lazy: async () => {
      const [{ DashboardLayout }] = await Promise.all([
        import('./layout/dashboard-layout'),
        loadDashboardTexts(),
      ]);
      return { Component: DashboardLayout };
    },
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [...routesOf('dashboard', PAGES.dashboard.path), notFound],
  },
];
