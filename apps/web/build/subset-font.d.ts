declare module 'subset-font' {
  /** A font reduced to the glyphs `text` needs (harfbuzz's hb-subset). */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2'; preserveNameIds?: number[] },
  ): Promise<Buffer>;
}
