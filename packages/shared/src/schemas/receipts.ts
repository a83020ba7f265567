import { z } from 'zod';

/** A year of donations (the yearly statement). */
export const ZStatementYearParam = z.object({
  year: z.coerce
    .number({ error: 'Enter a year.' })
    .int('Enter a year.')
    .min(2000, 'Enter a year from 2000.')
    .max(2100, 'Enter a year before 2100.'),
});

/** A PDF document (receipts, statements). */
export const ZPdf = z.string().describe('application/pdf');

/** A payment by its id (the donor's thank-you page, the gateway's return, an admin's review). */
export const ZPaymentIdParam = z.object({ paymentId: z.uuid({ error: 'Unknown payment' }) });

/** A refund by its id (its credit note). */
export const ZRefundIdParam = z.object({ refundId: z.uuid({ error: 'Unknown refund' }) });
