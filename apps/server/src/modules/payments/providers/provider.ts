/**
 * The payment-provider interface. Two implementations: the embedded `test` card
 * processor (moves no money) and `stripe`. Our code never trusts the browser about a
 * payment: it re-reads the intent from the provider and acts on what it says.
 */
import type { testProcessorIntents } from '../../../db/schema';

/** `none`: no card form of our own (cards go through the SSLCommerz checkout). */
export type ProviderName = 'test' | 'stripe' | 'none';

/** Test money (test cards, Stripe test keys) or live money. */
export type PaymentMode = 'test' | 'live';

/** What one provider accepts for one payment, in poisha (checked before calling it). */
export interface AmountLimits {
  minPoisha: number;
  maxPoisha: number;
}

/** An intent's state reduced to what our ledger needs. */
export type IntentOutcome = 'succeeded' | 'failed' | 'pending';

export interface CreateIntentInput {
  /** Amount in the currency's smallest unit (poisha for bdt). */
  amountPoisha: number;
  currency: string;
  metadata: Record<string, string>;
  /** The same key always yields the same intent (a retried request never creates two). */
  idempotencyKey: string;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
}

export interface ProviderIntent {
  id: string;
  outcome: IntentOutcome;
  /** The provider's own status word (e.g. `requires_payment_method`). */
  status: string;
  amount: number;
  /** What the provider actually took (Stripe's `amount_received`); 0 until it succeeded. */
  amountReceived: number;
  currency: string;
  /** Refunded at the provider so far. */
  refundedPoisha: number;
  /** Taken back by a dispute that is open or lost. */
  disputedPoisha: number;
  /** Why the last attempt failed, in words a donor understands. */
  lastError: string | null;
  /**
   * Failed because the card or wallet was refused, not because the intent was canceled:
   * card testing's mark, counted against the network it came from (decision 448).
   */
  declined: boolean;
  /**
   * The card last tried, as the processor fingerprints it (`card:<fingerprint>`: the same
   * card always gives the same one, the number never leaves the processor), when it tells;
   * a decline counts against it too, and enough of them cap it (decision 454).
   */
  instrument: string | null;
  metadata: Record<string, string>;
}

/** An admin's refund of (part of) a succeeded intent. */
export interface RefundInput {
  intentId: string;
  amountPoisha: number;
  /** The same key never refunds twice (one key per admin request). */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** A verified webhook event: which event, of which type, about which intent. */
export interface ProviderWebhookEvent {
  id: string;
  type: string;
  intentId: string | null;
}

/** One intent in the provider-side reconciliation's period. */
export interface ProviderIntentSummary {
  id: string;
  outcome: IntentOutcome;
  amountReceived: number;
  refundedPoisha: number;
  disputedPoisha: number;
  /** Our payment id from the intent's metadata. */
  paymentId: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The key the browser needs (Stripe); null for the embedded processor. */
  readonly publishableKey: string | null;
  /** Whether its payments move real money. */
  readonly mode: PaymentMode;
  readonly limits: AmountLimits;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** The intent as the provider knows it now; null when it has no such intent. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Cancels an intent nobody paid, so a late card confirmation cannot take money we no
   * longer wait for. Returns the intent afterwards (it may have succeeded meanwhile);
   * null when the provider has no such intent.
   */
  cancelIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Refunds part or all of a succeeded intent. Repeating it with the same idempotency
   * key refunds nothing more. Afterwards `retrieveIntent` reports the refund.
   */
  refund(input: RefundInput): Promise<void>;
  /** Intents created in [since, until), for the provider-side reconciliation. */
  listIntents(since: Date, until: Date): Promise<ProviderIntentSummary[]>;
  /** Verifies a webhook's signature on the raw body; throws when it does not hold. */
  parseWebhookEvent?(rawBody: Buffer, signature: string | undefined): ProviderWebhookEvent;
  /** Set when its intents are rows of the site's own database (the embedded processor). */
  readonly inDatabase?: IntentsInDatabase;
}

/**
 * A provider whose intents are rows of the site's own database (the embedded processor):
 * a statement of ours may write a new intent with its own rows, or read one beside them,
 * instead of a round trip of its own (decision 475). What it writes and reads is what
 * `createIntent` and `retrieveIntent` would.
 */
export interface IntentsInDatabase {
  /** A new intent's row (written by the caller's statement) and what `createIntent` answers. */
  newIntent(input: CreateIntentInput): {
    row: typeof testProcessorIntents.$inferInsert;
    created: CreatedIntent;
  };
  /** An intent's row as `retrieveIntent` gives it. */
  read(row: typeof testProcessorIntents.$inferSelect): ProviderIntent;
}

/** Thrown by a provider when a webhook signature is missing, stale or wrong. */
export class WebhookSignatureError extends Error {}

/* ---------- saved cards, charged off-session (monthly gifts) ---------- */

export interface CreateSetupInput {
  /** Our gift's id: the provider's customer is made once per key. */
  reference: string;
  email: string;
  /** The provider's customer the gift already has (a new card): its cards stay together. */
  customerId?: string | null;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface CreatedSetup {
  id: string;
  clientSecret: string;
  customerId: string | null;
}

/** A setup intent as the provider knows it now. */
export interface ProviderSetup {
  id: string;
  outcome: IntentOutcome;
  paymentMethodId: string | null;
  customerId: string | null;
  cardLast4: string | null;
  lastError: string | null;
}

export interface ChargeSavedInput {
  customerId: string | null;
  paymentMethodId: string;
  amountPoisha: number;
  currency: string;
  metadata: Record<string, string>;
  /** One key per gift, period and attempt: a repeated job never charges twice. */
  idempotencyKey: string;
}

/**
 * A provider that saves a card for later (Stripe's SetupIntent with `usage: off_session`)
 * and charges it without the donor (a PaymentIntent with `off_session: true`).
 */
export interface SavedCardProvider {
  createSetup(input: CreateSetupInput): Promise<CreatedSetup>;
  retrieveSetup(id: string): Promise<ProviderSetup | null>;
  /** Charges the saved card; the intent's outcome says whether it was taken. */
  chargeSaved(input: ChargeSavedInput): Promise<ProviderIntent>;
  /** Forgets a saved card (a cancelled gift, a closed account). */
  detachPaymentMethod(id: string): Promise<void>;
}

export function savesCards(p: PaymentProvider): p is PaymentProvider & SavedCardProvider {
  return 'chargeSaved' in p && typeof (p as { chargeSaved?: unknown }).chargeSaved === 'function';
}
