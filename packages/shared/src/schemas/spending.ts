import { z } from 'zod';
import { DECISION_STATUSES } from '../constants';
import { MSG } from '../texts';
import { ZPageQuery } from './common';
import {
  decisionRequest,
  paged,
  plainText,
  requiredWholeTk,
  ZImageRef,
  ZPersonRef,
} from './fields';

/** The longest text of a spending report. */
export const SPENDING_REPORT_BODY_MAX = 5000;
/** The most lines and photos a report has. */
export const SPENDING_REPORT_MAX_LINES = 30;
export const SPENDING_REPORT_MAX_PHOTOS = 8;
/** Days after a payout was paid by which its report is due. */
export const SPENDING_REPORT_DUE_DAYS = 30;

/** One line of a report: what was paid for and its amount in whole Tk (Bangla digits too). */
export const ZSpendingLine = z.object({
  label: plainText(200).min(1, MSG.fieldRequired),
  amountTk: requiredWholeTk().pipe(
    z
      .number()
      .min(1, 'The amount must be at least 1 Tk')
      .max(100_000_000, 'The amount is too large'),
  ),
});

/** POST /api/withdrawals/:id/spending-report. */
export const ZSpendingReportRequest = z.object({
  body: plainText(SPENDING_REPORT_BODY_MAX).min(1, MSG.fieldRequired),
  lines: z
    .array(ZSpendingLine, { error: 'Add at least one line: what the money paid for and how much' })
    .min(1, 'Add at least one line: what the money paid for and how much')
    .max(SPENDING_REPORT_MAX_LINES, 'Use at most 30 lines'),
  photos: z.array(ZImageRef).max(SPENDING_REPORT_MAX_PHOTOS, 'Add at most 8 photos').default([]),
});
export type TSpendingReportRequest = z.input<typeof ZSpendingReportRequest>;

/** A report as it is shown: its lines in poisha, their total, its photos. */
export const ZSpendingReport = z.object({
  id: z.string(),
  withdrawalId: z.string(),
  body: z.string(),
  lines: z.array(z.object({ label: z.string(), amountPoisha: z.number().int() })),
  totalPoisha: z.number().int(),
  photos: z.array(z.string()),
  status: z.enum(DECISION_STATUSES),
  feedback: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TSpendingReport = z.infer<typeof ZSpendingReport>;

/** A report as admins review it: with its fund, payout, raiser and version. */
export const ZAdminSpendingReport = ZSpendingReport.extend({
  version: z.number().int(),
  fund: z.object({ id: z.string(), name: z.string() }),
  payout: z.object({ amountPoisha: z.number().int(), paidOn: z.string().nullable() }),
  author: ZPersonRef,
  decidedBy: ZPersonRef.nullable(),
});
export type TAdminSpendingReport = z.infer<typeof ZAdminSpendingReport>;
export const ZAdminSpendingReportList = paged(ZAdminSpendingReport);
export type TAdminSpendingReportList = z.infer<typeof ZAdminSpendingReportList>;

export const ZAdminSpendingReportQuery = ZPageQuery.extend({
  status: z.enum(DECISION_STATUSES).default('pending'),
});

/** An admin's decision: a denial needs its reason. */
export const ZSpendingReportDecision = decisionRequest(
  'Give the reason for the denial: the raiser reads it',
);
export type TSpendingReportDecision = z.input<typeof ZSpendingReportDecision>;
