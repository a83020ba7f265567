import type { ReactNode } from 'react';

/**
 * A section named by its heading (`aria-labelledby`), with an optional line of
 * explanation under the heading. The texts come translated.
 */
export function TitledSection({
  id,
  title,
  intro,
  className,
  titleClassName = intro ? 'mb-1 text-xl font-semibold' : 'mb-3 text-xl font-semibold',
  children,
}: {
  /** The heading's id. */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {intro && <p className="mb-3 text-sm text-base-content/80">{intro}</p>}
      {children}
    </section>
  );
}
