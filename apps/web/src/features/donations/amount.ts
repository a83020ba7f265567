import { MAX_DONATION_TK, MIN_DONATION_TK, POISHA_PER_TK } from '@easyfund/shared/constants';
import { ZAmountTk } from '@easyfund/shared/schemas/payments';

/**
 * The amount the pay page starts with: `?amount=` when it is a valid whole-Tk amount,
 * otherwise the fund's suggested amount (kept within the donation bounds).
 */
export function initialAmountTk(query: string | null, suggestedPoisha: number): number {
  if (query && /^\d+$/.test(query.trim())) {
    const tk = Number(query.trim());
    if (ZAmountTk.safeParse(tk).success) return tk;
  }
  const suggested = Math.round(suggestedPoisha / POISHA_PER_TK);
  return Math.min(MAX_DONATION_TK, Math.max(MIN_DONATION_TK, suggested));
}
