/**
 * What "Report this fund" offers (no zod here: the fund page shows the form, and zod loads
 * only with the pages that validate; schemas/reports.ts checks a report against these).
 */

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
