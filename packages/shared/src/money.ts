import { POISHA_PER_TK } from './constants';

export function tkToPoisha(tk: number): number {
  return Math.round(tk * POISHA_PER_TK);
}

/** Amounts are formatted in one place, with the language's digits and lakh grouping. */
export { formatTk } from './format';
