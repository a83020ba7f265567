import { eq } from 'drizzle-orm';
import { webhookEvents, payments } from '../../db/schema';
import { Invalid, NotFound } from '../../lib/errors';
import { WebhookSignatureError } from './providers/provider';
import { type PaymentDeps, settlePayment } from './service';

/** The only event types we act on; anything else is acknowledged and ignored. */
export const HANDLED_EVENT_TYPES = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'charge.refund.updated',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

export interface WebhookResult {
  received: true;
  handled: boolean;
  duplicate: boolean;
}

/**
 * A provider webhook: verify the signature on the raw body, skip events already
 * handled (by event id), and for an allow-listed type re-read the intent from the
 * provider through the same path as the browser's confirmation. The event is marked
 * handled only after that succeeded, so a failure here is retried by the provider.
 */
export async function handleWebhook(
  deps: PaymentDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookResult> {
  const { db, provider } = deps;
  if (!provider.parseWebhookEvent) throw new NotFound('Webhook endpoint');
  let event;
  try {
    event = provider.parseWebhookEvent(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw new Invalid('Invalid webhook signature');
    throw err;
  }

  const [seen] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, event.id));
  if (seen) return { received: true, handled: false, duplicate: true };
  if (!HANDLED_EVENT_TYPES.has(event.type) || !event.intentId) {
    return { received: true, handled: false, duplicate: false };
  }

  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, event.intentId));
  if (!row) {
    // Perhaps our insert after creating the intent has not landed yet (or failed): not
    // marked handled, so the provider delivers it again; a 404 tells it to retry.
    deps.log.warn(
      { eventId: event.id, intentId: event.intentId },
      'webhook for an unknown payment; left for the provider to redeliver',
    );
    throw new NotFound('Payment');
  }
  // A refund or dispute event re-reads the intent and its charge: recordRefund applies it.
  await settlePayment(deps, row, { source: event.id });

  await db
    .insert(webhookEvents)
    .values({ id: event.id, provider: provider.name, type: event.type })
    .onConflictDoNothing();
  return { received: true, handled: true, duplicate: false };
}
