import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { usePageTitle } from '../lib/title';

/**
 * A page under its title: the browser tab ('… - Easy Fund') and the page's heading say the
 * same. `title` is a page title's catalogue key (PAGE_TITLES).
 */
export function TitledPage({
  title,
  className,
  centered = false,
  children,
}: {
  title: string;
  /** The page's width and layout. */
  className: string;
  /** The heading centred over the page (the admins' pages). */
  centered?: boolean;
  children: ReactNode;
}) {
  usePageTitle(title);
  const { t } = useI18n();
  return (
    <section className={className}>
      <h1 className={centered ? 'mb-6 text-center text-3xl font-bold' : 'mb-6 text-3xl font-bold'}>
        {t(title)}
      </h1>
      {children}
    </section>
  );
}
