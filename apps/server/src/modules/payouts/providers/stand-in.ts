import { createHash } from 'node:crypto';
import type { PayoutOrder, PayoutOutcome, PayoutProvider } from './provider';

/** A wallet or account number ending in these digits is refused, as a closed account would be. */
export const STAND_IN_REFUSED_SUFFIX = '000';

/**
 * An automated disbursement simulated in-process (a bKash/Nagad B2C API or a bank's
 * transfer file would take its place): it answers at once, with a reference derived from
 * the withdrawal id (the same order twice gives the same answer), and refuses numbers
 * ending in `000`. No money moves.
 */
export class StandInPayoutProvider implements PayoutProvider {
  readonly name = 'stand-in' as const;
  readonly automated = true;
  /** Orders seen by this process, for tests: each withdrawal id once. */
  readonly sent = new Map<string, PayoutOutcome>();

  async disburse(order: PayoutOrder): Promise<PayoutOutcome> {
    const known = this.sent.get(order.withdrawalId);
    if (known) return known;
    const outcome: PayoutOutcome = order.account.number.endsWith(STAND_IN_REFUSED_SUFFIX)
      ? { status: 'failed', reason: 'The receiving account refused the transfer (closed account)' }
      : {
          status: 'paid',
          reference: `SIM${createHash('sha256').update(order.withdrawalId).digest('hex').slice(0, 10).toUpperCase()}`,
          paidOn: new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Dhaka' }),
        };
    this.sent.set(order.withdrawalId, outcome);
    return outcome;
  }
}
