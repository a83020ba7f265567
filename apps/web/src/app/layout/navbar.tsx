import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from '../../lib/link';
import { useLocation } from '../../lib/router';
import { useSession } from '../../api/session';
import { Avatar } from '../../components/avatar';
import { Brand } from '../../components/brand';
import { useI18n } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { LanguageSwitch } from './language-switch';
import { MenuIcon } from './menu-icon';
import { useLogOut } from './use-log-out';

const LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.donateNow(), label: 'Donate Now' },
  { to: paths.contactUs, label: 'Contact Us' },
];

const active = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

/** Home, Donate Now, Contact Us; then Login (signed out) or Dashboard (signed in). */
function NavItems({ signedIn, loading }: { signedIn: boolean; loading: boolean }) {
  const { t } = useI18n();
  return (
    <>
      {LINKS.map((l) => (
        <li key={l.to}>
          <NavLink to={l.to} end={l.to === paths.home} className={active}>
            {t(l.label)}
          </NavLink>
        </li>
      ))}
      {!loading && (
        <li>
          {signedIn ? (
            <NavLink to={paths.dashboard} className={active}>
              {t('Dashboard')}
            </NavLink>
          ) : (
            <NavLink to={paths.login()} className={active}>
              {t('Login')}
            </NavLink>
          )}
        </li>
      )}
    </>
  );
}

/** The mobile menu below the lg breakpoint: a disclosure button, closed by Escape,
 *  by a click outside, and after navigating. On a phone it also holds Log Out, which
 *  the bar has no room for beside the brand, the language switch and the avatar. */
function MobileMenu({
  signedIn,
  loading,
  onLogOut,
}: {
  signedIn: boolean;
  loading: boolean;
  onLogOut: () => void;
}) {
  const { pathname } = useLocation();
  // The menu is open on the page where it was opened: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { t } = useI18n();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpenOn(null);
        button.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={wrapper} className="relative lg:hidden">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-square"
        aria-label={t('Menu')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <MenuIcon className="h-6 w-6" open={open} />
      </button>
      <ul
        id={menuId}
        hidden={!open}
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('a')) setOpenOn(null);
        }}
        className="menu absolute left-0 z-40 mt-2 w-56 rounded-box border border-base-200 bg-base-100 p-2 text-base shadow-lg"
      >
        <NavItems signedIn={signedIn} loading={loading} />
        {signedIn && (
          <li className="sm:hidden">
            <button type="button" onClick={onLogOut}>
              {t('Log Out')}
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}

/** Navigation bar: brand, links, and the user's avatar and Log Out when signed in.
 *  Collapses into a dropdown menu below the lg breakpoint. On a 360 px phone the brand,
 *  the language switch and the avatar share the bar without touching (the start takes
 *  the room the end leaves; Log Out moves into the menu). */
export function Navbar() {
  const { user, loading } = useSession();
  const logOut = useLogOut();
  const { t } = useI18n();
  const signedIn = Boolean(user);
  return (
    <header className="sticky top-0 z-30 border-b border-base-200 bg-base-100/95 backdrop-blur">
      <nav className="navbar mx-auto max-w-7xl gap-2 px-2 sm:px-4" aria-label={t('Main')}>
        <div className="navbar-start w-auto min-w-0 flex-1 gap-1 lg:w-1/2 lg:flex-none">
          <MobileMenu signedIn={signedIn} loading={loading} onLogOut={() => void logOut()} />
          <Link
            to={paths.home}
            className="whitespace-nowrap px-1 text-xl sm:px-2 sm:text-2xl"
            aria-label={t('Easy Fund, home')}
          >
            <Brand />
          </Link>
        </div>
        <div className="navbar-center hidden lg:flex">
          <ul className="menu menu-horizontal gap-1 px-1 text-base">
            <NavItems signedIn={signedIn} loading={loading} />
          </ul>
        </div>
        <div className="navbar-end w-auto flex-none gap-2 sm:gap-3 lg:w-1/2">
          <LanguageSwitch />
          {user && (
            <>
              <Link to={paths.dashboard} className="rounded-full" title={user.name}>
                <Avatar src={user.image} name={user.name} />
              </Link>
              <button
                type="button"
                className="btn btn-primary btn-sm hidden sm:inline-flex"
                onClick={() => void logOut()}
              >
                {t('Log Out')}
              </button>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
