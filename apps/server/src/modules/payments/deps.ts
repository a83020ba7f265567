import { formatTk } from '@easyfund/shared/money';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { Db } from '../../db/client';
import type { payments } from '../../db/schema';
import type { MailQueue } from '../notifications/service';
import type { CheckoutGateway } from './providers/gateway';
import type { Jobs } from '../../lib/job-queue';
import type { IntentOutcome, PaymentProvider } from './providers/provider';
import { translate } from '../../lib/i18n';

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  /** The hosted checkout, when there is one (its payments are reconciled too). */
  checkout?: CheckoutGateway | null;
  publicUrl?: string;
  /** Where the receipt e-mail is queued; absent, no e-mail is sent. */
  jobs?: Jobs;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Tells donors of refunds (absent in tools that only reconcile). */
  mailQueue?: MailQueue;
}

export type PaymentRow = typeof payments.$inferSelect;

/** What settling a payment found: the intent's outcome, or a difference a person must look at. */
export type SettleOutcome = IntentOutcome | 'needs_review';

/** Why a suspended or closed fund refuses a donation. */
export const FUND_ON_HOLD = 'This fund is not taking donations at the moment.';

export const PAYMENT_MESSAGES = {
  unknownAtProvider: 'The payment provider has no record of this payment.',
  mismatch:
    'The payment provider reported a different amount or currency; the donation was not recorded. Please contact us.',
  failed: 'The payment failed.',
  abandoned: 'The payment was not completed.',
  metadata:
    "The payment provider's record belongs to another payment; the donation was not recorded. Please contact us.",
} as const;

/** The amount is outside what the provider takes (checked before calling it). */
export function outOfLimitsMessage(provider: PaymentProvider, lang: Language = 'en'): string {
  return translate(lang, 'This payment method takes {{min}} to {{max}}.', {
    min: formatTk(provider.limits.minPoisha, lang),
    max: formatTk(provider.limits.maxPoisha, lang),
  });
}
