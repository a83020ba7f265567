import { z } from 'zod';
import { PAYOUT_METHODS, WITHDRAWAL_STATUSES } from '../constants';
import { ZPageQuery } from './common';
import { ZSpendingReport } from './spending';
import {
  nameText,
  paged,
  plainText,
  requiredText,
  requiredWholeTk,
  ZImageRef,
  ZPersonRef,
  ZShownVersion,
} from './fields';

export const MAX_WITHDRAWAL_TK = 100_000_000;

/** The amount of a withdrawal request: whole Tk, at least 1. */
export const ZWithdrawalAmountTk = requiredWholeTk().pipe(
  z
    .number()
    .min(1, 'The amount must be at least 1 Tk')
    .max(MAX_WITHDRAWAL_TK, 'The amount is too large'),
);

/** POST /api/withdrawals. */
export const ZWithdrawalRequest = z.object({
  fundId: z.uuid({ error: 'Choose one of your funds' }),
  amountTk: ZWithdrawalAmountTk,
  /** Where the money goes: one of the raiser's approved payout accounts, past its hold. */
  payoutAccountId: z.uuid({ error: 'Choose one of your approved payout accounts' }),
});
export type TWithdrawalRequest = z.output<typeof ZWithdrawalRequest>;

/** The Withdraw Request form: name (prefilled) and amount are required. */
export const ZWithdrawForm = z.object({
  name: nameText(200),
  amountTk: ZWithdrawalAmountTk,
  payoutAccountId: z.uuid({ error: 'Choose one of your approved payout accounts' }),
});
export type TWithdrawFormInput = z.input<typeof ZWithdrawForm>;
export type TWithdrawForm = z.output<typeof ZWithdrawForm>;

const ZStatus = z.enum(WITHDRAWAL_STATUSES);

export const ZWithdrawal = z.object({
  id: z.string(),
  fundId: z.string(),
  fundName: z.string(),
  amountPoisha: z.number().int(),
  status: ZStatus,
  /** The money it is of: 'test' money is never paid out on a live site (decision 449). */
  mode: z.enum(['test', 'live']),
  feedback: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** What the admin recorded when the money left (paid and reversed withdrawals). */
  payout: z
    .object({
      method: z.enum(PAYOUT_METHODS),
      reference: z.string(),
      paidOn: z.string(),
      proofImage: z.string().nullable(),
    })
    .nullable(),
  /** Why a payout failed or was reversed. */
  outcomeReason: z.string().nullable(),
  /** The payout account it goes to, its number masked. */
  account: z
    .object({
      id: z.string(),
      kind: z.enum(PAYOUT_METHODS),
      accountName: z.string(),
      maskedNumber: z.string(),
    })
    .nullable(),
  /** Its latest spending report (a paid payout's), whatever its review. */
  spendingReport: ZSpendingReport.nullable(),
  /** Paid 30 days ago or more and no approved spending report yet. */
  reportDue: z.boolean(),
  createdAt: z.string(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;
export const ZMyWithdrawals = z.object({ items: z.array(ZWithdrawal) });

export const ZAdminWithdrawal = ZWithdrawal.extend({
  /** Rises with every change; a decision sends back the version it was made on (decision 452). */
  version: z.number().int(),
  raiser: ZPersonRef,
  fundRaisedPoisha: z.number().int(),
  decidedBy: ZPersonRef.nullable(),
  /** Who recorded it paid, failed or reversed. */
  outcomeBy: ZPersonRef.nullable(),
});
export type TAdminWithdrawal = z.infer<typeof ZAdminWithdrawal>;
export const ZAdminWithdrawalList = paged(ZAdminWithdrawal);

export const ZAdminWithdrawalQuery = ZPageQuery.extend({ status: ZStatus.optional() });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PAID_ON_MESSAGE = 'Enter the day the money was sent (YYYY-MM-DD, not in the future)';
const REFERENCE_MESSAGE = 'Use letters, digits, spaces and / . _ - only';

/** A calendar day (YYYY-MM-DD) that exists, not after today (Asia/Dhaka, a day's slack). */
export const ZPaidOn = requiredText(10).refine((v) => {
  if (!DAY.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== v) return false;
  return day.getTime() <= Date.now() + 86_400_000 && day.getUTCFullYear() >= 2000;
}, PAID_ON_MESSAGE);

/**
 * PATCH /api/admin/withdrawals/:id/payout: an admin records what happened to an approved
 * withdrawal's money (paid, with how, the amount, its reference and day; or failed), or
 * reverses a paid one with a reason. The amount is the approved amount again, parsed
 * strictly: a typo never records another sum.
 */
export const ZPayoutRecord = z.discriminatedUnion(
  'status',
  [
    z.object({
      status: z.literal('paid'),
      version: ZShownVersion,
      method: z.enum(PAYOUT_METHODS, { error: 'Choose bKash, Nagad or bank transfer' }),
      amountTk: requiredWholeTk(),
      reference: requiredText(100).refine(
        (v) => /^[A-Za-z0-9][A-Za-z0-9/._ -]*$/.test(v),
        REFERENCE_MESSAGE,
      ),
      paidOn: ZPaidOn,
      proofImage: ZImageRef.nullish().transform((v) => v ?? null),
    }),
    z.object({
      status: z.literal('failed'),
      version: ZShownVersion,
      reason: plainText(1000).min(1, 'Say why the payout failed'),
    }),
    z.object({
      status: z.literal('reversed'),
      version: ZShownVersion,
      reason: plainText(1000).min(1, 'Say why the payout is reversed'),
    }),
  ],
  { error: 'Choose paid, failed or reversed' },
);
export type TPayoutRecord = z.output<typeof ZPayoutRecord>;
export type TPayoutRecordInput = z.input<typeof ZPayoutRecord>;

/** One payout as the fund page shows it to everybody: no account, no reference. */
export const ZPublicPayout = z.object({
  id: z.string(),
  amountPoisha: z.number().int(),
  method: z.enum(PAYOUT_METHODS),
  paidOn: z.string(),
  /** How it was spent: its published (approved) spending report. */
  report: ZSpendingReport.nullable(),
});

/** The fund page's "Where the money went": raised, paid out (each payout), remaining. */
export const ZFundPayouts = z.object({
  raisedPoisha: z.number().int(),
  paidOutPoisha: z.number().int(),
  remainingPoisha: z.number().int(),
  items: z.array(ZPublicPayout),
});
export type TFundPayouts = z.infer<typeof ZFundPayouts>;

/** POST /api/admin/withdrawals/:id/disburse: the version of the withdrawal the admin was shown. */
export const ZDisburseRequest = z.object({ version: ZShownVersion });
