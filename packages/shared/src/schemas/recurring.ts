import { z } from 'zod';
import { ZAmountTk, ZTestConfirmRequest } from './payments';

/** How a monthly gift is paid: a saved card, or a wallet reminded each month. */
export const RECURRING_METHODS = ['card', 'wallet'] as const;
export const RECURRING_STATUSES = ['incomplete', 'active', 'paused', 'cancelled', 'ended'] as const;
/** How often a gift is given: each month, or each day of Ramadan (within the dates an admin sets). */
export const RECURRING_FREQUENCIES = ['monthly', 'daily'] as const;
export type TRecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const CHARGE_STATUSES = ['due', 'charging', 'paid', 'failed', 'reminded'] as const;

export const ZStartRecurringRequest = z.object({
  fundId: z.uuid({ error: 'Choose a fund' }),
  amountTk: ZAmountTk,
  method: z.enum(RECURRING_METHODS).default('card'),
  frequency: z.enum(RECURRING_FREQUENCIES).default('monthly'),
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
  frequency: z.enum(RECURRING_FREQUENCIES),
  /** A daily gift's last day (YYYY-MM-DD, Asia/Dhaka); null for a monthly one. */
  lastDay: z.string().nullable(),
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
  /** Active schedules, monthly and daily. */
  activeGifts: z.number().int(),
  /** What the active schedules are expected to bring in a month (a daily gift: 30 days). */
  monthlyPoisha: z.number().int(),
  /** Paid by recurring gifts this month (Asia/Dhaka). */
  receivedThisMonthPoisha: z.number().int(),
  /** Paid by recurring gifts so far. */
  receivedPoisha: z.number().int(),
});
export type TFundRecurring = z.infer<typeof ZFundRecurring>;
export const ZFundIdParam = z.object({ fundId: z.uuid() });

/* ---------- Ramadan dates (daily giving) ---------- */

const ZDay = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });
/** Ramadan lasts 29 or 30 days; a few more allow for the moon's sighting. */
export const RAMADAN_MAX_DAYS = 31;
const RAMADAN_ERRORS = {
  order: { message: 'The last day must be on or after the first day' },
  length: { message: 'Ramadan lasts at most 31 days' },
  both: { message: 'Enter both dates, or clear both' },
  closed: { message: 'Daily giving is open only during Ramadan.' },
} as const;
export const RAMADAN_MESSAGES = {
  order: RAMADAN_ERRORS.order.message,
  length: RAMADAN_ERRORS.length.message,
  both: RAMADAN_ERRORS.both.message,
  closed: RAMADAN_ERRORS.closed.message,
} as const;

/** The Ramadan dates in force (Asia/Dhaka days, both included), and whether today is one. */
export const ZRamadan = z.object({
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  /** Today (Asia/Dhaka) is within the dates: the pay step offers daily giving. */
  open: z.boolean(),
});
export type TRamadan = z.infer<typeof ZRamadan>;

/** PUT /api/admin/ramadan: both dates, or both null to clear them. */
export const ZSetRamadanRequest = z
  .object({ startsOn: ZDay.nullable(), endsOn: ZDay.nullable() })
  .superRefine((v, ctx) => {
    if ((v.startsOn === null) !== (v.endsOn === null)) {
      ctx.addIssue({
        code: 'custom',
        message: RAMADAN_MESSAGES.both,
        path: [v.startsOn === null ? 'startsOn' : 'endsOn'],
      });
      return;
    }
    if (v.startsOn === null || v.endsOn === null) return;
    const days = (Date.parse(v.endsOn) - Date.parse(v.startsOn)) / 86_400_000 + 1;
    if (days < 1)
      ctx.addIssue({ code: 'custom', message: RAMADAN_MESSAGES.order, path: ['endsOn'] });
    else if (days > RAMADAN_MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: RAMADAN_MESSAGES.length, path: ['endsOn'] });
  });
export type TSetRamadanRequest = z.infer<typeof ZSetRamadanRequest>;

/** Every change of the dates, newest first: who set what, when. */
export const ZRamadanHistory = z.object({
  items: z.array(
    z.object({
      startsOn: z.string().nullable(),
      endsOn: z.string().nullable(),
      setBy: z.string().nullable(),
      setAt: z.string(),
    }),
  ),
});
