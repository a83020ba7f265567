import { Link } from '../../../lib/link';
import { CAUSES } from '@easyfund/shared/constants';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { STATS } from '../content';
import { CauseIcon, CurrencyIcon } from './cause-icon';

/** 'What We Do?': the six causes, then the statistics strip. */
export function WhatWeDo() {
  const { t, number } = useI18n();
  return (
    <section id="what-we-do" aria-labelledby="what-we-do-title" className="bg-base-100">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <p className="text-center font-semibold uppercase tracking-wider text-orange-700">
          {t('What We Do?')}
        </p>
        <h2 id="what-we-do-title" className="mt-2 text-center text-3xl font-extrabold md:text-4xl">
          {t('We believe that we can save more lifes with you')}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {CAUSES.map((c) => (
            <li
              key={c.id}
              className="flex gap-4 rounded-box border border-base-200 p-6 shadow-sm transition hover:shadow-md"
            >
              <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-800">
                <CauseIcon id={c.id} />
              </span>
              <div>
                <h3 className="text-xl font-bold">
                  <Link
                    to={paths.donateNow({ cause: c.id })}
                    className="link-hover inline-block min-h-6 py-0.5"
                  >
                    {t(c.title)}
                  </Link>
                </h3>
                <p className="mt-1 text-base-content/80">{t(c.text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className="bg-teal-900 text-white">
        <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 md:grid-cols-4">
          {STATS.map((s) => (
            <li key={s.label} className="flex min-w-0 items-center justify-center gap-3 sm:gap-4">
              <CurrencyIcon />
              <p className="flex flex-col">
                <span className="text-3xl font-extrabold">
                  {number(s.value)}
                  {s.more ? '+' : ''}
                </span>
                <span className="text-sm uppercase tracking-wide text-teal-100">{t(s.label)}</span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
