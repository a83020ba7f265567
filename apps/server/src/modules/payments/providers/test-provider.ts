import { and, eq, gte, lt, not, sql } from 'drizzle-orm';
import { builtOnce } from '../../../db/built-once';
import type { Db } from '../../../db/client';
import {
  counterAtCap,
  counterKey,
  type LimitRead,
  peekRateLimit,
} from '../../../db/rate-limit-store';
import { testProcessorIntents, testProcessorRefunds } from '../../../db/schema';
import { Conflict, NotFound, PaymentFailed, TooManyRequests } from '../../../lib/errors';
import { instrumentOf } from './fingerprint';
import type {
  AmountLimits,
  ChargeSavedInput,
  CreateSetupInput,
  CreatedSetup,
  ProviderSetup,
  SavedCardProvider,
  CreateIntentInput,
  CreatedIntent,
  IntentsInDatabase,
  PaymentProvider,
  ProviderIntent,
  ProviderIntentSummary,
  RefundInput,
} from './provider';
import { checkTestCard, type TestCard } from './test-cards';
import {
  alreadyDone,
  CARD_ATTEMPTS_PER_INTENT,
  type Row,
  sameSecret,
  toProviderIntent,
  token,
} from './test-processor';
import * as savedCards from './test-saved-cards';

/** What the processor's confirm endpoint answers. */
export interface TestIntentView {
  id: string;
  status: string;
  amount: number;
  currency: string;
  lastError: string | null;
}

const view = (row: Row): TestIntentView => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  lastError: row.lastError,
});

/** A new intent; an idempotency key used before creates none. */
const newIntent = builtOnce((db) => {
  const value = sql.placeholder;
  return db
    .insert(testProcessorIntents)
    .values({
      id: value('id'),
      clientSecret: value('clientSecret'),
      amount: value('amount'),
      currency: value('currency'),
      status: 'requires_payment_method',
      metadata: value('metadata'),
      idempotencyKey: value('idempotencyKey'),
    })
    .onConflictDoNothing({ target: testProcessorIntents.idempotencyKey })
    .returning()
    .prepare('');
});

/** A new intent's values: its id and secret drawn now. */
function newIntentRow(input: CreateIntentInput) {
  const id = `pi_test_${token(12)}`;
  return {
    id,
    clientSecret: `${id}_secret_${token(16)}`,
    amount: input.amountPoisha,
    currency: input.currency,
    metadata: input.metadata,
    idempotencyKey: input.idempotencyKey,
  };
}

/** An intent by its id (the reconciliation's, a review's, a refund's; a card not tried). */
const intentById = builtOnce((db) =>
  db
    .select()
    .from(testProcessorIntents)
    .where(eq(testProcessorIntents.id, sql.placeholder('id')))
    .prepare(''),
);

/**
 * A card tried on an open intent, in one statement: the intent is found by its id and
 * client secret, still open, with a card left to try; the card is counted against it and
 * it succeeds, or stays open with the card's error (the status is then written as it
 * was). Of two confirmations at once one wins. No row: why is read apart (`confirm`).
 */
const cardTried = builtOnce((db) => {
  // An update's values are SQL: a placeholder goes inside one.
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  return db
    .update(testProcessorIntents)
    .set({
      status: value('status'),
      lastError: value('lastError'),
      cardLast4: value('cardLast4'),
      cardFingerprint: value('cardFingerprint'),
      cardAttempts: sql`${testProcessorIntents.cardAttempts} + 1`,
      // The database's clock: a value here would be the one of the day it was built.
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(testProcessorIntents.id, sql.placeholder('id')),
        eq(testProcessorIntents.clientSecret, sql.placeholder('clientSecret')),
        eq(testProcessorIntents.status, 'requires_payment_method'),
        lt(testProcessorIntents.cardAttempts, CARD_ATTEMPTS_PER_INTENT),
        // The card is not capped (`LimitRead`; a null key caps nothing).
        not(counterAtCap()),
      ),
    )
    .returning()
    .prepare('');
});

/**
 * The embedded card processor: payment intents with client secrets, like Stripe's,
 * kept in the database so that every server process sees the same state. It moves
 * no money.
 */
export class TestPaymentProvider implements PaymentProvider, SavedCardProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;
  readonly mode = 'test' as const;
  /** 10 to 1,000,000 Tk, the site's own donation range. */
  readonly limits: AmountLimits = { minPoisha: 1_000, maxPoisha: 100_000_000 };

  constructor(private readonly db: Db) {}

  /** Its intents are rows of the site's database: a donation writes and reads them itself. */
  readonly inDatabase: IntentsInDatabase = {
    newIntent: (input) => {
      const row = newIntentRow(input);
      return {
        row: { status: 'requires_payment_method', ...row },
        created: {
          id: row.id,
          clientSecret: row.clientSecret,
          amount: row.amount,
          currency: row.currency,
        },
      };
    },
    read: toProviderIntent,
  };

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    const [created] = await newIntent(this.db).execute(newIntentRow(input));
    const row =
      created ??
      (
        await this.db
          .select()
          .from(testProcessorIntents)
          .where(eq(testProcessorIntents.idempotencyKey, input.idempotencyKey))
      )[0];
    if (!row) throw new Error('test processor: intent neither created nor found');
    if (row.amount !== input.amountPoisha || row.currency !== input.currency) {
      throw new Conflict('Idempotency key reused with different parameters', 'idempotency_error');
    }
    return {
      id: row.id,
      clientSecret: row.clientSecret,
      amount: row.amount,
      currency: row.currency,
    };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const [row] = await intentById(this.db).execute({ id });
    return row ? toProviderIntent(row) : null;
  }

  async cancelIntent(id: string): Promise<ProviderIntent | null> {
    await this.db
      .update(testProcessorIntents)
      .set({ status: 'canceled' })
      .where(
        and(
          eq(testProcessorIntents.id, id),
          eq(testProcessorIntents.status, 'requires_payment_method'),
        ),
      );
    return this.retrieveIntent(id);
  }

  /**
   * Refunds a succeeded intent, like Stripe's refunds.create: never more than what is
   * left, once per idempotency key (a repeat is a no-op).
   */
  async refund(input: RefundInput): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(testProcessorIntents)
        .where(eq(testProcessorIntents.id, input.intentId))
        .for('update');
      if (!row) throw new NotFound('Payment intent');
      const [done] = await tx
        .select()
        .from(testProcessorRefunds)
        .where(eq(testProcessorRefunds.idempotencyKey, input.idempotencyKey));
      if (done) {
        if (done.intentId !== input.intentId || done.amount !== input.amountPoisha) {
          throw new Conflict(
            'Idempotency key reused with different parameters',
            'idempotency_error',
          );
        }
        return;
      }
      if (row.status !== 'succeeded') throw alreadyDone(row.status);
      if (input.amountPoisha <= 0 || row.refunded + input.amountPoisha > row.amount) {
        throw new Conflict(
          'The refund is more than what is left of the payment.',
          'refund_too_large',
        );
      }
      await tx.insert(testProcessorRefunds).values({
        idempotencyKey: input.idempotencyKey,
        intentId: input.intentId,
        amount: input.amountPoisha,
      });
      await tx
        .update(testProcessorIntents)
        .set({ refunded: sql`${testProcessorIntents.refunded} + ${input.amountPoisha}` })
        .where(eq(testProcessorIntents.id, input.intentId));
    });
  }

  async listIntents(since: Date, until: Date): Promise<ProviderIntentSummary[]> {
    const rows = await this.db
      .select()
      .from(testProcessorIntents)
      .where(
        and(gte(testProcessorIntents.createdAt, since), lt(testProcessorIntents.createdAt, until)),
      );
    return rows.map((row) => {
      const pi = toProviderIntent(row);
      return {
        id: pi.id,
        outcome: pi.outcome,
        amountReceived: pi.amountReceived,
        refundedPoisha: pi.refundedPoisha,
        disputedPoisha: 0,
        paymentId: pi.metadata.paymentId ?? null,
      };
    });
  }

  /**
   * Confirms an intent with a card (what Stripe.js does against Stripe). Needs the
   * client secret. A refused card leaves the intent open with its error, as Stripe
   * does, and answers 402 with the card's message.
   */
  async confirm(
    intentId: string,
    clientSecret: string,
    card: TestCard,
    now: Date = new Date(),
    /** The site's cap on this card's declines (decision 454), read in the same statement. */
    cap?: LimitRead,
  ): Promise<TestIntentView> {
    const check = checkTestCard(card, now);
    const [updated] = await cardTried(this.db).execute({
      id: intentId,
      clientSecret,
      status: check.ok ? 'succeeded' : 'requires_payment_method',
      lastError: check.ok ? null : check.message,
      cardLast4: check.last4,
      cardFingerprint: check.last4 ? instrumentOf('card', card.number) : null,
      capKey: cap ? counterKey(cap.key) : null,
      capMax: cap?.max ?? 0,
      capWindowStart: cap ? now.getTime() - cap.windowMs : 0,
    });
    if (!updated) {
      // A capped card is refused first, whatever else is wrong (as a check before would).
      if (cap) {
        const hit = await peekRateLimit(this.db, cap.key, cap.max, cap.windowMs, now.getTime());
        if (!hit.allowed) cap.refuse(hit.retryAfter);
      }
      // Nothing tried: an unknown intent or another secret, a paid or canceled one (or
      // another confirmation won the race), or no card left to try on it (decision 454:
      // a tester must start payments, counted per account, to try more).
      const [row] = await intentById(this.db).execute({ id: intentId });
      if (!row || !sameSecret(row.clientSecret, clientSecret)) throw new NotFound('Payment intent');
      if (row.status !== 'requires_payment_method') throw alreadyDone(row.status);
      throw new TooManyRequests(
        'Too many cards were tried for this payment. Please start the payment again.',
      );
    }
    if (!check.ok) throw new PaymentFailed(check.message, check.code);
    return view(updated);
  }

  /* ---------- saved cards (monthly gifts) ---------- */

  createSetup(input: CreateSetupInput): Promise<CreatedSetup> {
    return savedCards.createSetup(this.db, input);
  }

  retrieveSetup(id: string): Promise<ProviderSetup | null> {
    return savedCards.retrieveSetup(this.db, id);
  }

  /**
   * Saves a card on a setup intent (what Stripe.js's confirmCardSetup does against
   * Stripe). Needs the client secret; a refused card answers 402 with its message.
   */
  confirmSetup(
    setupId: string,
    clientSecret: string,
    card: TestCard,
    now: Date = new Date(),
  ): Promise<{ id: string; status: string }> {
    return savedCards.confirmSetup(this.db, setupId, clientSecret, card, now);
  }

  /**
   * Charges a saved card without the donor: one intent per idempotency key (a repeat
   * returns the first one's outcome and charges nothing more).
   */
  chargeSaved(input: ChargeSavedInput): Promise<ProviderIntent> {
    return savedCards.chargeSaved(this.db, input);
  }

  detachPaymentMethod(id: string): Promise<void> {
    return savedCards.detachPaymentMethod(this.db, id);
  }
}
