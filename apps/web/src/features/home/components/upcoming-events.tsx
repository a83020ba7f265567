import { Link } from '../../../lib/link';
import { useI18n } from '../../../lib/i18n';
import { CardImage } from './card-image';
import { HomeSection } from './home-section';
import { Meta } from './meta';
import { useNow } from '../../../lib/now';
import { paths } from '../../../lib/paths';
import { BANNER, EVENTS, nextOccurrence } from '../content';

const ICONS = {
  date: 'M7 2h2v2h6V2h2v2h3v18H4V4h3V2zm11 8H6v10h12V10z',
  time: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm1 5h-2v6l5 3 1-1.7-4-2.3V7z',
  place:
    'M12 2a7 7 0 0 1 7 7c0 5-7 13-7 13S5 14 5 9a7 7 0 0 1 7-7zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
};

/** 'Upcoming Events' with the two event cards, then the donate banner. */
export function UpcomingEvents() {
  const { t, date, digits } = useI18n();
  const today = new Date(useNow());
  return (
    <>
      <HomeSection
        id="upcoming-events"
        titleId="events-title"
        title="Upcoming Events"
        className="bg-base-200/60"
      >
        <p className="mt-2 text-center text-base-content/80">
          {t('Be ready for our upcoming charity events')}
        </p>
        <ul className="mt-10 grid gap-8 md:grid-cols-2">
          {EVENTS.map((e) => (
            <li key={e.title}>
              <article className="card h-full overflow-hidden bg-base-100 shadow-sm sm:card-side">
                <figure className="sm:w-2/5">
                  <CardImage src={e.image} className="h-full w-full object-cover" />
                </figure>
                <div className="card-body gap-3 sm:w-3/5">
                  <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/80">
                    <Meta look="event" icon={ICONS.date}>
                      <time
                        dateTime={nextOccurrence(e.month, e.day, today).toISOString().slice(0, 10)}
                      >
                        {date(nextOccurrence(e.month, e.day, today))}
                      </time>
                    </Meta>
                    <Meta look="event" icon={ICONS.time}>
                      {digits(e.time)}
                    </Meta>
                    <Meta look="event" icon={ICONS.place}>
                      {t(e.place)}
                    </Meta>
                  </ul>
                  <h3 className="card-title text-xl">{t(e.title)}</h3>
                  <p className="text-base-content/80">{t(e.description)}</p>
                  <div className="card-actions">
                    <Link
                      to={paths.donateNow()}
                      className="btn btn-secondary btn-sm"
                      aria-label={t('Join Now: {{title}}', { title: t(e.title) })}
                    >
                      {t('Join Now')}
                    </Link>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </HomeSection>
      <section aria-labelledby="banner-title" className="bg-orange-700 text-white">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-4 py-16 text-center">
          <p className="font-semibold uppercase tracking-wider text-orange-50">
            {t(BANNER.eyebrow)}
          </p>
          <h2 id="banner-title" className="text-3xl font-extrabold md:text-4xl">
            {t(BANNER.title)}
          </h2>
          <p className="max-w-3xl text-lg text-orange-50">{t(BANNER.text)}</p>
          <Link
            to={paths.donateNow()}
            className="btn btn-lg border-0 bg-white text-orange-800 hover:bg-orange-50"
          >
            {t('Donate Now')}
          </Link>
        </div>
      </section>
    </>
  );
}
