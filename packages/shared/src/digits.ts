/**
 * Digits as people type them: a Bangla keyboard (or a phone set to Bangla) types ০১২৩৪৫৬৭৮৯,
 * not 0–9. Every numeric field (amounts, NID and phone numbers, card details) reads them as
 * the same numbers, before its rules are checked.
 */
const BANGLA_ZERO = 0x09e6;
const BANGLA_DIGITS = /[\u09E6-\u09EF]/g;

/** The text with every Bangla digit as its ASCII digit; nothing else changes. */
export function asciiDigits(text: string): string {
  return text.replace(BANGLA_DIGITS, (d) => String(d.charCodeAt(0) - BANGLA_ZERO));
}

/** A zod preprocess step: a string's Bangla digits as ASCII digits, anything else as it is. */
export function normaliseDigits(value: unknown): unknown {
  return typeof value === 'string' ? asciiDigits(value) : value;
}
