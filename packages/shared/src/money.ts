import { POISHA_PER_TK } from './constants';
import { asciiDigits } from './digits';

export function tkToPoisha(tk: number): number {
  return Math.round(tk * POISHA_PER_TK);
}

/**
 * Whole taka, strictly: a JSON integer, or text of decimal digits only. Anything else
 * ("0x10", "1e3", "1000.9", " 12", "+5", "") is not an amount: null, never a guess.
 */
export function parseWholeTk(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const text = asciiDigits(value); // Bangla digits are the same digits
  return /^[0-9]{1,15}$/.test(text) ? Number(text) : null;
}

/**
 * An amount in taka with at most two decimals (the form's step 0.01), strictly: a finite
 * JSON number or text like "120" or "120.50"; no hex, exponent, sign or spaces.
 */
export function parseTk(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const text = asciiDigits(value);
  return /^[0-9]{1,15}(\.[0-9]{1,2})?$/.test(text) ? Number(text) : null;
}

/** Amounts are formatted in one place, with the language's digits and lakh grouping. */
export { formatTk } from './format';
