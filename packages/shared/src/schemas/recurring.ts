import { z } from 'zod';
import { ZAmountTk, ZTestConfirmRequest } from './donations';

/** How a monthly gift is paid: a saved card, or a wallet reminded each month. */
export const RECURRING_METHODS = ['card', 'wallet'] as const;
export const RECURRING_STATUSES = ['incomplete', 'active', 'paused', 'cancelled', 'ended'] as const;
export const CHARGE_STATUSES = ['due', 'charging', 'paid', 'failed', 'reminded'] as const;

export const ZStartRecurringRequest = z.object({
  fundId: z.uuid({ error: 'Choose a fund' }),
  amountTk: ZAmountTk,
  method: z.enum(RECURRING_METHODS).default('card'),
  anonymous: z.boolean().default(false),
});
export type TStartRecurringRequest = z.output<typeof ZStartRecurringRequest>;
export type TStartRecurringForm = z.input<typeof ZStartRecurringRequest>;

/** Saving the card: what the browser needs to confirm it with the provider. */
export const ZCardSetup = z.object({
  provider: z.enum(['test', 'stripe']),
  setupIntentId: z.string(),
  clientSecret: z.string(),
  publishableKey: z.string().optional(),
});
export type TCardSetup = z.infer<typeof ZCardSetup>;

export const ZRecurringCharge = z.object({
  period: z.string(),
  amountPoisha: z.number().int(),
  status: z.enum(CHARGE_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  lastError: z.string().nullable(),
});

export const ZRecurringGift = z.object({
  id: z.string(),
  fundId: z.string(),
  fundName: z.string(),
  amountPoisha: z.number().int(),
  method: z.enum(RECURRING_METHODS),
  status: z.enum(RECURRING_STATUSES),
  statusReason: z.string().nullable(),
  cardLast4: z.string().nullable(),
  nextChargeAt: z.string().nullable(),
  anonymous: z.boolean(),
  createdAt: z.string(),
  history: z.array(ZRecurringCharge),
  /** The signed address that manages this gift without signing in (as in its e-mails). */
  manageToken: z.string(),
});
export type TRecurringGift = z.infer<typeof ZRecurringGift>;

export const ZStartRecurringResponse = z.object({
  gift: ZRecurringGift,
  setup: ZCardSetup.nullable(),
});
export type TStartRecurringResponse = z.infer<typeof ZStartRecurringResponse>;

export const ZRecurringList = z.object({ items: z.array(ZRecurringGift) });

export const ZGiftIdParam = z.object({ giftId: z.uuid() });
export const ZManageTokenParam = z.object({ token: z.string().min(10).max(200) });

/** One click: pause, resume or cancel; or a new amount. */
export const ZChangeRecurringRequest = z.union([
  z.object({ action: z.enum(['pause', 'resume', 'cancel']) }),
  z.object({ amountTk: ZAmountTk }),
]);
export type TChangeRecurringRequest = z.infer<typeof ZChangeRecurringRequest>;

/** The embedded processor saves a card on a setup intent. */
export const ZTestSetupConfirmRequest = ZTestConfirmRequest;
export const ZSetupIdParam = z.object({ setupIntentId: z.string().min(1).max(100) });
export const ZTestSetup = z.object({ id: z.string(), status: z.string() });

/** Monthly income of a fund: what its active monthly gifts bring each month. */
export const ZFundRecurring = z.object({
  activeGifts: z.number().int(),
  monthlyPoisha: z.number().int(),
  /** Paid by monthly gifts so far. */
  receivedPoisha: z.number().int(),
});
export const ZFundIdParam = z.object({ fundId: z.uuid() });
