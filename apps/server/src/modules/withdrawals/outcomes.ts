import { and, eq } from 'drizzle-orm';
import { formatTk, tkToPoisha } from '@easyfund/shared/money';
import type { TPayoutRecord } from '@easyfund/shared/schemas/withdrawals';
import type { Db } from '../../db/client';
import { withdrawals } from '../../db/schema';
import { type ActingAdmin, OWN_WITHDRAWAL, refuseChanged, refuseOwn } from '../decisions/service';
import { ChangedSinceViewed, Conflict, Invalid } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { ACCOUNT_MESSAGES, usableAccount } from '../payouts/accounts';
import { adminStep, refuseAboveBalance } from './view';

/** From which status each recorded outcome may be reached. */
const OUTCOME_FROM = { paid: 'approved', failed: 'approved', reversed: 'paid' } as const;

/**
 * An admin records what became of an approved withdrawal's money — paid (method, the
 * amount again, the transfer's reference and day, optionally a proof image) or failed
 * (the money returns to the fund's balance) — or reverses a paid one with a reason (the
 * money returns too). A paid withdrawal changes only by that reversal (the database
 * refuses anything else). One transaction with the fund row locked and the fund's audit
 * trail entry; only on the version the admin was shown, never on their own withdrawal.
 */
export function recordPayout(db: Db, admin: ActingAdmin, id: string, input: TPayoutRecord) {
  const { lang } = admin;
  return adminStep(db, admin.id, id, async (tx, locked) => {
    const { row } = locked;
    refuseOwn(row.raiserId, admin.id, OWN_WITHDRAWAL);
    const from = OUTCOME_FROM[input.status];
    if (row.status !== from)
      throw from === 'paid'
        ? new Conflict('Only a paid withdrawal can be reversed', 'wrong_status')
        : new Conflict('Only an approved withdrawal can be marked paid or failed', 'wrong_status');
    refuseChanged(row.version, input.version);
    const now = new Date();
    if (input.status === 'paid') {
      const amountPoisha = tkToPoisha(input.amountTk);
      if (amountPoisha !== row.amountPoisha) {
        const message = translate(lang, 'The amount paid must be the approved {{amount}}', {
          amount: formatTk(row.amountPoisha, lang),
        });
        throw new Invalid(message, { amountTk: message });
      }
      // Money taken from the fund since the approval (a chargeback) is not paid out: the
      // admin marks the payout failed, or waits for the balance.
      await refuseAboveBalance(tx, locked, lang);
      // Paid to the account named, still approved and the raiser's; by its own method.
      if (row.payoutAccountId) {
        const account = await usableAccount(tx, row.payoutAccountId, row.raiserId, lang, false);
        if (account.kind !== input.method) {
          const message = translate(lang, ACCOUNT_MESSAGES.wrongMethod.message, {
            kind: account.kind,
          });
          throw new Invalid(message, { method: message });
        }
      }
    }
    const [updated] = await tx
      .update(withdrawals)
      .set(
        input.status === 'paid'
          ? {
              status: 'paid',
              payoutMethod: input.method,
              payoutReference: input.reference,
              paidOn: input.paidOn,
              proofImage: input.proofImage,
              outcomeBy: admin.id,
              outcomeAt: now,
            }
          : {
              status: input.status,
              outcomeReason: input.reason,
              outcomeBy: admin.id,
              outcomeAt: now,
            },
      )
      .where(
        and(
          eq(withdrawals.id, id),
          eq(withdrawals.status, from),
          eq(withdrawals.version, input.version),
        ),
      )
      .returning({ id: withdrawals.id });
    // The fund row is held, and every change of a withdrawal holds it: nothing moved.
    if (!updated) throw new ChangedSinceViewed(row.version);
    const { version: _version, ...recorded } = input;
    return recorded;
  });
}
