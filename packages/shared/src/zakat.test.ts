import { describe, expect, it } from 'vitest';
import { calculateZakat, nisabPoisha } from './zakat';

const prices = { goldPoishaPerGram: 15_000_00, silverPoishaPerGram: 180_00 };

describe('zakat', () => {
  it('takes the nisab from the price per gram of gold or silver', () => {
    expect(nisabPoisha(prices, 'gold')).toBe(Math.ceil(15_000_00 * 87.48));
    expect(nisabPoisha(prices, 'silver')).toBe(Math.ceil(180_00 * 612.36));
  });

  it('asks 2.5% of assets minus debts once they reach the nisab, in whole taka', () => {
    const r = calculateZakat(
      { assetsPoisha: 500_000_00, debtsPoisha: 100_000_00, basis: 'silver' },
      prices,
    );
    expect(r).toMatchObject({ netPoisha: 400_000_00, due: true, zakatPoisha: 10_000_00 });
    expect(
      calculateZakat({ assetsPoisha: 200_001_00, debtsPoisha: 0, basis: 'silver' }, prices)
        .zakatPoisha,
    ).toBe(5_001_00);
  });

  it('asks nothing below the nisab or when debts exceed assets', () => {
    expect(
      calculateZakat({ assetsPoisha: 500_000_00, debtsPoisha: 0, basis: 'gold' }, prices).due,
    ).toBe(false);
    expect(
      calculateZakat({ assetsPoisha: 10_00, debtsPoisha: 50_00, basis: 'silver' }, prices),
    ).toMatchObject({ netPoisha: 0, due: false, zakatPoisha: 0 });
  });
});
