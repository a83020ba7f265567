/**
 * What "Report this fund" offers (no zod here: the fund page shows the form, and zod loads
 * only with the pages that validate; schemas/reports.ts checks a report against these).
 */

/**
 * Why a person reports a fund, each reason with its English label (translated where shown):
 * the reasons are this table's keys, in its order.
 */
export const REPORT_REASON_LABELS = {
  fraud: 'Suspected fraud or scam',
  misleading: 'Misleading or false story',
  inappropriate: 'Inappropriate content',
  duplicate: 'Duplicate of another fund',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASON_LABELS;
export const REPORT_REASONS = Object.keys(REPORT_REASON_LABELS) as [
  ReportReason,
  ...ReportReason[],
];

export const REPORT_DETAILS_MAX = 2000;
