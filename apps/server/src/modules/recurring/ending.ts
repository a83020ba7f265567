import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { recurringCharges, recurringGifts } from '../../db/schema';
import { savesCards } from '../payments/providers/provider';
import { type NotifyDeps, notifyDonor, similarFund } from './notify';
import type { GiftRow, RecurringDeps } from './deps';

export async function forgetCard(deps: RecurringDeps, paymentMethodId: string) {
  if (!savesCards(deps.provider)) return;
  await deps.provider.detachPaymentMethod(paymentMethodId).catch((err: unknown) => {
    deps.log.warn({ err }, 'a saved card could not be detached at the provider');
  });
}

/**
 * Ends gifts (cancelled by the donor, ended by a closed fund or account): no more charges,
 * their months still due are dropped, their cards forgotten at the provider. Returns them.
 */
export async function cancelGifts(
  deps: Pick<RecurringDeps, 'db' | 'provider' | 'log'>,
  where: ReturnType<typeof eq>,
  status: 'cancelled' | 'ended',
  reason: string,
  tx?: Tx,
): Promise<GiftRow[]> {
  const db = tx ?? deps.db;
  const ended = await db
    .update(recurringGifts)
    .set({ status, statusReason: reason, nextChargeAt: null })
    .where(and(where, inArray(recurringGifts.status, ['incomplete', 'active', 'paused'])))
    .returning();
  if (ended.length > 0) {
    await db.delete(recurringCharges).where(
      and(
        inArray(
          recurringCharges.giftId,
          ended.map((g) => g.id),
        ),
        eq(recurringCharges.status, 'due'),
      ),
    );
  }
  if (!tx) {
    for (const g of ended)
      if (g.paymentMethodId) await forgetCard(deps as RecurringDeps, g.paymentMethodId);
  }
  return ended;
}

/** A fund taken down (suspended or closed) stops its monthly gifts and tells their donors. */
export async function stopGiftsOfFund(deps: RecurringDeps & NotifyDeps, fundId: string) {
  const ended = await cancelGifts(deps, eq(recurringGifts.fundId, fundId), 'ended', 'fund_closed');
  if (ended.length === 0) return 0;
  const other = await similarFund(deps.db, fundId);
  for (const g of ended) {
    await notifyDonor(deps, g.id, {
      kind: 'fund_closed',
      similarFundId: other?.id ?? null,
      similarFundName: other?.name ?? null,
    });
  }
  return ended.length;
}
