import { z } from 'zod';
import { ZPageQuery } from './common';
import { paged, plainText, ZPersonRef } from './fields';
import { MSG } from '../texts';

/** Why a person reports a fund. */
export const REPORT_REASONS = [
  'fraud',
  'misleading',
  'inappropriate',
  'duplicate',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The English label of each reason (translated where shown). */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fraud: 'Suspected fraud or scam',
  misleading: 'Misleading or false story',
  inappropriate: 'Inappropriate content',
  duplicate: 'Duplicate of another fund',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX = 2000;

/** "Report this fund": a reason and what the person saw. */
export const ZCreateReportRequest = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  details: plainText(REPORT_DETAILS_MAX).pipe(z.string().min(1, MSG.fieldRequired)),
});
export type TCreateReportRequest = z.input<typeof ZCreateReportRequest>;

export const ZReportCreated = z.object({ id: z.string() });

export const REPORT_STATUSES = ['open', 'resolved'] as const;

export const ZReportQuery = ZPageQuery.extend({
  status: z.enum(REPORT_STATUSES).default('open'),
});

export const ZFundReport = z.object({
  id: z.string(),
  fund: z.object({ id: z.string(), name: z.string() }),
  reporter: ZPersonRef.nullable(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** ISO 8601 date-times. */
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type TFundReport = z.infer<typeof ZFundReport>;
export const ZFundReportList = paged(ZFundReport);
export type TFundReportList = z.infer<typeof ZFundReportList>;

export const ZResolveReportRequest = z.object({
  status: z.enum(REPORT_STATUSES, { error: 'Choose open or resolved' }),
});
