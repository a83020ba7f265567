import type { TMe } from '@easyfund/shared/schemas/common';
import type { TDonationList } from '@easyfund/shared/schemas/donations';
import type { THistoryQuery } from '@easyfund/shared/schemas/common';
import type { Db } from '../../db/client';
import { listUserPayments } from '../payments/views';

/** My Donation History: the user's donations (refunded ones too, marked), newest first. */
export async function listMyDonations(
  db: Db,
  actor: TMe,
  query: THistoryQuery,
): Promise<TDonationList> {
  const page = await listUserPayments(db, actor.id, ['succeeded', 'refunded'], query);
  return {
    ...page,
    items: page.items.map((p) => ({
      id: p.id,
      fundId: p.fundId,
      fundName: p.fundName,
      fundImage: p.fundImage,
      raiserName: p.raiserName,
      amountPoisha: p.amountPoisha,
      donatedAt: p.succeededAt ?? p.createdAt,
      receiptNumber: p.receiptNumber,
      refundedPoisha: p.refundedPoisha,
      refunds: p.refunds,
      zakat: p.zakat,
    })),
  };
}
