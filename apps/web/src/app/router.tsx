import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RequireAdmin, RequireRole } from './guards';
import { DashboardLayout } from './layout/dashboard-layout';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './route-error';

/** Every route of the specification; pages load on demand (code splitting). */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Shown while the first page's code loads.
    HydrateFallback: PageLoader,
    children: [
      { index: true, lazy: () => import('../features/home/routes/home') },
      { path: 'donatenow', lazy: () => import('../features/funds/routes/donate-now') },
      { path: 'donatenow/:id', lazy: () => import('../features/funds/routes/fund-details') },
      { path: 'contactus', lazy: () => import('../features/contact/routes/contact-us') },
      { path: 'info/:topic', lazy: () => import('../features/home/routes/info') },
      { path: 'login', lazy: () => import('../features/auth/routes/login') },
      { path: 'register', lazy: () => import('../features/auth/routes/register') },
      { path: 'forgot-password', lazy: () => import('../features/auth/routes/forgot-password') },
      { path: 'reset-password', lazy: () => import('../features/auth/routes/reset-password') },
      { path: 'verify-email', lazy: () => import('../features/auth/routes/verify-email') },
      { path: '*', lazy: () => import('./not-found') },
    ],
  },
  {
    path: '/dashboard',
    Component: DashboardLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      { index: true, lazy: () => import('../features/dashboard/routes/welcome') },
      {
        path: 'selecteddonation',
        lazy: () => import('../features/donations/routes/selected-donation'),
      },
      {
        path: 'selecteddonation/pay/:fundId',
        lazy: () => import('../features/donations/routes/pay'),
      },
      { path: 'donated', lazy: () => import('../features/donations/routes/donated') },
      {
        path: 'paymenthistory',
        lazy: () => import('../features/donations/routes/payment-history'),
      },
      { path: 'verification', lazy: () => import('../features/raising/routes/verification') },
      { path: 'two-factor', lazy: () => import('../features/auth/routes/two-factor') },
      {
        element: <RequireRole roles={['verified']} />,
        children: [
          { path: 'requestfund', lazy: () => import('../features/raising/routes/request-fund') },
        ],
      },
      {
        // An admin who raised funds still manages and withdraws them.
        element: <RequireRole roles={['verified', 'admin']} />,
        children: [
          { path: 'raisedfund', lazy: () => import('../features/raising/routes/raised-fund') },
          {
            path: 'raisedfund/updatefund',
            lazy: () => import('../features/raising/routes/update-fund'),
          },
          {
            path: 'raisedfund/withdraw',
            lazy: () => import('../features/raising/routes/withdraw'),
          },
        ],
      },
      {
        path: 'admin',
        element: <RequireAdmin />,
        children: [
          { path: 'manageUsers', lazy: () => import('../features/admin/routes/manage-users') },
          {
            path: 'manageverification',
            lazy: () => import('../features/admin/routes/manage-verification'),
          },
          {
            path: 'managerequestedfund',
            lazy: () => import('../features/admin/routes/manage-requested-fund'),
          },
          {
            path: 'managewithdrawals',
            lazy: () => import('../features/admin/routes/manage-withdrawals'),
          },
          { path: 'messages', lazy: () => import('../features/admin/routes/messages') },
        ],
      },
      { path: '*', lazy: () => import('./not-found') },
    ],
  },
]);
