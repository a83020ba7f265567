import type { RouteObject } from '../lib/router';
import { type Page, PAGES, type PageName } from '@easyfund/shared/pages';
import { PageLoader } from '../components/page-loader';
import { loadDashboardTexts } from '../lib/i18n';
import { RequireAdmin, RequireRole } from './guards';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './route-error';

type Lazy = NonNullable<RouteObject['lazy']>;

/** The code of each page of the table, loaded on demand (code splitting), and what it draws. */
const PAGE_MODULES: Record<PageName, Lazy> = {
  home: () => import('../features/home/routes/home').then((m) => ({ Component: m.HomePage })),
  donateNow: () =>
    import('../features/funds/routes/donate-now').then((m) => ({
      Component: m.DonateNowPage,
      loader: m.donateNowLoader,
      ErrorBoundary: m.DonateNowError,
    })),
  fundDetails: () =>
    import('../features/funds/routes/fund-details').then((m) => ({
      Component: m.FundDetailsPage,
      loader: m.fundDetailsLoader,
      ErrorBoundary: m.FundDetailsError,
    })),
  contactUs: () =>
    import('../features/contact/routes/contact-us').then((m) => ({ Component: m.ContactUsPage })),
  zakatCalculator: () =>
    import('../features/zakat/routes/zakat-calculator').then((m) => ({
      Component: m.ZakatCalculatorPage,
    })),
  unsubscribe: () =>
    import('../features/funds/routes/unsubscribe').then((m) => ({ Component: m.UnsubscribePage })),
  manageGift: () =>
    import('../features/monthly/routes/manage-gift').then((m) => ({ Component: m.ManageGiftPage })),
  smsReceipt: () =>
    import('../features/funds/routes/sms-receipt').then((m) => ({ Component: m.SmsReceiptPage })),
  smsNotice: () =>
    import('../features/funds/routes/sms-notice').then((m) => ({ Component: m.SmsNoticePage })),
  info: () => import('../features/home/routes/info').then((m) => ({ Component: m.InfoPage })),
  login: () => import('../features/auth/routes/login').then((m) => ({ Component: m.LoginPage })),
  register: () =>
    import('../features/auth/routes/register').then((m) => ({ Component: m.RegisterPage })),
  forgotPassword: () =>
    import('../features/auth/routes/forgot-password').then((m) => ({
      Component: m.ForgotPasswordPage,
    })),
  resetPassword: () =>
    import('../features/auth/routes/reset-password').then((m) => ({
      Component: m.ResetPasswordPage,
    })),
  verifyEmail: () =>
    import('../features/auth/routes/verify-email').then((m) => ({ Component: m.VerifyEmailPage })),
  dashboard: () =>
    import('../features/dashboard/routes/welcome').then((m) => ({ Component: m.DashboardPage })),
  selectedDonation: () =>
    import('../features/donations/routes/selected-donation').then((m) => ({
      Component: m.SelectedDonationPage,
    })),
  payment: () =>
    import('../features/donations/routes/pay').then((m) => ({ Component: m.PaymentPage })),
  thankYou: () =>
    import('../features/donations/routes/thank-you').then((m) => ({ Component: m.ThankYouPage })),
  donated: () =>
    import('../features/donations/routes/donated').then((m) => ({ Component: m.DonatedPage })),
  paymentHistory: () =>
    import('../features/donations/routes/payment-history').then((m) => ({
      Component: m.PaymentHistoryPage,
    })),
  monthlyGifts: () =>
    import('../features/monthly/routes/monthly-gifts').then((m) => ({
      Component: m.MonthlyGiftsPage,
    })),
  myData: () =>
    import('../features/auth/routes/my-data').then((m) => ({ Component: m.MyDataPage })),
  verification: () =>
    import('../features/raising/routes/verification').then((m) => ({
      Component: m.VerificationPage,
    })),
  requestFund: () =>
    import('../features/raising/routes/request-fund').then((m) => ({
      Component: m.RequestFundPage,
    })),
  raisedFund: () =>
    import('../features/raising/routes/raised-fund').then((m) => ({ Component: m.RaisedFundPage })),
  updateFund: () =>
    import('../features/raising/routes/update-fund').then((m) => ({ Component: m.UpdateFundPage })),
  withdraw: () =>
    import('../features/raising/routes/withdraw').then((m) => ({ Component: m.WithdrawPage })),
  payoutAccounts: () =>
    import('../features/raising/routes/payout-accounts').then((m) => ({
      Component: m.PayoutAccountsPage,
    })),
  twoFactor: () =>
    import('../features/auth/routes/two-factor').then((m) => ({ Component: m.TwoFactorPage })),
  adminOverview: () =>
    import('../features/admin/routes/overview').then((m) => ({ Component: m.AdminOverviewPage })),
  manageUsers: () =>
    import('../features/admin/routes/manage-users').then((m) => ({ Component: m.ManageUsersPage })),
  manageVerification: () =>
    import('../features/admin/routes/manage-verification').then((m) => ({
      Component: m.ManageVerificationPage,
    })),
  manageRequestedFund: () =>
    import('../features/admin/routes/manage-requested-fund').then((m) => ({
      Component: m.ManageRequestedFundPage,
    })),
  manageWithdrawals: () =>
    import('../features/admin/routes/manage-withdrawals').then((m) => ({
      Component: m.ManageWithdrawalsPage,
    })),
  managePayments: () =>
    import('../features/admin/routes/manage-payments').then((m) => ({
      Component: m.ManagePaymentsPage,
    })),
  managePayoutAccounts: () =>
    import('../features/admin/routes/manage-payout-accounts').then((m) => ({
      Component: m.ManagePayoutAccountsPage,
    })),
  messages: () =>
    import('../features/admin/routes/messages').then((m) => ({ Component: m.MessagesPage })),
};

const notFound: RouteObject = {
  path: '*',
  lazy: () => import('./not-found').then((m) => ({ Component: m.NotFoundPage })),
};

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
