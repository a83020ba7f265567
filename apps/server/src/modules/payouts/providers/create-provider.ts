import type { Config } from '../../../config';
import { ManualPayoutProvider } from './manual';
import type { PayoutProvider } from './provider';
import { StandInPayoutProvider } from './stand-in';

/** The payout provider `PAYOUT_PROVIDER` names: manual (the default) or the stand-in. */
export function createPayoutProvider(config: Pick<Config, 'PAYOUT_PROVIDER'>): PayoutProvider {
  return config.PAYOUT_PROVIDER === 'stand-in'
    ? new StandInPayoutProvider()
    : new ManualPayoutProvider();
}
