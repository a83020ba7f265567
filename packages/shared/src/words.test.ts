import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './words';

describe('numbers in words (Indian system)', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [15, 'Fifteen'],
    [40, 'Forty'],
    [99, 'Ninety-Nine'],
    [100, 'One Hundred'],
    [105, 'One Hundred Five'],
    [1000, 'One Thousand'],
    [1010, 'One Thousand Ten'],
    [99_999, 'Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [100_000, 'One Lakh'],
    [250_500, 'Two Lakh Fifty Thousand Five Hundred'],
    [1_000_000, 'Ten Lakh'],
    [10_000_000, 'One Crore'],
    [12_345_678, 'One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight'],
    [1_000_000_000, 'One Hundred Crore'],
    [
      1_234_567_890_123,
      'One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Crore Seventy-Eight Lakh Ninety Thousand One Hundred Twenty-Three',
    ],
  ])('%d → %s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('refuses what is not a whole number', () => {
    expect(() => numberInWords(-1)).toThrow(RangeError);
    expect(() => numberInWords(1.5)).toThrow(RangeError);
  });

  it('says taka and poisha', () => {
    expect(amountInWords(50_000)).toBe('Five Hundred Taka Only');
    expect(amountInWords(150_050)).toBe('One Thousand Five Hundred Taka and Fifty Poisha Only');
    expect(amountInWords(100_000_000)).toBe('Ten Lakh Taka Only');
  });
});
