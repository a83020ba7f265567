import { POISHA_PER_TK } from './constants';

export function tkToPoisha(tk: number): number {
  return Math.round(tk * POISHA_PER_TK);
}

/** Formats an amount in poisha as '1,234 Tk' (paisa shown only when present). */
export function formatTk(poisha: number): string {
  const tk = poisha / POISHA_PER_TK;
  const digits = Number.isInteger(tk) ? 0 : 2;
  return `${tk.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} Tk`;
}
