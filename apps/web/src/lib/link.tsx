import type { AnchorHTMLAttributes, Ref } from 'react';
import { useLocation, useRouter } from './router';
import { hrefOf, type NavigateOptions, pathOf } from './router-state';

export interface LinkProps
  extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>, NavigateOptions {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** A link that opens the page without reloading (a modified click, a new tab: the browser's). */
export function Link({ to, replace, state, preventScrollReset, ...anchor }: LinkProps) {
  const router = useRouter();
  const location = useLocation();
  const href = hrefOf(to, location);
  return (
    <a
      {...anchor}
      href={href}
      onClick={(e) => {
        anchor.onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey) return;
        if (e.shiftKey || (anchor.target && anchor.target !== '_self') || anchor.download) return;
        if (!href.startsWith('/')) return;
        e.preventDefault();
        // A link to the page shown replaces its history entry, as React Router's do.
        const same = href === pathOf(location);
        void router.navigate(href, { replace: replace ?? same, state, preventScrollReset });
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active on its own path only, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A link that knows it is the current page (`aria-current="page"`). */
export function NavLink({ end, className, ...link }: NavLinkProps) {
  const location = useLocation();
  const target = new URL(hrefOf(link.to, location), 'http://x').pathname.toLowerCase();
  const current = location.pathname.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive =
    current === target || (!end && current.startsWith(target) && current.charAt(slash) === '/');
  return (
    <Link
      {...link}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
