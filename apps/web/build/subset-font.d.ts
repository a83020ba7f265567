declare module 'subset-font' {
  /** A font reduced to the glyphs `text` needs (harfbuzz's hb-subset). */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'woff' | 'woff2';
      preserveNameIds?: number[];
      /** A variable font's axes kept as a range, pinned to a value, or (absent) kept whole. */
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    },
  ): Promise<Buffer>;
}
