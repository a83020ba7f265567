import type { ReactNode } from 'react';
import { Link } from '../../../lib/link';
import {
  type LoaderFunctionArgs,
  useLoaderData,
  useNavigate,
  useNavigation,
  useRevalidator,
} from '../../../lib/router';
import { CAUSES } from '@easyfund/shared/constants';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { FUND_SEARCH_MAX } from '@easyfund/shared/fund-limits';
import { useI18n } from '../../../lib/i18n';
import { fundsQuery } from '../../../api/funds';
import { ActionButton } from '../../../components/action-button';
import { Pagination } from '../../../components/pagination';
import { Glyph } from '../../../components/glyph';
import { paths } from '../../../lib/paths';
import { loaderQueryClient } from '../../../lib/query-client';
import { usePageTitle } from '../../../lib/title';
import { FundCard } from '../components/fund-card';
import { ZakatFilter, ZakatLink } from '../components/zakat-filter';
import { filtersFromSearch } from '../filters';

/** The list is loaded before the page is shown (spec: /donatenow). */
export async function donateNowLoader({ request }: LoaderFunctionArgs) {
  const filters = filtersFromSearch(new URL(request.url).searchParams);
  // fetchQuery: cached while fresh, fetched again once stale or invalidated (after a donation).
  const list = await loaderQueryClient().fetchQuery(fundsQuery(filters));
  return { filters, list };
}

function Header() {
  const { t } = useI18n();
  return (
    <header className="mb-8 text-center">
      <p className="font-semibold uppercase tracking-wider text-orange-700">
        {t('Give with trust')}
      </p>
      <h1 className="mt-1 text-3xl font-extrabold md:text-4xl">{t(PAGE_TITLES.donateNow)}</h1>
      <p className="mx-auto mt-3 max-w-2xl text-base-content/80">
        {t(
          'Every fund below has been checked by our team. Choose one, read its story and donate in Tk.',
        )}
      </p>
      <ZakatLink />
    </header>
  );
}

export function DonateNowPage() {
  usePageTitle(PAGE_TITLES.donateNow);
  const { filters, list } = useLoaderData<typeof donateNowLoader>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { t, tn } = useI18n();
  // A new search or cause starts again from page 1; empty fields stay out of the URL.
  const search = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const next = filtersFromSearch(
      new URLSearchParams({
        q: String(data.get('q') ?? ''),
        cause: String(data.get('cause') ?? ''),
        sort: String(data.get('sort') ?? ''),
        zakat: data.get('zakat') ? '1' : '',
      }),
    );
    void navigate(
      paths.donateNow({ q: next.q, cause: next.cause, sort: next.sort, zakat: next.zakat }),
    );
  };
  const busy = navigation.state === 'loading' && navigation.location.pathname === paths.donateNow();
  const filtered = Boolean(filters.q || filters.cause || filters.zakat);

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <Header />
      <form
        method="get"
        action={paths.donateNow()}
        role="search"
        aria-label={t('Find a fund')}
        className="mx-auto mb-6 flex max-w-4xl flex-col gap-3 rounded-box bg-base-200/60 p-4 sm:flex-row sm:items-end"
        key={`${filters.q ?? ''}|${filters.cause ?? ''}|${filters.sort ?? ''}|${filters.zakat ? 1 : 0}`}
        onSubmit={(e) => {
          e.preventDefault();
          search(e.currentTarget);
        }}
      >
        <FilterLabel label="Search funds" className="flex-1">
          <input
            type="search"
            name="q"
            defaultValue={filters.q ?? ''}
            maxLength={FUND_SEARCH_MAX}
            placeholder={t('Name or description')}
            className="input input-bordered w-full"
          />
        </FilterLabel>
        <FilterLabel label="Cause" className="sm:w-56">
          <select
            name="cause"
            defaultValue={filters.cause ?? ''}
            className="select select-bordered w-full"
            onChange={(e) => e.currentTarget.form && search(e.currentTarget.form)}
          >
            <option value="">{t('All causes')}</option>
            {CAUSES.map((c) => (
              <option key={c.id} value={c.id}>
                {t(c.title)}
              </option>
            ))}
          </select>
        </FilterLabel>
        <SortSelect value={filters.sort ?? 'newest'} onChange={(form) => search(form)} />
        <ZakatFilter checked={filters.zakat === true} onChange={(form) => search(form)} />
        <button type="submit" className="btn btn-primary">
          {t('Search')}
        </button>
      </form>

      <p className="mb-4 text-center text-sm text-base-content/80" role="status">
        {filtered
          ? tn('{{n}} funds match your search', list.total, { orMore: list.capped })
          : tn('{{n}} funds open for donations', list.total)}
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

      <Pagination
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        capped={list.capped}
        hrefOf={(page) => paths.donateNow({ ...filters, page })}
      />
    </section>
  );
}

const SORT_LABELS = {
  newest: 'Newest',
  'nearly-funded': 'Nearly funded',
  'most-donors': 'Most donors',
} as const;

/** The order of the list: newest, nearly funded, most donors. */
function SortSelect({
  value,
  onChange,
}: {
  value: keyof typeof SORT_LABELS;
  onChange: (form: HTMLFormElement) => void;
}) {
  const { t } = useI18n();
  return (
    <FilterLabel label="Sort by" className="sm:w-44">
      <select
        name="sort"
        defaultValue={value}
        className="select select-bordered w-full"
        onChange={(e) => e.currentTarget.form && onChange(e.currentTarget.form)}
      >
        {Object.entries(SORT_LABELS).map(([id, label]) => (
          <option key={id} value={id}>
            {t(label)}
          </option>
        ))}
      </select>
    </FilterLabel>
  );
}

/** A filter of the list: its name above its control, the label holding both. */
function FilterLabel({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <label className={`flex flex-col gap-1 ${className}`}>
      <span className="text-sm font-medium">{t(label)}</span>
      {children}
    </label>
  );
}

const HEART =
  'M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 5 6.4 5c2 0 3.3 1.1 4 2.3h3.2C14.3 6.1 15.6 5 17.6 5 21 5 23.1 8.4 21.6 11.8 19.5 16.4 12 21 12 21z';

function EmptyState({ filtered, beyondLastPage }: { filtered: boolean; beyondLastPage: boolean }) {
  const { t } = useI18n();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-box border border-dashed border-base-300 p-10 text-center">
      <Glyph d={HEART} className="h-12 w-12 text-orange-600" />
      {filtered || beyondLastPage ? (
        <>
          <h2 className="text-xl font-bold">{t('No funds match your search')}</h2>
          <p className="text-base-content/80">{t('Try other words or another cause.')}</p>
          <Link to={paths.donateNow()} className="btn btn-primary">
            {t('Show all funds')}
          </Link>
        </>
      ) : (
        <>
          <h2 className="text-xl font-bold">{t('No funds are open for donations right now')}</h2>
          <p className="text-base-content/80">
            {t('New funds appear here as soon as our team approves them. Please check back soon.')}
          </p>
        </>
      )}
    </div>
  );
}

/** The list could not be loaded: say so and offer a retry. */
export function DonateNowError() {
  usePageTitle(PAGE_TITLES.donateNow);
  const revalidator = useRevalidator();
  const { t } = useI18n();
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <Header />
      <div
        role="alert"
        className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-box border border-error/40 bg-error/5 p-10 text-center"
      >
        <h2 className="text-xl font-bold">{t('We could not load the funds')}</h2>
        <p className="text-base-content/80">
          {t('Please check your connection and try again in a moment.')}
        </p>
        <ActionButton
          className="btn btn-primary"
          busy={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          {t('Try again')}
        </ActionButton>
      </div>
    </section>
  );
}
