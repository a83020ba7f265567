import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n';

/** A band of the home page under its centred heading. */
export function HomeSection({
  id,
  titleId,
  title,
  className,
  children,
}: {
  id: string;
  titleId: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section id={id} aria-labelledby={titleId} className={className}>
      <div className="mx-auto max-w-7xl px-4 py-16">
        <h2 id={titleId} className="text-center text-3xl font-extrabold md:text-4xl">
          {t(title)}
        </h2>
        {children}
      </div>
    </section>
  );
}
