import { PAGE_TITLES, type Role } from '@easyfund/shared/constants';
import { TWO_FACTOR_PAGE } from '@easyfund/shared/identity';

export interface SideLink {
  to: string;
  label: string;
  /** Roles that see the link; absent → every signed-in user. */
  roles?: Role[];
  /** Shown to an admin only when they raised funds of their own. */
  ownFunds?: boolean;
}

/** The dashboard sidebar, by role (spec section 6; PRODUCT.md "Who may do what"). */
export const SIDE_LINKS: SideLink[] = [
  { to: '/dashboard/selecteddonation', label: PAGE_TITLES.selectedDonation },
  { to: '/dashboard/donated', label: 'Donation History' },
  { to: '/dashboard/paymenthistory', label: PAGE_TITLES.paymentHistory },
  { to: '/dashboard/verification', label: PAGE_TITLES.verification, roles: ['user'] },
  { to: '/dashboard/requestfund', label: PAGE_TITLES.requestFund, roles: ['verified'] },
  {
    to: '/dashboard/raisedfund',
    label: PAGE_TITLES.raisedFund,
    roles: ['verified', 'admin'],
    ownFunds: true,
  },
  { to: '/dashboard/admin/manageUsers', label: PAGE_TITLES.manageUsers, roles: ['admin'] },
  {
    to: '/dashboard/admin/manageverification',
    label: PAGE_TITLES.manageVerification,
    roles: ['admin'],
  },
  {
    to: '/dashboard/admin/managerequestedfund',
    label: PAGE_TITLES.manageRequestedFund,
    roles: ['admin'],
  },
  {
    to: '/dashboard/admin/managewithdrawals',
    label: PAGE_TITLES.manageWithdrawals,
    roles: ['admin'],
  },
  { to: '/dashboard/admin/messages', label: PAGE_TITLES.messages, roles: ['admin'] },
  { to: TWO_FACTOR_PAGE, label: PAGE_TITLES.twoFactor },
];

/** The links a role sees; `hasOwnFunds` adds an admin's own raised funds. */
export function linksFor(role: Role, hasOwnFunds = false): SideLink[] {
  return SIDE_LINKS.filter(
    (l) => (!l.roles || l.roles.includes(role)) && (!l.ownFunds || role !== 'admin' || hasOwnFunds),
  );
}
