import { POISHA_PER_TK } from './constants';
import type { Language } from './i18n/languages';

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1..99 */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit ? `${TENS[Math.floor(n / 10)]}-${ONES[unit]}` : TENS[Math.floor(n / 10)]!;
}

/** 1..999 */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number in English words in the Indian system. */
function englishWords(n: number): string {
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore) parts.push(`${englishWords(crore)} Crore`);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor((n % 100_000) / 1000);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  const rest = n % 1000;
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * The Bangla names of 0..99, one row per ten. They are not built from tens and units
 * (৫২ বাহান্ন, ৮৯ ঊননব্বই), so each is written out, spelt as Bangladeshi school books do.
 */
const BANGLA = [
  'শূন্য এক দুই তিন চার পাঁচ ছয় সাত আট নয়',
  'দশ এগারো বারো তেরো চৌদ্দ পনেরো ষোলো সতেরো আঠারো উনিশ',
  'বিশ একুশ বাইশ তেইশ চব্বিশ পঁচিশ ছাব্বিশ সাতাশ আটাশ ঊনত্রিশ',
  'ত্রিশ একত্রিশ বত্রিশ তেত্রিশ চৌত্রিশ পঁয়ত্রিশ ছত্রিশ সাঁইত্রিশ আটত্রিশ ঊনচল্লিশ',
  'চল্লিশ একচল্লিশ বিয়াল্লিশ তেতাল্লিশ চুয়াল্লিশ পঁয়তাল্লিশ ছেচল্লিশ সাতচল্লিশ আটচল্লিশ ঊনপঞ্চাশ',
  'পঞ্চাশ একান্ন বাহান্ন তিপ্পান্ন চুয়ান্ন পঞ্চান্ন ছাপ্পান্ন সাতান্ন আটান্ন ঊনষাট',
  'ষাট একষট্টি বাষট্টি তেষট্টি চৌষট্টি পঁয়ষট্টি ছেষট্টি সাতষট্টি আটষট্টি ঊনসত্তর',
  'সত্তর একাত্তর বাহাত্তর তিয়াত্তর চুয়াত্তর পঁচাত্তর ছিয়াত্তর সাতাত্তর আটাত্তর ঊনআশি',
  'আশি একাশি বিরাশি তিরাশি চুরাশি পঁচাশি ছিয়াশি সাতাশি আটাশি ঊননব্বই',
  'নব্বই একানব্বই বিরানব্বই তিরানব্বই চুরানব্বই পঁচানব্বই ছিয়ানব্বই সাতানব্বই আটানব্বই নিরানব্বই',
].flatMap((row) => row.split(' '));

/** 1..999 in Bangla: 'চারশত ছাপ্পান্ন'. */
function banglaBelowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${BANGLA[hundreds]}শত` : '', rest ? BANGLA[rest]! : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number in Bangla words: 1_23_456 → 'এক লক্ষ তেইশ হাজার চারশত ছাপ্পান্ন'. */
function banglaWords(n: number): string {
  if (n === 0) return BANGLA[0]!;
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore) parts.push(`${banglaWords(crore)} কোটি`);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  if (lakh) parts.push(`${BANGLA[lakh]} লক্ষ`);
  const thousand = Math.floor((n % 100_000) / 1000);
  if (thousand) parts.push(`${BANGLA[thousand]} হাজার`);
  const rest = n % 1000;
  if (rest) parts.push(banglaBelowThousand(rest));
  return parts.join(' ');
}

/**
 * A whole number in words in the Indian system used in Bangladesh (thousand, lakh,
 * crore): 12_345_678 → 'One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred
 * Seventy-Eight' / 'এক কোটি তেইশ লক্ষ পঁয়তাল্লিশ হাজার ছয়শত আটাত্তর'. Crores repeat
 * for larger numbers ('One Hundred Crore' / 'একশত কোটি').
 */
export function numberInWords(n: number, lang: Language = 'en'): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  return lang === 'bn' ? banglaWords(n) : englishWords(n);
}

/**
 * An amount for a receipt: 150_050 poisha → 'One Thousand Five Hundred Taka and Fifty
 * Poisha Only' / 'এক হাজার পাঁচশত টাকা ও পঞ্চাশ পয়সা মাত্র'.
 */
export function amountInWords(poisha: number, lang: Language = 'en'): string {
  const tk = Math.floor(poisha / POISHA_PER_TK);
  const rest = poisha % POISHA_PER_TK;
  if (lang === 'bn') {
    const taka = `${numberInWords(tk, lang)} টাকা`;
    return rest ? `${taka} ও ${numberInWords(rest, lang)} পয়সা মাত্র` : `${taka} মাত্র`;
  }
  const taka = `${numberInWords(tk)} Taka`;
  return rest ? `${taka} and ${numberInWords(rest)} Poisha Only` : `${taka} Only`;
}
