/**
 * Zakat: 2.5% of zakatable wealth (assets minus debts due) held for a lunar year, due
 * when that wealth is at least the nisab: the value of 87.48 g of gold or 612.36 g of
 * silver (the usual fiqh measures of 7.5 tola and 52.5 tola). Money in integer poisha.
 */
export const ZAKAT_RATE_PERCENT = 2.5;
export const NISAB_GOLD_GRAMS = 87.48;
export const NISAB_SILVER_GRAMS = 612.36;

export const NISAB_BASES = ['gold', 'silver'] as const;
export type NisabBasis = (typeof NISAB_BASES)[number];

export interface ZakatPrices {
  goldPoishaPerGram: number;
  silverPoishaPerGram: number;
}

/** The nisab in poisha on a basis, from the price per gram (rounded up to whole poisha). */
export function nisabPoisha(prices: ZakatPrices, basis: NisabBasis): number {
  return basis === 'gold'
    ? Math.ceil(prices.goldPoishaPerGram * NISAB_GOLD_GRAMS)
    : Math.ceil(prices.silverPoishaPerGram * NISAB_SILVER_GRAMS);
}

export interface ZakatResult {
  netPoisha: number;
  nisabPoisha: number;
  /** The wealth reaches the nisab. */
  due: boolean;
  /** 2.5% of the net wealth, whole taka rounded up (what a donation can pay); 0 when not due. */
  zakatPoisha: number;
}

/** Zakat on assets and debts (poisha) against the nisab of a basis. */
export function calculateZakat(
  input: { assetsPoisha: number; debtsPoisha: number; basis: NisabBasis },
  prices: ZakatPrices,
): ZakatResult {
  const netPoisha = Math.max(0, input.assetsPoisha - input.debtsPoisha);
  const nisab = nisabPoisha(prices, input.basis);
  const due = nisab > 0 && netPoisha >= nisab;
  const raw = (netPoisha * ZAKAT_RATE_PERCENT) / 100;
  return {
    netPoisha,
    nisabPoisha: nisab,
    due,
    zakatPoisha: due ? Math.ceil(raw / 100) * 100 : 0,
  };
}
