import type { ReactNode } from 'react';

/** The two looks of a card's icon lines: an event's list items, a blog post's byline. */
const LOOKS = {
  event: { line: 'flex items-center gap-2', icon: 'h-4 w-4 shrink-0 text-orange-700' },
  blog: { line: 'flex items-center gap-1', icon: 'h-4 w-4' },
} as const;

/** A line of a home page card with its icon (an SVG path). */
export function Meta({
  icon,
  look,
  children,
}: {
  icon: string;
  look: keyof typeof LOOKS;
  children: ReactNode;
}) {
  const Line = look === 'event' ? 'li' : 'span';
  return (
    <Line className={LOOKS[look].line}>
      <svg viewBox="0 0 24 24" className={LOOKS[look].icon} aria-hidden="true">
        <path fill="currentColor" d={icon} />
      </svg>
      {children}
    </Line>
  );
}
