import { z } from 'zod';
import { PAYOUT_METHODS } from '../constants';
import { asciiDigits } from '../digits';
import { ZPhoneCode, ZPhoneNumber } from '../phone';
import { ZPageQuery } from './common';
import { decisionRequest, nameText, paged, requiredText, ZPersonRef } from './fields';

/** A wallet's kind: a personal wallet, or a merchant one (an organisation's shop account). */
export const WALLET_TYPES = ['personal', 'merchant'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/**
 * A payout account's life: waiting for an admin, approved (payouts may go to it once its
 * hold ends), denied with a reason, or removed by its owner.
 */
export const PAYOUT_ACCOUNT_STATUSES = ['pending', 'approved', 'denied', 'removed'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** Digits as typed (Bangla digits too), spaces and dashes dropped. */
const digitsOnly = (v: unknown) =>
  typeof v === 'string' ? asciiDigits(v).replace(/[\s-]/g, '') : v;

const ZRouting = z.preprocess(
  digitsOnly,
  z
    .string({ error: 'A routing number has 9 digits' })
    .regex(/^\d{9}$/, 'A routing number has 9 digits'),
);
const ZAccountNumber = z.preprocess(
  digitsOnly,
  z
    .string({ error: 'An account number has 6 to 20 digits' })
    .regex(/^\d{6,20}$/, 'An account number has 6 to 20 digits'),
);

/**
 * The owner again, so that a stolen session cannot send the money elsewhere: the password
 * (an account without one: the code sent by SMS to its number), and with two-factor
 * sign-in on a current code of the second factor. Which are needed, the server knows.
 */
const confirm = {
  password: z
    .string({ error: 'Enter your password to confirm' })
    .max(200, 'Enter your password to confirm')
    .optional()
    .transform((v) => v || undefined),
  /** The code sent by SMS (`/api/me/payout-accounts/code`), for an account without a password. */
  code: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZPhoneCode.optional()),
  /** A code of the authenticator app, or a backup code. */
  secondFactor: z
    .string()
    .trim()
    .max(20, 'Enter a current code from your authenticator app, or one of your backup codes.')
    .optional()
    .transform((v) => v || undefined),
};

const wallet = (kind: 'bkash' | 'nagad') =>
  z.object({
    kind: z.literal(kind),
    walletType: z.enum(WALLET_TYPES, { error: 'Choose personal or merchant' }),
    number: ZPhoneNumber,
    accountName: nameText(200),
    ...confirm,
  });

/** POST /api/me/payout-accounts: a bKash or Nagad wallet, or a bank account. */
export const ZPayoutAccountRequest = z.discriminatedUnion(
  'kind',
  [
    wallet('bkash'),
    wallet('nagad'),
    z.object({
      kind: z.literal('bank'),
      bankName: requiredText(120),
      branch: requiredText(120),
      routingNumber: ZRouting,
      accountName: nameText(200),
      accountNumber: ZAccountNumber,
      ...confirm,
    }),
  ],
  { error: 'Choose bKash, Nagad or bank transfer' },
);
export type TPayoutAccountRequest = z.output<typeof ZPayoutAccountRequest>;
export type TPayoutAccountRequestInput = z.input<typeof ZPayoutAccountRequest>;

/** The code that confirms adding a payout account to an account without a password went here. */
export const ZPayoutAccountCodeResponse = z.object({ sentTo: z.string() });

/** An account as its owner and admin lists see it: the number masked. */
export const ZPayoutAccount = z.object({
  id: z.string(),
  kind: z.enum(PAYOUT_METHODS),
  walletType: z.enum(WALLET_TYPES).nullable(),
  bankName: z.string().nullable(),
  branch: z.string().nullable(),
  routingNumber: z.string().nullable(),
  accountName: z.string(),
  /** The wallet or account number, all but its last digits hidden. */
  maskedNumber: z.string(),
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  feedback: z.string().nullable(),
  /** Payouts to it wait until then (ISO time). */
  heldUntil: z.string(),
  /** Approved and out of its hold: a withdrawal may name it. */
  usable: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TPayoutAccount = z.infer<typeof ZPayoutAccount>;
export const ZMyPayoutAccounts = z.object({
  items: z.array(ZPayoutAccount),
  /** How long payouts to a newly added account wait, in hours (the site's setting). */
  holdHours: z.number(),
  /**
   * How adding one is confirmed: the password, or (an account without one) a code sent by
   * SMS; with two-factor sign-in on, its code as well.
   */
  confirmBy: z.enum(['password', 'code']),
});

export const ZAdminPayoutAccount = ZPayoutAccount.extend({
  version: z.number().int(),
  owner: ZPersonRef,
  /** The name the owner was verified with (their approved application), beside the account's. */
  verifiedName: z.string().nullable(),
  decidedBy: ZPersonRef.nullable(),
});
export type TAdminPayoutAccount = z.infer<typeof ZAdminPayoutAccount>;
export const ZAdminPayoutAccountList = paged(ZAdminPayoutAccount);
export const ZAdminPayoutAccountQuery = ZPageQuery.extend({
  status: z.enum(PAYOUT_ACCOUNT_STATUSES).optional(),
});

/** One account for the admin deciding on it: the full number, and its audit trail. */
export const ZAdminPayoutAccountDetail = ZAdminPayoutAccount.extend({
  number: z.string(),
  events: z.array(
    z.object({
      action: z.string(),
      actor: ZPersonRef.nullable(),
      detail: z.record(z.string(), z.unknown()).nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type TAdminPayoutAccountDetail = z.infer<typeof ZAdminPayoutAccountDetail>;

/** An admin's decision on an account: a denial says why. */
export const ZPayoutAccountDecision = decisionRequest('Say why the account is denied');
export type TPayoutAccountDecision = z.output<typeof ZPayoutAccountDecision>;
export type TPayoutAccountDecisionInput = z.input<typeof ZPayoutAccountDecision>;

/** The hidden form of an account or wallet number: its last digits only. */
export function maskAccountNumber(number: string): string {
  const digits = number.replace(/^\+88/, '');
  return `${'•'.repeat(Math.max(4, digits.length - 3))}${digits.slice(-3)}`;
}
