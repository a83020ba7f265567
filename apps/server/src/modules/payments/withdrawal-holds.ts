import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { user, withdrawals } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { fundWithdrawals, heldBack } from '../withdrawals/balance';

/** Why a withdrawal request was denied without an admin: a refund took its money. */
export const WITHDRAWAL_HELD_FEEDBACK =
  "Denied without payment: a refund to a donor lowered this fund's balance below this request. Please request again up to the available balance.";

/**
 * A refund has left the fund with `raisedPoisha`: when its approved and pending
 * withdrawals and the refunds under way no longer fit, pending requests are denied,
 * newest first, until the rest fits (decision 246). Money not yet paid out stays with
 * the charity; approved withdrawals are already paid and stay (the ledger check reports
 * what they exceed). Runs in the recording transaction, with the fund row held. Returns
 * the denied requests.
 */
export async function holdWithdrawalsAbove(tx: Tx, fundId: string, raisedPoisha: number) {
  let over = (await heldBack(tx, fundId)) - raisedPoisha;
  if (over <= 0) return [];
  const open = await fundWithdrawals(tx, fundId, 'pending', {
    id: withdrawals.id,
    amountPoisha: withdrawals.amountPoisha,
    language: user.language,
  })
    .innerJoin(user, eq(user.id, withdrawals.raiserId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id));
  const denied: string[] = [];
  for (const w of open) {
    if (over <= 0) break;
    // The feedback is written in the raiser's language, as an admin would write it. A request
    // an admin decided meanwhile (approval does not hold the fund row) is no longer pending:
    // it is neither counted as denied nor mailed again.
    const [changed] = await tx
      .update(withdrawals)
      .set({
        status: 'denied',
        feedback: translate(w.language === 'bn' ? 'bn' : 'en', WITHDRAWAL_HELD_FEEDBACK),
        decidedBy: null,
        decidedAt: new Date(),
      })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'pending')))
      .returning({ id: withdrawals.id });
    if (!changed) continue;
    denied.push(w.id);
    over -= w.amountPoisha;
  }
  return denied;
}
