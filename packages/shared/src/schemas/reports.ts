import { z } from 'zod';
import { ZPageQuery } from './common';
import { paged, plainText, ZPersonRef } from './fields';
import { MSG } from '../texts';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '../reports';

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
