/** A one-path icon on the 24×24 grid, in the text's colour; decorative (hidden from readers). */
export function Glyph({ d, className }: { d: string; className: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path fill="currentColor" d={d} />
    </svg>
  );
}
