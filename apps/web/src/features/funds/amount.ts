import { asciiDigits } from '@easyfund/shared/digits';
import { DONATION_PRESETS_TK, MAX_DONATION_TK, MIN_DONATION_TK } from '@easyfund/shared/constants';

export type AmountChoice = (typeof DONATION_PRESETS_TK)[number] | 'other';

/** Shown with `min` and `max` formatted by formatWholeTk. */
export const AMOUNT_ERROR = 'Enter a whole amount from {{min}} to {{max}}';

/** The whole-Tk amount the visitor chose, or null when "Other" holds no valid amount. */
export function chosenAmount(choice: AmountChoice, other: string): number | null {
  if (choice !== 'other') return choice;
  const text = asciiDigits(other).trim(); // Bangla digits are the same digits
  if (!/^\d+$/.test(text)) return null;
  const tk = Number(text);
  return tk >= MIN_DONATION_TK && tk <= MAX_DONATION_TK ? tk : null;
}

/** The first choice shown: the fund's suggested amount (a preset, or "Other" holding it). */
export function initialChoice(suggestedPoisha: number): { choice: AmountChoice; other: string } {
  const tk = suggestedPoisha / 100;
  const preset = DONATION_PRESETS_TK.find((p) => p === tk);
  if (preset) return { choice: preset, other: '' };
  const whole = Math.round(tk);
  if (Number.isInteger(tk) && whole >= MIN_DONATION_TK && whole <= MAX_DONATION_TK)
    return { choice: 'other', other: String(whole) };
  return { choice: DONATION_PRESETS_TK[0], other: '' };
}
