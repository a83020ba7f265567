import { z } from 'zod';
import { paged } from './fields';
import { ZRefundEntry } from './payments';

/** A donation: a succeeded payment, as My Donation History shows it. */
export const ZDonation = z.object({
  id: z.string(),
  fundId: z.string(),
  fundName: z.string(),
  fundImage: z.string(),
  raiserName: z.string(),
  amountPoisha: z.number().int(),
  /** ISO 8601 date-time. */
  donatedAt: z.string(),
  /** EF-YYYY-NNNNNN: the receipt downloads from /api/payments/:id/receipt. */
  receiptNumber: z.string().nullable(),
  /** Refunded so far; equal to the amount when the whole donation was refunded. */
  refundedPoisha: z.number().int(),
  /** What was taken back, oldest first, with the reason and the credit note. */
  refunds: z.array(ZRefundEntry),
  zakat: z.boolean(),
});
export type TDonation = z.infer<typeof ZDonation>;

export const ZDonationList = paged(ZDonation);
export type TDonationList = z.infer<typeof ZDonationList>;
