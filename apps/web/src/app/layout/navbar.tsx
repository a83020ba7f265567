import { Link, NavLink } from 'react-router';
import { Avatar } from '../../components/avatar';
import { Brand } from '../../components/brand';
import { useSession } from '../../lib/session';
import { useLogOut } from './use-log-out';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/donatenow', label: 'Donate Now' },
  { to: '/contactus', label: 'Contact Us' },
];

function NavItems({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      {LINKS.map((l) => (
        <li key={l.to}>
          <NavLink
            to={l.to}
            end={l.to === '/'}
            className={({ isActive }) => (isActive ? 'menu-active' : '')}
          >
            {l.label}
          </NavLink>
        </li>
      ))}
      {signedIn ? (
        <li>
          <NavLink to="/dashboard" className={({ isActive }) => (isActive ? 'menu-active' : '')}>
            Dashboard
          </NavLink>
        </li>
      ) : (
        <li>
          <NavLink to="/login" className={({ isActive }) => (isActive ? 'menu-active' : '')}>
            Login
          </NavLink>
        </li>
      )}
    </>
  );
}

/** Navigation bar: collapses into a dropdown menu below the lg breakpoint. */
export function Navbar() {
  const { user, loading } = useSession();
  const logOut = useLogOut();
  const signedIn = Boolean(user);
  return (
    <header className="sticky top-0 z-30 border-b border-base-200 bg-base-100/95 backdrop-blur">
      <nav className="navbar mx-auto max-w-7xl px-4" aria-label="Main">
        <div className="navbar-start">
          <div className="dropdown lg:hidden">
            <button type="button" tabIndex={0} className="btn btn-ghost" aria-label="Open menu">
              <svg
                xmlns="http://www.w3.org/2000/svg"
                className="h-5 w-5"
                fill="none"
                viewBox="0 0 24 24"
                stroke="currentColor"
                aria-hidden="true"
              >
                <path
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  strokeWidth="2"
                  d="M4 6h16M4 12h16M4 18h16"
                />
              </svg>
            </button>
            <ul
              tabIndex={0}
              className="menu dropdown-content menu-sm z-40 mt-3 w-52 rounded-box bg-base-100 p-2 shadow"
            >
              <NavItems signedIn={signedIn} />
            </ul>
          </div>
          <Link to="/" className="btn btn-ghost px-2 text-2xl">
            <Brand />
          </Link>
        </div>
        <div className="navbar-center hidden lg:flex">
          <ul className="menu menu-horizontal gap-1 px-1 text-base">
            <NavItems signedIn={signedIn} />
          </ul>
        </div>
        <div className="navbar-end gap-3">
          {!loading && user && (
            <>
              <Avatar src={user.image} name={user.name} />
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => void logOut()}
              >
                Log Out
              </button>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
