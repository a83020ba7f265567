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

describe('numbers in Bangla words', () => {
  it('has a name of its own for each number below a hundred', () => {
    const names = Array.from({ length: 100 }, (_, n) => numberInWords(n, 'bn'));
    expect(new Set(names).size).toBe(100);
    for (const name of names) expect(name).toMatch(/^[\u0980-\u09FF]+$/);
    expect(names.slice(0, 11)).toEqual([
      'শূন্য',
      'এক',
      'দুই',
      'তিন',
      'চার',
      'পাঁচ',
      'ছয়',
      'সাত',
      'আট',
      'নয়',
      'দশ',
    ]);
  });

  it.each([
    [11, 'এগারো'],
    [19, 'উনিশ'],
    [20, 'বিশ'],
    [29, 'ঊনত্রিশ'],
    [35, 'পঁয়ত্রিশ'],
    [42, 'বিয়াল্লিশ'],
    [52, 'বাহান্ন'],
    [59, 'ঊনষাট'],
    [67, 'সাতষট্টি'],
    [73, 'তিয়াত্তর'],
    [88, 'আটাশি'],
    [89, 'ঊননব্বই'],
    [99, 'নিরানব্বই'],
    [100, 'একশত'],
    [105, 'একশত পাঁচ'],
    [999, 'নয়শত নিরানব্বই'],
    [1000, 'এক হাজার'],
    [1010, 'এক হাজার দশ'],
    [99_999, 'নিরানব্বই হাজার নয়শত নিরানব্বই'],
    [100_000, 'এক লক্ষ'],
    [250_500, 'দুই লক্ষ পঞ্চাশ হাজার পাঁচশত'],
    [1_000_000, 'দশ লক্ষ'],
    [10_000_000, 'এক কোটি'],
    [12_345_678, 'এক কোটি তেইশ লক্ষ পঁয়তাল্লিশ হাজার ছয়শত আটাত্তর'],
    [1_000_000_000, 'একশত কোটি'],
    [1_234_567_890_123, 'এক লক্ষ তেইশ হাজার চারশত ছাপ্পান্ন কোটি আটাত্তর লক্ষ নব্বই হাজার একশত তেইশ'],
  ])('%d → %s', (n, words) => {
    expect(numberInWords(n, 'bn')).toBe(words.normalize('NFC'));
  });

  it('refuses what is not a whole number', () => {
    expect(() => numberInWords(-1, 'bn')).toThrow(RangeError);
  });

  it('says taka and poisha', () => {
    expect(amountInWords(50_000, 'bn')).toBe('পাঁচশত টাকা মাত্র'.normalize('NFC'));
    expect(amountInWords(150_050, 'bn')).toBe(
      'এক হাজার পাঁচশত টাকা ও পঞ্চাশ পয়সা মাত্র'.normalize('NFC'),
    );
    expect(amountInWords(12_345_600, 'bn')).toBe(
      'এক লক্ষ তেইশ হাজার চারশত ছাপ্পান্ন টাকা মাত্র'.normalize('NFC'),
    );
  });
});
