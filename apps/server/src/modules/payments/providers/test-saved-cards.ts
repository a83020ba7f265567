/** The embedded card processor's saved cards (monthly gifts): setup intents and charges. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  testProcessorIntents,
  testProcessorPaymentMethods,
  testProcessorSetupIntents,
} from '../../../db/schema';
import { Conflict, NotFound, PaymentFailed, TooManyRequests } from '../../../lib/errors';
import { hitRateLimit } from '../../../db/rate-limit-store';
import { instrumentOf } from './fingerprint';
import type {
  ChargeSavedInput,
  CreateSetupInput,
  CreatedSetup,
  ProviderIntent,
  ProviderSetup,
} from './provider';
import { CARD_ERRORS, checkSavedTestCard, type TestCard } from './test-cards';
import {
  alreadyDone,
  CARD_ATTEMPTS_PER_INTENT,
  sameSecret,
  toProviderIntent,
  token,
} from './test-processor';

export async function createSetup(db: Db, input: CreateSetupInput): Promise<CreatedSetup> {
  const id = `seti_test_${token(12)}`;
  const clientSecret = `${id}_secret_${token(16)}`;
  await db.insert(testProcessorSetupIntents).values({
    id,
    clientSecret,
    metadata: { ...input.metadata, reference: input.reference },
  });
  return { id, clientSecret, customerId: null };
}

export async function retrieveSetup(db: Db, id: string): Promise<ProviderSetup | null> {
  const [row] = await db
    .select({
      id: testProcessorSetupIntents.id,
      status: testProcessorSetupIntents.status,
      lastError: testProcessorSetupIntents.lastError,
      paymentMethodId: testProcessorSetupIntents.paymentMethodId,
      cardLast4: testProcessorPaymentMethods.cardLast4,
    })
    .from(testProcessorSetupIntents)
    .leftJoin(
      testProcessorPaymentMethods,
      eq(testProcessorPaymentMethods.id, testProcessorSetupIntents.paymentMethodId),
    )
    .where(eq(testProcessorSetupIntents.id, id));
  if (!row) return null;
  return {
    id: row.id,
    outcome: row.status === 'succeeded' ? 'succeeded' : row.lastError ? 'failed' : 'pending',
    paymentMethodId: row.paymentMethodId,
    customerId: null,
    cardLast4: row.cardLast4,
    lastError: row.lastError,
  };
}

/**
 * Saves a card on a setup intent (what Stripe.js's confirmCardSetup does against
 * Stripe). Needs the client secret; a refused card answers 402 with its message.
 */
export async function confirmSetup(
  db: Db,
  setupId: string,
  clientSecret: string,
  card: TestCard,
  now: Date = new Date(),
): Promise<{ id: string; status: string }> {
  const [row] = await db
    .select()
    .from(testProcessorSetupIntents)
    .where(eq(testProcessorSetupIntents.id, setupId));
  if (!row || !sameSecret(row.clientSecret, clientSecret)) throw new NotFound('Setup intent');
  if (row.status !== 'requires_payment_method') throw alreadyDone(row.status);
  const tries = await hitRateLimit(
    db,
    `card-attempts:${setupId}`,
    CARD_ATTEMPTS_PER_INTENT,
    24 * 60 * 60_000,
  );
  if (!tries.allowed)
    throw new TooManyRequests(
      'Too many cards were tried for this payment. Please start the payment again.',
    );
  const check = checkSavedTestCard(card, now);
  if (!check.ok) {
    await db
      .update(testProcessorSetupIntents)
      .set({ lastError: check.message })
      .where(eq(testProcessorSetupIntents.id, setupId));
    throw new PaymentFailed(check.message, check.code);
  }
  const pmId = `pm_test_${token(12)}`;
  return db.transaction(async (tx) => {
    const [won] = await tx
      .update(testProcessorSetupIntents)
      .set({ status: 'succeeded', paymentMethodId: pmId, lastError: null })
      .where(
        and(
          eq(testProcessorSetupIntents.id, setupId),
          eq(testProcessorSetupIntents.status, 'requires_payment_method'),
        ),
      )
      .returning({ id: testProcessorSetupIntents.id });
    if (!won) throw alreadyDone('succeeded');
    await tx.insert(testProcessorPaymentMethods).values({
      id: pmId,
      cardLast4: check.last4,
      cardFingerprint: instrumentOf('card', card.number),
      failWith: check.failWith ?? null,
    });
    return { id: setupId, status: 'succeeded' };
  });
}

/**
 * Charges a saved card without the donor: one intent per idempotency key (a repeat
 * returns the first one's outcome and charges nothing more).
 */
export async function chargeSaved(db: Db, input: ChargeSavedInput): Promise<ProviderIntent> {
  const [pm] = await db
    .select()
    .from(testProcessorPaymentMethods)
    .where(eq(testProcessorPaymentMethods.id, input.paymentMethodId));
  const error =
    !pm || pm.detached ? CARD_ERRORS.declined : pm.failWith ? CARD_ERRORS.declined : null;
  const id = `pi_test_${token(12)}`;
  const [created] = await db
    .insert(testProcessorIntents)
    .values({
      id,
      clientSecret: `${id}_secret_${token(16)}`,
      amount: input.amountPoisha,
      currency: input.currency,
      status: error ? 'requires_payment_method' : 'succeeded',
      lastError: error,
      cardLast4: pm?.cardLast4 ?? null,
      cardFingerprint: pm?.cardFingerprint ?? null,
      metadata: input.metadata,
      idempotencyKey: input.idempotencyKey,
    })
    .onConflictDoNothing({ target: testProcessorIntents.idempotencyKey })
    .returning();
  const row =
    created ??
    (
      await db
        .select()
        .from(testProcessorIntents)
        .where(eq(testProcessorIntents.idempotencyKey, input.idempotencyKey))
    )[0];
  if (!row) throw new Error('test processor: intent neither created nor found');
  if (row.amount !== input.amountPoisha) {
    throw new Conflict('Idempotency key reused with different parameters', 'idempotency_error');
  }
  return toProviderIntent(row);
}

export async function detachPaymentMethod(db: Db, id: string): Promise<void> {
  await db
    .update(testProcessorPaymentMethods)
    .set({ detached: true })
    .where(eq(testProcessorPaymentMethods.id, id));
}
