/** Roles a user can hold. `user` on sign-up; `verified` raisers; `admin`. */
export const ROLES = ['user', 'verified', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Decision states shared by funds, verification applications and withdrawals. */
export const DECISION_STATUSES = ['pending', 'approved', 'denied'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

/**
 * A withdrawal's life: requested (pending) → approved | denied; approved → paid | failed
 * (the money returns to the fund); paid → reversed (an admin's record, with a reason).
 */
export const WITHDRAWAL_STATUSES = [...DECISION_STATUSES, 'paid', 'failed', 'reversed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** How a payout leaves: a bKash or Nagad wallet, or a bank transfer. */
export const PAYOUT_METHODS = ['bkash', 'nagad', 'bank'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYMENT_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'refunded',
  'needs_review',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Test money (the embedded processor, Stripe test keys) or live money. */
export const PAYMENT_MODES = ['test', 'live'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** How a donor paid: a card, or one of the three mobile wallets (through the gateway). */
export const PAYMENT_METHODS = ['card', 'bkash', 'nagad', 'rocket'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const WALLET_METHODS = ['bkash', 'nagad', 'rocket'] as const;
export type WalletMethod = (typeof WALLET_METHODS)[number];

/** Each method's name as the donor knows it (brand names: the same in every language). */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  card: 'Card',
  bkash: 'bKash',
  nagad: 'Nagad',
  rocket: 'Rocket',
};

/** The six causes of the home page's 'What We Do?' block, also a fund's category. */
export const CAUSES = [
  {
    id: 'startup',
    title: 'Startup',
    text: 'Help startups by donating or create one for your own startup.',
  },
  {
    id: 'charitable-trust',
    title: 'Charitable Trust',
    text: 'Contribute to reputable charities.',
  },
  {
    id: 'health-care',
    title: 'Health Care',
    text: 'Create a fund or donate to people in need of health care.',
  },
  {
    id: 'education',
    title: 'Education',
    text: "Make children's life brighter by donating or creating funds for their education.",
  },
  {
    id: 'relief-fund',
    title: 'Relief Fund',
    text: 'Collect funds for families affected by natural or manmade disasters.',
  },
  {
    id: 'social-care',
    title: 'Social Care',
    text: 'Help people by donating or creating funds for less fortunate people.',
  },
] as const;
export type CauseId = (typeof CAUSES)[number]['id'];
export const CAUSE_IDS = CAUSES.map((c) => c.id) as [CauseId, ...CauseId[]];

export function causeTitle(id: string): string {
  return CAUSES.find((c) => c.id === id)?.title ?? id;
}

/** Money is kept in poisha: 1 Tk = 100 poisha. */
export const POISHA_PER_TK = 100;
export const MIN_DONATION_TK = 10;
export const MAX_DONATION_TK = 1_000_000;
export const DONATION_PRESETS_TK = [100, 500, 1000] as const;
export const CURRENCY = 'bdt';

/**
 * What SSLCommerz's session API takes as `total_amount`, in whole Tk: 10.00 to
 * 500000.00 BDT, whatever the channel (decision 457). Our own maximum
 * (`MAX_DONATION_TK`) stays for card providers of our own (Stripe, the test processor).
 */
export const GATEWAY_AMOUNT_TK = { min: 10, max: 500_000 } as const;

/**
 * Per-payment bounds of each method through the gateway, in whole Tk: within what
 * SSLCommerz takes (`GATEWAY_AMOUNT_TK`); the wallets cap one payment from a personal
 * account lower still.
 */
export const METHOD_LIMITS_TK: Record<PaymentMethod, { min: number; max: number }> = {
  card: { min: GATEWAY_AMOUNT_TK.min, max: GATEWAY_AMOUNT_TK.max },
  bkash: { min: GATEWAY_AMOUNT_TK.min, max: 25_000 },
  nagad: { min: GATEWAY_AMOUNT_TK.min, max: 25_000 },
  rocket: { min: GATEWAY_AMOUNT_TK.min, max: 25_000 },
};

/** Image uploads. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const SITE_NAME = 'Easy Fund';

/** What a closed account's name becomes on its donations, receipts and every list. */
export const FORMER_DONOR = 'Former donor';
