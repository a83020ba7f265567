/**
 * The card rules of the embedded test processor, after the published Stripe test
 * cards. Pure functions: no database, no clock unless given one.
 */
export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardCheck =
  { ok: true; last4: string } | { ok: false; code: string; message: string; last4: string | null };

export const CARD_ERRORS = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  invalidMonth: "Your card's expiration month is invalid.",
  pastYear: "Your card's expiration year is in the past.",
  pastDate: "Your card's expiration date is in the past.",
  invalidCvc: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  notATestCard:
    'Your card was declined. This processor takes test cards only, such as 4242 4242 4242 4242.',
} as const;

/** Test numbers with a fixed outcome (others that pass the checks are refused). */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  /** Saved for later without trouble; every charge of it is then declined (Stripe's 0341). */
  savedThenDeclined: '4000000000000341',
} as const;

/** The Luhn checksum every real card number satisfies. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Judges a card the way the processor does: format, expiry, CVC, then the test numbers. */
export function checkTestCard(card: TestCard, now: Date = new Date()): CardCheck {
  const raw = card.number.replace(/[\s-]/g, '');
  const last4 = /^\d{4,}$/.test(raw) ? raw.slice(-4) : null;
  const fail = (code: string, message: string): CardCheck => ({ ok: false, code, message, last4 });

  if (!/^\d+$/.test(raw) || raw.length < 12)
    return fail('incomplete_number', CARD_ERRORS.incompleteNumber);
  if (raw.length > 19 || !luhnValid(raw))
    return fail('incorrect_number', CARD_ERRORS.invalidNumber);

  const month = card.expMonth;
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return fail('invalid_expiry_month', CARD_ERRORS.invalidMonth);
  }
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (!Number.isInteger(year) || year < thisYear)
    return fail('invalid_expiry_year', CARD_ERRORS.pastYear);
  if (year === thisYear && month < thisMonth)
    return fail('invalid_expiry_date', CARD_ERRORS.pastDate);
  if (!/^\d{3}$/.test(card.cvc.trim())) return fail('invalid_cvc', CARD_ERRORS.invalidCvc);

  switch (raw) {
    case TEST_CARDS.succeeds:
      return { ok: true, last4: raw.slice(-4) };
    case TEST_CARDS.declined:
      return fail('card_declined', CARD_ERRORS.declined);
    case TEST_CARDS.insufficientFunds:
      return fail('insufficient_funds', CARD_ERRORS.insufficientFunds);
    case TEST_CARDS.expired:
      return fail('expired_card', CARD_ERRORS.expired);
    case TEST_CARDS.savedThenDeclined:
      return fail('card_declined', CARD_ERRORS.declined);
    default:
      return fail('card_declined', CARD_ERRORS.notATestCard);
  }
}

/**
 * Judges a card being saved for later charges: as a payment, except that
 * 4000 0000 0000 0341 is saved (its later charges are declined: `failWith`).
 */
export function checkSavedTestCard(
  card: TestCard,
  now: Date = new Date(),
): CardCheck & { failWith?: string } {
  const raw = card.number.replace(/[\s-]/g, '');
  if (raw === TEST_CARDS.savedThenDeclined) {
    const asPayment = checkTestCard({ ...card, number: TEST_CARDS.succeeds }, now);
    return asPayment.ok ? { ok: true, last4: raw.slice(-4), failWith: 'card_declined' } : asPayment;
  }
  return checkTestCard(card, now);
}
