/** What the embedded card processor keeps of an intent, and how it reads to the site. */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { testProcessorIntents } from '../../../db/schema';
import { Conflict } from '../../../lib/errors';
import type { IntentOutcome, ProviderIntent } from './provider';

export type Row = typeof testProcessorIntents.$inferSelect;

export const token = (bytes: number) => randomBytes(bytes).toString('hex');

/** Cards that may be tried on one intent. */
export const CARD_ATTEMPTS_PER_INTENT = 5;

function outcomeOf(row: Pick<Row, 'status' | 'lastError'>): IntentOutcome {
  if (row.status === 'succeeded') return 'succeeded';
  if (row.status === 'canceled') return 'failed';
  if (row.status === 'requires_payment_method' && row.lastError) return 'failed';
  return 'pending';
}

export function toProviderIntent(row: Row): ProviderIntent {
  return {
    id: row.id,
    outcome: outcomeOf(row),
    status: row.status,
    amount: row.amount,
    amountReceived: row.status === 'succeeded' ? row.amount : 0,
    currency: row.currency,
    refundedPoisha: row.refunded,
    disputedPoisha: 0,
    lastError: row.lastError,
    declined: row.status === 'requires_payment_method' && row.lastError != null,
    instrument: row.cardFingerprint,
    metadata: (row.metadata ?? {}) as Record<string, string>,
  };
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function alreadyDone(status: string) {
  return new Conflict(
    status === 'succeeded'
      ? 'This payment has already been made.'
      : 'This payment can no longer be made.',
    'payment_intent_unexpected_state',
  );
}
