import { and, eq } from 'drizzle-orm';
import type { PayoutMethod } from '@easyfund/shared/constants';
import type { TAdminWithdrawal } from '@easyfund/shared/schemas/withdrawals';
import type { Db } from '../../db/client';
import { withdrawals } from '../../db/schema';
import { type ActingAdmin, OWN_WITHDRAWAL, refuseChanged, refuseOwn } from '../decisions/service';
import { Conflict, DomainError, NotFound } from '../../lib/errors';
import { MANUAL_PAYOUTS } from './providers/manual';
import type { PayoutOrder, PayoutOutcome, PayoutProvider } from './providers/provider';
import { currentModeWithdrawal } from '../withdrawals/balance';
import { recordPayout } from '../withdrawals/service';
import { usableAccount } from './accounts';

const NO_ACCOUNT = {
  message: 'This withdrawal names no payout account: send the money by hand and record it paid',
} as const;
const UNAVAILABLE = {
  message: 'The payout provider did not answer; nothing was recorded. Try again.',
} as const;

class ProviderUnavailable extends DomainError {
  constructor() {
    super(502, 'payout_provider_unavailable', UNAVAILABLE.message);
  }
}

/**
 * Sends an approved withdrawal's money through the automated payout provider, then records
 * its answer as the admin's "paid" (with the provider's reference) or "failed" — the same
 * path, checks and audit entry as a payout recorded by hand. The order is checked first
 * (approved, the version shown, not the admin's own, an approved account out of its hold);
 * the recording re-checks it all with the fund row locked. The withdrawal id is the
 * provider's idempotency key: a second try never sends the money twice.
 */
export async function disburseWithdrawal(
  db: Db,
  provider: PayoutProvider,
  admin: ActingAdmin,
  id: string,
  version: number,
): Promise<TAdminWithdrawal> {
  if (!provider.automated) throw new Conflict(MANUAL_PAYOUTS.message, 'not_automated');
  const order = await db.transaction(async (tx): Promise<PayoutOrder> => {
    const [row] = await tx
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.id, id), currentModeWithdrawal));
    if (!row) throw new NotFound('Withdrawal request');
    refuseOwn(row.raiserId, admin.id, OWN_WITHDRAWAL);
    if (row.status !== 'approved')
      throw new Conflict(
        'Only an approved withdrawal can be marked paid or failed',
        'wrong_status',
      );
    refuseChanged(row.version, version);
    if (!row.payoutAccountId) throw new Conflict(NO_ACCOUNT.message, 'no_account');
    const account = await usableAccount(tx, row.payoutAccountId, row.raiserId, admin.lang, false);
    return {
      withdrawalId: row.id,
      amountPoisha: row.amountPoisha,
      account: {
        kind: account.kind as PayoutMethod,
        number: account.number,
        accountName: account.accountName,
        bankName: account.bankName,
        branch: account.branch,
        routingNumber: account.routingNumber,
      },
    };
  });
  let outcome: PayoutOutcome;
  try {
    outcome = await provider.disburse(order);
  } catch {
    throw new ProviderUnavailable();
  }
  return recordPayout(
    db,
    admin,
    id,
    outcome.status === 'paid'
      ? {
          status: 'paid',
          version,
          method: order.account.kind,
          amountTk: order.amountPoisha / 100,
          reference: outcome.reference,
          paidOn: outcome.paidOn,
          proofImage: null,
        }
      : { status: 'failed', version, reason: outcome.reason },
  );
}
