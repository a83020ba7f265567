/** Roles a user can hold. `user` on sign-up; `verified` raisers; `admin`. */
export const ROLES = ['user', 'verified', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Decision states shared by funds, verification applications and withdrawals. */
export const DECISION_STATUSES = ['pending', 'approved', 'denied'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

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

/** Image uploads. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const SITE_NAME = 'Easy Fund';
