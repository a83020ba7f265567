import {
  Link,
  type LoaderFunctionArgs,
  useLoaderData,
  useNavigate,
  useNavigation,
  useRevalidator,
} from 'react-router';
import { CAUSES } from '@easyfund/shared/constants';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { FUND_SEARCH_MAX } from '@easyfund/shared/fund-limits';
import { fundsQuery } from '../../../api/funds';
import { paths } from '../../../lib/paths';
import { queryClient } from '../../../lib/query-client';
import { usePageTitle } from '../../../lib/title';
import { FundCard } from '../components/fund-card';
import { filtersFromSearch } from '../filters';

/** The list is loaded before the page is shown (spec: /donatenow). */
export async function loader({ request }: LoaderFunctionArgs) {
  const filters = filtersFromSearch(new URL(request.url).searchParams);
  // fetchQuery: cached while fresh, fetched again once stale or invalidated (after a donation).
  const list = await queryClient.fetchQuery(fundsQuery(filters));
  return { filters, list };
}

function Header() {
  return (
    <header className="mb-8 text-center">
      <p className="font-semibold uppercase tracking-wider text-orange-700">Give with trust</p>
      <h1 className="mt-1 text-3xl font-extrabold md:text-4xl">{PAGE_TITLES.donateNow}</h1>
      <p className="mx-auto mt-3 max-w-2xl text-base-content/80">
        Every fund below has been checked by our team. Choose one, read its story and donate in Tk.
      </p>
    </header>
  );
}

export function Component() {
  usePageTitle(PAGE_TITLES.donateNow);
  const { filters, list } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // A new search or cause starts again from page 1; empty fields stay out of the URL.
  const search = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const next = filtersFromSearch(
      new URLSearchParams({
        q: String(data.get('q') ?? ''),
        cause: String(data.get('cause') ?? ''),
      }),
    );
    void navigate(paths.donateNow({ q: next.q, cause: next.cause }));
  };
  const busy = navigation.state === 'loading' && navigation.location.pathname === paths.donateNow();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const filtered = Boolean(filters.q || filters.cause);

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <Header />
      <form
        method="get"
        action={paths.donateNow()}
        role="search"
        aria-label="Find a fund"
        className="mx-auto mb-6 flex max-w-3xl flex-col gap-3 rounded-box bg-base-200/60 p-4 sm:flex-row sm:items-end"
        key={`${filters.q ?? ''}|${filters.cause ?? ''}`}
        onSubmit={(e) => {
          e.preventDefault();
          search(e.currentTarget);
        }}
      >
        <label className="flex flex-1 flex-col gap-1">
          <span className="text-sm font-medium">Search funds</span>
          <input
            type="search"
            name="q"
            defaultValue={filters.q ?? ''}
            maxLength={FUND_SEARCH_MAX}
            placeholder="Name or description"
            className="input input-bordered w-full"
          />
        </label>
        <label className="flex flex-col gap-1 sm:w-56">
          <span className="text-sm font-medium">Cause</span>
          <select
            name="cause"
            defaultValue={filters.cause ?? ''}
            className="select select-bordered w-full"
            onChange={(e) => e.currentTarget.form && search(e.currentTarget.form)}
          >
            <option value="">All causes</option>
            {CAUSES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>

      <p className="mb-4 text-center text-sm text-base-content/80" role="status">
        {list.total === 1 ? '1 fund' : `${list.total} funds`}
        {filtered ? ' match your search' : ' open for donations'}
      </p>

      {list.items.length === 0 ? (
        <EmptyState filtered={filtered} beyondLastPage={list.total > 0} />
      ) : (
        <ul
          className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${busy ? 'opacity-60' : ''}`}
          aria-busy={busy}
        >
          {list.items.map((fund, i) => (
            <li key={fund.id}>
              <FundCard fund={fund} eager={i < 3} priority={i === 0} />
            </li>
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-4">
          {list.page > 1 ? (
            <Link
              className="btn btn-outline"
              to={paths.donateNow({ ...filters, page: list.page - 1 })}
            >
              Previous
            </Link>
          ) : (
            <span className="btn btn-outline btn-disabled" aria-hidden="true">
              Previous
            </span>
          )}
          <span className="text-sm" aria-current="page">
            Page {list.page} of {pages}
          </span>
          {list.page < pages ? (
            <Link
              className="btn btn-outline"
              to={paths.donateNow({ ...filters, page: list.page + 1 })}
            >
              Next
            </Link>
          ) : (
            <span className="btn btn-outline btn-disabled" aria-hidden="true">
              Next
            </span>
          )}
        </nav>
      )}
    </section>
  );
}

function EmptyState({ filtered, beyondLastPage }: { filtered: boolean; beyondLastPage: boolean }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-box border border-dashed border-base-300 p-10 text-center">
      <svg viewBox="0 0 24 24" className="h-12 w-12 text-orange-600" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 5 6.4 5c2 0 3.3 1.1 4 2.3h3.2C14.3 6.1 15.6 5 17.6 5 21 5 23.1 8.4 21.6 11.8 19.5 16.4 12 21 12 21z"
        />
      </svg>
      {filtered || beyondLastPage ? (
        <>
          <h2 className="text-xl font-bold">No funds match your search</h2>
          <p className="text-base-content/80">Try other words or another cause.</p>
          <Link to={paths.donateNow()} className="btn btn-primary">
            Show all funds
          </Link>
        </>
      ) : (
        <>
          <h2 className="text-xl font-bold">No funds are open for donations right now</h2>
          <p className="text-base-content/80">
            New funds appear here as soon as our team approves them. Please check back soon.
          </p>
        </>
      )}
    </div>
  );
}

/** The list could not be loaded: say so and offer a retry. */
export function ErrorBoundary() {
  usePageTitle(PAGE_TITLES.donateNow);
  const revalidator = useRevalidator();
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <Header />
      <div
        role="alert"
        className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-box border border-error/40 bg-error/5 p-10 text-center"
      >
        <h2 className="text-xl font-bold">We could not load the funds</h2>
        <p className="text-base-content/80">
          Please check your connection and try again in a moment.
        </p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          Try again
        </button>
      </div>
    </section>
  );
}
