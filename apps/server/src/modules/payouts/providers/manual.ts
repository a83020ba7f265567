import { Conflict } from '../../../lib/errors';
import type { PayoutProvider } from './provider';

export const MANUAL_PAYOUTS = {
  message: 'Payouts on this site are sent by an admin and recorded as paid with their reference',
} as const;

/** The default: an admin sends the money and records it paid (PATCH …/payout). */
export class ManualPayoutProvider implements PayoutProvider {
  readonly name = 'manual' as const;
  readonly automated = false;
  disburse(): never {
    throw new Conflict(MANUAL_PAYOUTS.message, 'not_automated');
  }
}
