/**
 * The payment-provider interface. Two implementations: the embedded `test` card
 * processor (moves no money) and `stripe`. Our code never trusts the browser about a
 * payment: it re-reads the intent from the provider and acts on what it says.
 */
export type ProviderName = 'test' | 'stripe';

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
  currency: string;
  /** Why the last attempt failed, in words a donor understands. */
  lastError: string | null;
  metadata: Record<string, string>;
}

/** A verified webhook event: which event, of which type, about which intent. */
export interface ProviderWebhookEvent {
  id: string;
  type: string;
  intentId: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The key the browser needs (Stripe); null for the embedded processor. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** The intent as the provider knows it now; null when it has no such intent. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Verifies a webhook's signature on the raw body; throws when it does not hold. */
  parseWebhookEvent?(rawBody: Buffer, signature: string | undefined): ProviderWebhookEvent;
}

/** Thrown by a provider when a webhook signature is missing, stale or wrong. */
export class WebhookSignatureError extends Error {}
