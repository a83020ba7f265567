import { z } from 'zod';
import { CAUSE_IDS } from '../constants';

/** A sum of donations: how many and how much. */
export const ZTotals = z.object({
  count: z.number().int(),
  amountPoisha: z.number().int(),
});

/** What waits for an admin's decision, by queue. */
export const ZWaiting = z.object({
  applications: z.number().int(),
  fundRequests: z.number().int(),
  fundChanges: z.number().int(),
  withdrawals: z.number().int(),
  openReports: z.number().int(),
  /** Payments whose money was taken but not recorded, held for an admin's review. */
  needsReview: z.number().int(),
  /** Spending reports of payouts waiting for review before they are public. */
  spendingReports: z.number().int(),
});
export type TWaiting = z.infer<typeof ZWaiting>;

/** The admin overview: totals, donations per day and per cause, and the queues. */
export const ZAdminOverview = z.object({
  totals: z.object({ today: ZTotals, last30Days: ZTotals, allTime: ZTotals }),
  /** The last 90 days in Asia/Dhaka, oldest first, every day present (zeros included). */
  perDay: z.array(ZTotals.extend({ day: z.string() })),
  /** Every cause, in the causes' order, zeros included. */
  perCause: z.array(ZTotals.extend({ cause: z.enum(CAUSE_IDS) })),
  waiting: ZWaiting,
  /** Funds with a payout paid 30 days ago or more and no approved spending report. */
  reportsDue: z.number().int(),
});
export type TAdminOverview = z.infer<typeof ZAdminOverview>;
