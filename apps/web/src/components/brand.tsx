const LETTERS: { ch: string; cls: string }[] = [
  { ch: 'E', cls: 'text-teal-700' },
  { ch: 'a', cls: 'text-orange-600' },
  { ch: 's', cls: 'text-amber-600' },
  { ch: 'y', cls: 'text-rose-600' },
  { ch: ' ', cls: '' },
  { ch: 'F', cls: 'text-teal-700' },
  { ch: 'u', cls: 'text-sky-700' },
  { ch: 'n', cls: 'text-violet-700' },
  { ch: 'd', cls: 'text-emerald-700' },
];

/** The brand wordmark, made of coloured letters. */
export function Brand({ className = '' }: { className?: string }) {
  return (
    <span className={`font-extrabold tracking-tight ${className}`} aria-label="Easy Fund">
      {LETTERS.map((l, i) => (
        <span key={i} aria-hidden="true" className={l.cls}>
          {l.ch}
        </span>
      ))}
    </span>
  );
}
