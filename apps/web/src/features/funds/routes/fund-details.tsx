import {
  data,
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  useLoaderData,
  useRevalidator,
  useRouteError,
} from '../../../lib/router';
import { Link } from '../../../lib/link';
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { FUND_PAGE_IMAGE_SIZES, srcsetFor } from '@easyfund/shared/images';
import type { QueryClient } from '@tanstack/react-query';
import type { TFundPublic } from '@easyfund/shared/schemas/funds';
import { fundAsViewerQuery, fundQuery, relatedFundsQuery } from '../../../api/funds';
import { organiserQuery } from '../../../api/organisers';
import { supportersQuery } from '../../../api/supporters';
import { fundUpdatesQuery } from '../../../api/updates';
import { FundCover } from '../../../components/fund-cover';
import { NotFoundMessage } from '../../../components/not-found-message';
import { RaisedProgress } from '../../../components/raised-progress';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { pageScope } from '../../../lib/page-scope';
import { paths } from '../../../lib/paths';
import { loaderQueryClient } from '../../../lib/query-client';
import { usePageTitle } from '../../../lib/title';
import { useSession } from '../../../api/session';
import { ShareButtons } from '../../../components/share-buttons';
import { DonateBox } from '../components/donate-box';
import { FundBadges } from '../components/fund-badges';
import { DonorWall, FIRST_WALL_VIEW } from '../components/donor-wall';
import { FundFacts } from '../components/fund-facts';
import { HoldNotice } from '../components/hold-notice';
import { OrganiserCard } from '../components/organiser-card';
import { RelatedFunds } from '../components/related-funds';
import { StickyDonate } from '../components/sticky-donate';
import { FundUpdates } from '../components/fund-updates';
import { FundPayouts } from '../components/fund-payouts';

/** Where the phone's sticky Donate button takes the donor. */
const DONATE_BOX_ID = 'donate';
// Only an admin sees this form; it validates with zod, which the page does not load otherwise.
const ZakatAdmin = lazy(() =>
  import('../components/zakat-admin').then((m) => ({ default: m.ZakatAdmin })),
);

/** Fetches what the rest of the page asks for on its first render (the wall's first
 *  view and page, the first page of updates, the organiser, related funds), in its words. */
const fetchRestOfPage = (client: QueryClient, fund: TFundPublic) =>
  Promise.all([
    client.prefetchQuery(supportersQuery(fund.id, FIRST_WALL_VIEW, 1)),
    client.prefetchQuery(fundUpdatesQuery(fund.id, 1)),
    client.prefetchQuery(organiserQuery(fund.id)),
    client.prefetchQuery(relatedFundsQuery(fund.id, fund.cause)),
  ]);

export async function fundDetailsLoader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const client = loaderQueryClient();
  try {
    // fetchQuery: cached while fresh, fetched again once stale or invalidated (after a donation).
    const fund = await client.fetchQuery(fundQuery(id));
    // The rest of the page's data: the server's first render waits for it (the page's
    // HTML is then whole, and the browser starts from the same data); the browser only
    // starts it, beside the page's code, and each part shows as it comes.
    // A fund taken down shows the public no wall, updates or organiser (decision 453).
    const rest = fund.hold ? Promise.resolve() : fetchRestOfPage(client, fund);
    if (import.meta.env.SSR) await rest;
    return fund;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      throw data('Fund not found', { status: 404 });
    }
    throw err;
  }
}

export function FundDetailsPage() {
  usePageTitle(PAGE_TITLES.fundDetails);
  const loaded = useLoaderData<typeof fundDetailsLoader>();
  const { t } = useI18n();
  const { user } = useSession();
  // Taken down: the public sees the notice without the pitch; the raiser and admins, signed
  // in, get the whole fund back from the API (the server's first render is a visitor's).
  const asViewer = useQuery({
    ...fundAsViewerQuery(loaded.id),
    enabled: loaded.hold !== null && user !== null,
  });
  const fund = asViewer.data ?? loaded;
  const open = fund.status === 'approved' && !fund.hold;
  // What the public of a fund taken down does not see: its story, picture, wall, updates.
  const withheld = fund.description === null;
  const revalidator = useRevalidator();

  return (
    <article className="mx-auto max-w-6xl px-4 pt-10 pb-24 lg:pb-10">
      <nav aria-label={t('Breadcrumb')} className="breadcrumbs mb-4 text-sm">
        <ul>
          <li>
            <Link to={paths.home}>{t('Home')}</Link>
          </li>
          <li>
            <Link to={paths.donateNow()}>{t('Donate Now')}</Link>
          </li>
          <li aria-current="page">{fund.name}</li>
        </ul>
      </nav>
      <div className={withheld ? 'mx-auto max-w-2xl' : 'grid gap-8 lg:grid-cols-2'}>
        {fund.image !== null && (
          <FundCover
            figureClassName="self-start overflow-hidden rounded-box bg-base-200"
            src={fund.image}
            srcSet={srcsetFor(fund.image)}
            sizes={FUND_PAGE_IMAGE_SIZES}
            alt={t('Illustration for {{name}}', { name: fund.name })}
            fetchPriority="high"
          />
        )}
        <div className="flex flex-col gap-4">
          <FundBadges fund={fund} />
          <h1 className="text-3xl font-extrabold leading-tight md:text-4xl">{fund.name}</h1>
          <p className="text-base-content/80">
            {t('Raised by')}{' '}
            <span className="font-semibold text-base-content">{fund.raiserName}</span>
          </p>
          <FundFacts fund={fund} />
          <RaisedProgress raisedPoisha={fund.raisedPoisha} goalPoisha={fund.goalPoisha} />
          {fund.hold ? (
            <HoldNotice fund={fund} />
          ) : open ? (
            <div id={DONATE_BOX_ID} tabIndex={-1} className="scroll-mt-24 outline-none">
              <DonateBox fund={fund} />
            </div>
          ) : (
            <div role="status" className="alert alert-warning alert-soft">
              <span>
                {fund.status === 'pending'
                  ? t(
                      'This fund is waiting for approval; it takes donations once an admin approves it.',
                    )
                  : t('This fund was denied and does not take donations.')}
              </span>
            </div>
          )}
          {fund.zakatEligible && fund.zakatNote && (
            <p className="rounded-box bg-amber-50 p-3 text-sm text-amber-950">
              <span className="font-semibold">{t('Why it is Zakat-eligible:')}</span>{' '}
              {fund.zakatNote}
            </p>
          )}
          {open && (
            <ShareButtons url={`${pageScope().origin()}${paths.fund(fund.id)}`} title={fund.name} />
          )}
        </div>
      </div>
      {user?.role === 'admin' && (
        <Suspense fallback={null}>
          <ZakatAdmin
            key={`${fund.zakatEligible}|${fund.zakatNote ?? ''}`}
            fundId={fund.id}
            eligible={fund.zakatEligible}
            note={fund.zakatNote}
            onSaved={() => void revalidator.revalidate()}
          />
        </Suspense>
      )}
      {!withheld && (
        <>
          <section className="mt-10" aria-labelledby="about-fund">
            <h2 id="about-fund" className="text-2xl font-bold">
              {t('About this fund')}
            </h2>
            <p className="whitespace-pre-line text-base-content/90">{fund.description}</p>
          </section>
          <FundUpdates fundId={fund.id} />
          <FundPayouts fundId={fund.id} />
          <div className="mt-10 grid gap-8 lg:grid-cols-[2fr_1fr]">
            <DonorWall fundId={fund.id} />
            <div className="lg:mt-10">
              <OrganiserCard fundId={fund.id} />
            </div>
          </div>
        </>
      )}
      <RelatedFunds fund={fund} />
      {open && <StickyDonate targetId={DONATE_BOX_ID} />}
    </article>
  );
}

/** Unknown or unapproved fund: a not-found state; any other failure: a retry. */
export function FundDetailsError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  usePageTitle(notFound ? PAGE_TITLES.notFound : PAGE_TITLES.fundDetails);
  const { t } = useI18n();
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      {notFound ? (
        <NotFoundMessage
          title="Fund not found"
          text="This fund does not exist or is not open for donations."
        />
      ) : (
        <>
          <h1 className="text-2xl font-bold">{t('We could not load this fund')}</h1>
          <p className="text-base-content/80">{t('Please try again in a moment.')}</p>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void revalidator.revalidate()}
          >
            {t('Try again')}
          </button>
        </>
      )}
      <Link to={paths.donateNow()} className="btn btn-primary">
        {t('See all funds')}
      </Link>
    </section>
  );
}
