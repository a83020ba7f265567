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

/** Who may open a dashboard page (`roles`) and its sidebar link (`sidebar`), as in `Page`. */
type Access = Pick<Page, 'roles' | 'sidebar'>;

/** In the sidebar, for everyone who may open the page. */
const LISTED = { sidebar: {} } as const;
/** Raisers' pages: admins keep what they raised. */
const RAISERS = { roles: ['verified', 'admin'] } as const;
const ADMINS = { roles: ['admin'] } as const;

/** A page of the dashboard layout (which needs a session), open to `access.roles`. */
function dashboardPage<const T extends string, const A extends Access = object>(
  path: string,
  title: T,
  access: A = {} as A,
) {
  return { path, title, area: 'dashboard' as const, ...access };
}

/** An admins' page of the dashboard, in their sidebar. */
function adminPage<const T extends string>(path: string, title: T) {
  return dashboardPage(path, title, { ...ADMINS, ...LISTED });
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

  dashboard: dashboardPage('/dashboard', 'Dashboard'),
  selectedDonation: dashboardPage('/dashboard/selecteddonation', 'Selected Donation', LISTED),
  payment: dashboardPage('/dashboard/selecteddonation/pay/:fundId', 'Payment'),
  /** Where a donor lands after paying: the receipt, sharing, donating again. */
  thankYou: dashboardPage('/dashboard/thank-you/:paymentId', 'Thank You'),
  donated: dashboardPage('/dashboard/donated', 'My Donation History', {
    sidebar: { label: 'Donation History' },
  }),
  paymentHistory: dashboardPage('/dashboard/paymenthistory', 'Payment History', LISTED),
  monthlyGifts: dashboardPage('/dashboard/monthly-gifts', 'My Regular Gifts', LISTED),
  myData: dashboardPage('/dashboard/my-data', 'My Data', LISTED),
  // Open to every signed-in user (raisers and admins see their status); offered to users only.
  verification: dashboardPage('/dashboard/verification', 'Be a Fund Raiser', {
    sidebar: { roles: ['user'] },
  }),
  requestFund: dashboardPage('/dashboard/requestfund', 'Request for Fund', {
    roles: ['verified'],
    sidebar: {},
  }),
  raisedFund: dashboardPage('/dashboard/raisedfund', 'My Raised Fund', {
    // Admins keep what they raised: a role change never takes away what a person owns.
    ...RAISERS,
    sidebar: { ownFunds: true },
  }),
  updateFund: dashboardPage('/dashboard/raisedfund/updatefund', 'Update Your Fund', RAISERS),
  withdraw: dashboardPage('/dashboard/raisedfund/withdraw', 'Withdraw Request', RAISERS),
  // Linked from the withdrawal request: where a raiser's payouts go.
  payoutAccounts: dashboardPage(
    '/dashboard/raisedfund/payout-accounts',
    'Payout Accounts',
    RAISERS,
  ),
  twoFactor: dashboardPage('/dashboard/two-factor', 'Two-factor Sign-in', LISTED),
  adminOverview: adminPage('/dashboard/admin/overview', 'Overview'),
  manageUsers: adminPage('/dashboard/admin/manageUsers', 'Manage Users'),
  manageVerification: adminPage('/dashboard/admin/manageverification', 'Manage Verification'),
  manageRequestedFund: adminPage('/dashboard/admin/managerequestedfund', 'Manage Fund Request'),
  manageWithdrawals: adminPage('/dashboard/admin/managewithdrawals', 'Manage Withdrawals'),
  // Linked from Manage Withdrawals: the accounts payouts may go to.
  managePayoutAccounts: dashboardPage(
    '/dashboard/admin/managepayoutaccounts',
    'Manage Payout Accounts',
    ADMINS,
  ),
  managePayments: adminPage('/dashboard/admin/managepayments', 'Manage Payments'),
  messages: adminPage('/dashboard/admin/messages', 'Messages'),
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
