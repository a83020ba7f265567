import { FORMER_DONOR } from '@easyfund/shared/constants';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A donor's name shortened for the public wall: the first name and the initial of the
 * last one ("Nusrat Jahan" → "Nusrat J."); a one-word name stays as it is.
 */
export function shortName(name: string): string {
  // A closed account's name is no one's: it stays whole.
  if (name === FORMER_DONOR) return name;
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  if (words.length === 1) return first;
  const last = words[words.length - 1]!;
  const initial = segmenter.segment(last)[Symbol.iterator]().next().value?.segment ?? '';
  return `${first} ${initial.toLocaleUpperCase()}.`;
}
