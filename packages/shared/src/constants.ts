/** Roles a user can hold. `user` on sign-up; `verified` raisers; `admin`. */
export const ROLES = ['user', 'verified', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Decision states shared by funds, verification applications and withdrawals. */
export const DECISION_STATUSES = ['pending', 'approved', 'denied'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The six causes of the home page's 'What We Do?' block, also a fund's category. */
export const CAUSES = [
  {
    id: 'startup',
    title: 'Startup',
    text: 'Help startups by donating or create one for your own startup.',
  },
  {
    id: 'charitable-trust',
    title: 'Charitable Trust',
    text: 'Contribute to reputable charities.',
  },
  {
    id: 'health-care',
    title: 'Health Care',
    text: 'Create a fund or donate to people in need of health care.',
  },
  {
    id: 'education',
    title: 'Education',
    text: "Make children's life brighter by donating or creating funds for their education.",
  },
  {
    id: 'relief-fund',
    title: 'Relief Fund',
    text: 'Collect funds for families affected by natural or manmade disasters.',
  },
  {
    id: 'social-care',
    title: 'Social Care',
    text: 'Help people by donating or creating funds for less fortunate people.',
  },
] as const;
export type CauseId = (typeof CAUSES)[number]['id'];
export const CAUSE_IDS = CAUSES.map((c) => c.id) as [CauseId, ...CauseId[]];

export function causeTitle(id: string): string {
  return CAUSES.find((c) => c.id === id)?.title ?? id;
}

/** Money is kept in poisha: 1 Tk = 100 poisha. */
export const POISHA_PER_TK = 100;
export const MIN_DONATION_TK = 10;
export const MAX_DONATION_TK = 1_000_000;
export const DONATION_PRESETS_TK = [100, 500, 1000] as const;
export const CURRENCY = 'bdt';

/** Image uploads. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const SITE_NAME = 'Easy Fund';

/** Page titles, rendered as '{page} - Easy Fund'. */
export const PAGE_TITLES = {
  home: 'Home',
  login: 'Login',
  register: 'Register',
  forgotPassword: 'Forgot Password',
  resetPassword: 'Reset Password',
  donateNow: 'Donate Now',
  fundDetails: 'Fund Details',
  contactUs: 'Contact Us',
  notFound: 'Page Not Found',
  dashboard: 'Dashboard',
  selectedDonation: 'Selected Donation',
  payment: 'Payment',
  donated: 'My Donation History',
  paymentHistory: 'Payment History',
  verification: 'Be a Fund Raiser',
  requestFund: 'Request for Fund',
  raisedFund: 'My Raised Fund',
  updateFund: 'Update Your Fund',
  withdraw: 'Withdraw Request',
  manageUsers: 'Manage Users',
  manageVerification: 'Manage Verification',
  manageRequestedFund: 'Manage Fund Request',
  manageWithdrawals: 'Manage Withdrawals',
  messages: 'Messages',
  verifyEmail: 'Verify E-mail',
  twoFactor: 'Two-factor Sign-in',
} as const;

export function pageTitle(page: string): string {
  return `${page} - ${SITE_NAME}`;
}

/** Page title of each route, for the server's first HTML answer (the app sets it as it navigates). */
const ROUTE_TITLES: [RegExp, string][] = [
  [/^\/$/, PAGE_TITLES.home],
  [/^\/donatenow\/?$/, PAGE_TITLES.donateNow],
  [/^\/donatenow\/[^/]+\/?$/, PAGE_TITLES.fundDetails],
  [/^\/contactus\/?$/, PAGE_TITLES.contactUs],
  [/^\/login\/?$/, PAGE_TITLES.login],
  [/^\/register\/?$/, PAGE_TITLES.register],
  [/^\/forgot-password\/?$/, PAGE_TITLES.forgotPassword],
  [/^\/reset-password\/?$/, PAGE_TITLES.resetPassword],
  [/^\/verify-email\/?$/, PAGE_TITLES.verifyEmail],
  [/^\/dashboard\/?$/, PAGE_TITLES.dashboard],
  [/^\/dashboard\/two-factor\/?$/, PAGE_TITLES.twoFactor],
  [/^\/dashboard\/selecteddonation\/?$/, PAGE_TITLES.selectedDonation],
  [/^\/dashboard\/selecteddonation\/pay\/[^/]+\/?$/, PAGE_TITLES.payment],
  [/^\/dashboard\/donated\/?$/, PAGE_TITLES.donated],
  [/^\/dashboard\/paymenthistory\/?$/, PAGE_TITLES.paymentHistory],
  [/^\/dashboard\/verification\/?$/, PAGE_TITLES.verification],
  [/^\/dashboard\/requestfund\/?$/, PAGE_TITLES.requestFund],
  [/^\/dashboard\/raisedfund\/?$/, PAGE_TITLES.raisedFund],
  [/^\/dashboard\/raisedfund\/updatefund\/?$/, PAGE_TITLES.updateFund],
  [/^\/dashboard\/raisedfund\/withdraw\/?$/, PAGE_TITLES.withdraw],
  [/^\/dashboard\/admin\/manageUsers\/?$/, PAGE_TITLES.manageUsers],
  [/^\/dashboard\/admin\/manageverification\/?$/, PAGE_TITLES.manageVerification],
  [/^\/dashboard\/admin\/managerequestedfund\/?$/, PAGE_TITLES.manageRequestedFund],
  [/^\/dashboard\/admin\/managewithdrawals\/?$/, PAGE_TITLES.manageWithdrawals],
  [/^\/dashboard\/admin\/messages\/?$/, PAGE_TITLES.messages],
];

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

export function titleForPath(pathname: string): string {
  const info = /^\/info\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (info !== undefined) {
    return pageTitle(
      Object.hasOwn(INFO_PAGE_TITLES, info)
        ? INFO_PAGE_TITLES[info as InfoTopic]
        : PAGE_TITLES.notFound,
    );
  }
  return pageTitle(ROUTE_TITLES.find(([re]) => re.test(pathname))?.[1] ?? PAGE_TITLES.notFound);
}
