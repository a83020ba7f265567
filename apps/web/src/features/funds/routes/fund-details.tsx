import {
  data,
  isRouteErrorResponse,
  Link,
  type LoaderFunctionArgs,
  useLoaderData,
  useRevalidator,
  useRouteError,
} from 'react-router';
import { causeTitle } from '@easyfund/shared/constants';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { srcsetFor } from '@easyfund/shared/images';
import { fundQuery } from '../../../api/funds';
import { Money } from '../../../components/money';
import { RaisedProgress } from '../../../components/raised-progress';
import { ApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { queryClient } from '../../../lib/query-client';
import { usePageTitle } from '../../../lib/title';
import { DonateBox } from '../components/donate-box';

export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  try {
    // fetchQuery: cached while fresh, fetched again once stale or invalidated (after a donation).
    return await queryClient.fetchQuery(fundQuery(id));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      throw data('Fund not found', { status: 404 });
    }
    throw err;
  }
}

export function Component() {
  usePageTitle(PAGE_TITLES.fundDetails);
  const fund = useLoaderData<typeof loader>();
  const open = fund.status === 'approved';

  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="breadcrumbs mb-4 text-sm">
        <ul>
          <li>
            <Link to={paths.home}>Home</Link>
          </li>
          <li>
            <Link to={paths.donateNow()}>Donate Now</Link>
          </li>
          <li aria-current="page">{fund.name}</li>
        </ul>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2">
        <figure className="self-start overflow-hidden rounded-box bg-base-200">
          <img
            src={fund.image}
            srcSet={srcsetFor(fund.image)}
            sizes="(min-width: 1024px) 50vw, 100vw"
            alt={`Illustration for ${fund.name}`}
            width={800}
            height={500}
            fetchPriority="high"
            className="aspect-[8/5] h-auto w-full object-cover"
          />
        </figure>
        <div className="flex flex-col gap-4">
          <span className="badge badge-outline text-base-content/80">{causeTitle(fund.cause)}</span>
          <h1 className="text-3xl font-extrabold leading-tight md:text-4xl">{fund.name}</h1>
          <p className="text-base-content/80">
            Raised by <span className="font-semibold text-base-content">{fund.raiserName}</span>
          </p>
          <dl className="grid grid-cols-3 gap-3 text-center">
            <div className="rounded-box bg-base-200/70 px-1 py-3 sm:px-3">
              <dt className="text-xs uppercase tracking-wide text-base-content/75">Goal</dt>
              <dd className="text-base font-bold sm:text-lg">
                <Money poisha={fund.goalPoisha} />
              </dd>
            </div>
            <div className="rounded-box bg-base-200/70 px-1 py-3 sm:px-3">
              <dt className="text-xs uppercase tracking-wide text-base-content/75">Fund raised</dt>
              <dd className="text-base font-bold text-emerald-800 sm:text-lg">
                <Money poisha={fund.raisedPoisha} />
              </dd>
            </div>
            <div className="rounded-box bg-base-200/70 px-1 py-3 sm:px-3">
              <dt className="text-xs uppercase tracking-wide text-base-content/75">Donors</dt>
              <dd className="text-base font-bold sm:text-lg">
                {fund.donationCount.toLocaleString('en-US')}
              </dd>
            </div>
          </dl>
          <RaisedProgress raisedPoisha={fund.raisedPoisha} goalPoisha={fund.goalPoisha} />
          {open ? (
            <DonateBox fund={fund} />
          ) : (
            <div role="status" className="alert alert-warning alert-soft">
              <span>
                This fund is {fund.status === 'pending' ? 'waiting for approval' : 'denied'}; it
                takes donations once an admin approves it.
              </span>
            </div>
          )}
        </div>
      </div>
      <section className="mt-10" aria-labelledby="about-fund">
        <h2 id="about-fund" className="text-2xl font-bold">
          About this fund
        </h2>
        <p className="whitespace-pre-line text-base-content/90">{fund.description}</p>
      </section>
    </article>
  );
}

/** Unknown or unapproved fund: a not-found state; any other failure: a retry. */
export function ErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  usePageTitle(notFound ? PAGE_TITLES.notFound : PAGE_TITLES.fundDetails);
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      {notFound ? (
        <>
          <p className="text-6xl font-extrabold text-primary" aria-hidden="true">
            404
          </p>
          <h1 className="text-2xl font-bold">Fund not found</h1>
          <p className="text-base-content/80">
            This fund does not exist or is not open for donations.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">We could not load this fund</h1>
          <p className="text-base-content/80">Please try again in a moment.</p>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void revalidator.revalidate()}
          >
            Try again
          </button>
        </>
      )}
      <Link to={paths.donateNow()} className="btn btn-primary">
        See all funds
      </Link>
    </section>
  );
}
