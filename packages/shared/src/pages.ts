import { type Role, SITE_NAME } from './constants';
import type { Language } from './i18n/languages';

/** The footer's information pages (/info/:topic) and their titles. */
export const INFO_PAGE_TITLES = {
  about: 'About Us',
  terms: 'Terms of use',
  privacy: 'Privacy policy',
  cookies: 'Cookies',
  help: 'Help',
  faq: 'FQAs',
} as const;
export type InfoTopic = keyof typeof INFO_PAGE_TITLES;

const NOT_FOUND = 'Page Not Found';

/** The element of a page's HTML that carries the data of the server's first render, which
 *  the browser app starts from (decision 436). */
export const PAGE_DATA_ID = 'page-data';

/** What the server's first render of a page is given: the web build's `render`
 *  (apps/web/src/entry-server.tsx), called by the API server (modules/pages/first-render.ts). */
export interface FirstRenderOptions {
  lang: Language;
  /** Answers the page's API calls. */
  fetch: typeof fetch;
  /** `<html data-*>` as the server writes them. */
  htmlData: Record<string, string>;
  origin: string;
  /**
   * The last render of the same address in the same language: given back as it is when
   * the page's data, read afresh, are the same (`dataKey`), and not drawn again.
   */
  previous?: FirstRendered;
}

/** A page's first render: the HTML inside `#root`, and the data it was drawn from (the
 *  query cache, dehydrated), which the browser app starts from. */
export interface FirstRendered {
  body: string;
  data: unknown;
  /** What the page was drawn from (its loaders' answers): the same key, the same page. */
  dataKey?: string;
}

/** One page of the web app. */
export interface Page {
  /** React Router path pattern, absolute: `/donatenow/:id`. */
  path: string;
  /** The page's title (rendered as '{title} - Easy Fund'); a function when it depends on the path. */
  title: string | ((params: Record<string, string>) => string);
  /** `site`: the public layout; `dashboard`: the dashboard layout, which needs a session. */
  area: 'site' | 'dashboard';
  /** Roles that may open the page; absent → anyone who may open its area. */
  roles?: readonly Role[];
  /** Its link in the dashboard sidebar: the label (default: the title) and who sees it
   *  (default: `roles`, else every signed-in user). Absent → not in the sidebar. */
  sidebar?: {
    label?: string;
    roles?: readonly Role[];
    /** Shown to an admin only when they raised funds of their own. */
    ownFunds?: boolean;
  };
}

/**
 * Every page of the specification, once: the web router, the dashboard sidebar (in this
 * order), the page titles (in the app and in the server's first HTML answer) and the
 * app's internal links are all made from this table.
 */
export const PAGES = {
  home: { path: '/', title: 'Home', area: 'site' },
  donateNow: { path: '/donatenow', title: 'Donate Now', area: 'site' },
  fundDetails: { path: '/donatenow/:id', title: 'Fund Details', area: 'site' },
  contactUs: { path: '/contactus', title: 'Contact Us', area: 'site' },
  zakatCalculator: { path: '/zakat', title: 'Zakat Calculator', area: 'site' },
  unsubscribe: { path: '/unsubscribe/:token', title: 'Fund Updates', area: 'site' },
  /** A monthly gift's manage link (in each of its e-mails): no sign-in. */
  manageGift: { path: '/monthly-gifts/:token', title: 'Monthly Gift', area: 'site' },
  /** A receipt SMS's short link: the receipt, and STOP (no sign-in). */
  smsReceipt: { path: '/r/:token', title: 'Your Receipt', area: 'site' },
  /** An update or decision SMS's short link: where it leads, and STOP (no sign-in). */
  smsNotice: { path: '/n/:token', title: 'Text Messages', area: 'site' },
  info: {
    path: '/info/:topic',
    title: ({ topic }) =>
      topic !== undefined && Object.hasOwn(INFO_PAGE_TITLES, topic)
        ? INFO_PAGE_TITLES[topic as InfoTopic]
        : NOT_FOUND,
    area: 'site',
  },
  login: { path: '/login', title: 'Login', area: 'site' },
  register: { path: '/register', title: 'Register', area: 'site' },
  forgotPassword: { path: '/forgot-password', title: 'Forgot Password', area: 'site' },
  resetPassword: { path: '/reset-password', title: 'Reset Password', area: 'site' },
  verifyEmail: { path: '/verify-email', title: 'Verify E-mail', area: 'site' },

  dashboard: { path: '/dashboard', title: 'Dashboard', area: 'dashboard' },
  selectedDonation: {
    path: '/dashboard/selecteddonation',
    title: 'Selected Donation',
    area: 'dashboard',
    sidebar: {},
  },
  payment: { path: '/dashboard/selecteddonation/pay/:fundId', title: 'Payment', area: 'dashboard' },
  /** Where a donor lands after paying: the receipt, sharing, donating again. */
  thankYou: { path: '/dashboard/thank-you/:paymentId', title: 'Thank You', area: 'dashboard' },
  donated: {
    path: '/dashboard/donated',
    title: 'My Donation History',
    area: 'dashboard',
    sidebar: { label: 'Donation History' },
  },
  paymentHistory: {
    path: '/dashboard/paymenthistory',
    title: 'Payment History',
    area: 'dashboard',
    sidebar: {},
  },
  monthlyGifts: {
    path: '/dashboard/monthly-gifts',
    title: 'My Regular Gifts',
    area: 'dashboard',
    sidebar: {},
  },
  myData: {
    path: '/dashboard/my-data',
    title: 'My Data',
    area: 'dashboard',
    sidebar: {},
  },
  // Open to every signed-in user (raisers and admins see their status); offered to users only.
  verification: {
    path: '/dashboard/verification',
    title: 'Be a Fund Raiser',
    area: 'dashboard',
    sidebar: { roles: ['user'] },
  },
  requestFund: {
    path: '/dashboard/requestfund',
    title: 'Request for Fund',
    area: 'dashboard',
    roles: ['verified'],
    sidebar: {},
  },
  raisedFund: {
    path: '/dashboard/raisedfund',
    title: 'My Raised Fund',
    area: 'dashboard',
    // Admins keep what they raised: a role change never takes away what a person owns.
    roles: ['verified', 'admin'],
    sidebar: { ownFunds: true },
  },
  updateFund: {
    path: '/dashboard/raisedfund/updatefund',
    title: 'Update Your Fund',
    area: 'dashboard',
    roles: ['verified', 'admin'],
  },
  withdraw: {
    path: '/dashboard/raisedfund/withdraw',
    title: 'Withdraw Request',
    area: 'dashboard',
    roles: ['verified', 'admin'],
  },
  // Linked from the withdrawal request: where a raiser's payouts go.
  payoutAccounts: {
    path: '/dashboard/raisedfund/payout-accounts',
    title: 'Payout Accounts',
    area: 'dashboard',
    roles: ['verified', 'admin'],
  },
  twoFactor: {
    path: '/dashboard/two-factor',
    title: 'Two-factor Sign-in',
    area: 'dashboard',
    sidebar: {},
  },
  adminOverview: {
    path: '/dashboard/admin/overview',
    title: 'Overview',
    area: 'dashboard',
    roles: ['admin'],
    sidebar: {},
  },
  manageUsers: {
    path: '/dashboard/admin/manageUsers',
    title: 'Manage Users',
    area: 'dashboard',
    roles: ['admin'],
    sidebar: {},
  },
  manageVerification: {
    path: '/dashboard/admin/manageverification',
    title: 'Manage Verification',
    area: 'dashboard',
    roles: ['admin'],
    sidebar: {},
  },
  manageRequestedFund: {
    path: '/dashboard/admin/managerequestedfund',
    title: 'Manage Fund Request',
    area: 'dashboard',
    roles: ['admin'],
    sidebar: {},
  },
  manageWithdrawals: {
    path: '/dashboard/admin/managewithdrawals',
    title: 'Manage Withdrawals',
    area: 'dashboard',
    roles: ['admin'],
    sidebar: {},
  },
  // Linked from Manage Withdrawals: the accounts payouts may go to.
  managePayoutAccounts: {
    path: '/dashboard/admin/managepayoutaccounts',
    title: 'Manage Payout Accounts',
    area: 'dashboard',
    roles: ['admin'],
  },
  managePayments: {
    path: '/dashboard/admin/managepayments',
    title: 'Manage Payments',
    area: 'dashboard',
    roles: ['admin'],
    sidebar: {},
  },
  messages: {
    path: '/dashboard/admin/messages',
    title: 'Messages',
    area: 'dashboard',
    roles: ['admin'],
    sidebar: {},
  },
} as const satisfies Record<string, Page>;

export type PageName = keyof typeof PAGES;

type FixedTitles = {
  [
    K in PageName as (typeof PAGES)[K]['title'] extends string ? K : never
  ]: (typeof PAGES)[K]['title'];
};

/** Page titles by page (those that do not depend on the path), and the not-found page's. */
export const PAGE_TITLES = {
  ...(Object.fromEntries(
    Object.entries(PAGES as Record<string, Page>)
      .filter(([, p]) => typeof p.title === 'string')
      .map(([name, p]) => [name, p.title]),
  ) as FixedTitles),
  notFound: NOT_FOUND,
} as const;

/** '{page} - Easy Fund'. */
export function pageTitle(page: string): string {
  return `${page} - ${SITE_NAME}`;
}

/**
 * The links of the dashboard sidebar a role sees, in the table's order; `hasOwnFunds`
 * adds an admin's own raised funds.
 */
export function sidebarFor(
  role: Role,
  hasOwnFunds = false,
): { name: PageName; path: string; label: string }[] {
  return (Object.entries(PAGES) as [PageName, Page][]).flatMap(([name, p]) => {
    if (!p.sidebar) return [];
    const roles = p.sidebar.roles ?? p.roles;
    if (roles && !roles.includes(role)) return [];
    if (p.sidebar.ownFunds && role === 'admin' && !hasOwnFunds) return [];
    return [{ name, path: p.path, label: p.sidebar.label ?? (p.title as string) }];
  });
}

/** A path pattern as an anchored regular expression (a trailing slash allowed) and its names. */
function compile(pattern: string): { re: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { re: new RegExp(`^${source.replace(/\/$/, '')}/?$`), names };
}

const MATCHERS = (Object.entries(PAGES) as [PageName, Page][]).map(([name, page]) => ({
  name,
  page,
  ...compile(page.path),
}));

/** The page of a path and its parameters; undefined for a path of no page. */
export function pageForPath(
  pathname: string,
): { name: PageName; page: Page; params: Record<string, string> } | undefined {
  for (const { name, page, re, names } of MATCHERS) {
    const m = re.exec(pathname);
    if (!m) continue;
    return { name, page, params: Object.fromEntries(names.map((n, i) => [n, m[i + 1] ?? ''])) };
  }
  return undefined;
}

/** The document title of a path, for the server's first HTML answer (the app sets it as it navigates). */
export function titleForPath(pathname: string): string {
  const found = pageForPath(pathname);
  if (!found) return pageTitle(NOT_FOUND);
  const { page, params } = found;
  return pageTitle(typeof page.title === 'string' ? page.title : page.title(params));
}
