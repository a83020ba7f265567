import { type PointerEvent, useRef, useState } from 'react';
import { Link } from '../../../lib/link';
import { HERO_SMALL_MEDIA } from '@easyfund/shared/images';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { HERO } from '../content';
import { useReducedMotion } from '../use-reduced-motion';
import { TypedWords } from './typed-words';

/* eslint-disable i18next/no-literal-string -- the brand's letters, coloured one by one */
function Welcome({ level }: { level: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const { t } = useI18n();
  return (
    <Heading className="text-4xl font-extrabold leading-tight text-white md:text-6xl">
      {t('Welcome to our')} <span className="text-amber-300">E</span>asy{' '}
      <span className="text-amber-300">F</span>und
    </Heading>
  );
}
/* eslint-enable i18next/no-literal-string */

function Arrow({ dir, onClick }: { dir: 'prev' | 'next'; onClick(): void }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={dir === 'prev' ? t('Previous slide') : t('Next slide')}
      className={`hero-arrow absolute top-1/2 z-10 -translate-y-1/2 ${dir === 'prev' ? 'left-2 md:left-4' : 'right-2 md:right-4'}`}
    >
      <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
          d={dir === 'prev' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        />
      </svg>
    </button>
  );
}

/** How far a finger must move sideways to change the slide (px). */
const SWIPE_PX = 40;

/**
 * The hero carousel: two slides, one per view, 30 px apart, looping (the last slide's
 * "next" is the first), with previous/next arrows, clickable dots (real buttons, so
 * keyboards and screen readers can use them) and a swipe on touch screens. A CSS
 * transform moves the track: no carousel library on the home page's first load.
 */
export function HeroCarousel() {
  const reduced = useReducedMotion();
  const [active, setActive] = useState(0);
  const [moving, setMoving] = useState(false);
  const swipeFrom = useRef<number | null>(null);
  const count = HERO.slides.length;
  const { t, digits } = useI18n();

  const go = (index: number) => {
    const next = (index + count) % count;
    if (next === active) return;
    if (!reduced) setMoving(true);
    setActive(next);
  };
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') swipeFrom.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const dx = e.clientX - from;
    if (Math.abs(dx) >= SWIPE_PX) go(active + (dx < 0 ? 1 : -1));
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('Welcome')}
      className="hero-carousel relative overflow-hidden"
      style={{ height: HERO.imageHeight }}
      data-moving={moving ? 'true' : 'false'}
    >
      <div
        className="hero-track flex h-full touch-pan-y"
        style={{
          gap: HERO.spaceBetween,
          transform: `translateX(calc(${-active * 100}% - ${active * HERO.spaceBetween}px))`,
          transition: reduced ? 'none' : 'transform 600ms ease',
        }}
        onTransitionEnd={() => setMoving(false)}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeFrom.current = null)}
      >
        {HERO.slides.map((slide, i) => (
          <div
            key={slide.image}
            className="hero-slide relative h-full w-full shrink-0"
            role="group"
            aria-roledescription="slide"
            aria-label={t('{{n}} of {{total}}', { n: digits(i + 1), total: digits(count) })}
            data-active={active === i ? 'true' : undefined}
            // The slide out of view is out of the tab order and hidden from screen readers.
            inert={active !== i}
          >
            <div className="relative h-full w-full overflow-hidden">
              <picture>
                <source media={HERO_SMALL_MEDIA} srcSet={slide.small} />
                <img
                  src={slide.image}
                  alt=""
                  width={1600}
                  height={900}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  decoding={i === 0 ? 'sync' : 'async'}
                  className="absolute inset-0 h-full w-full object-cover"
                  draggable={false}
                />
              </picture>
              <div className="absolute inset-0 bg-black/60" aria-hidden="true" />
              <div className="relative flex h-full flex-col items-center justify-center gap-5 px-14 pb-8 text-center">
                <Welcome level={i === 0 ? 1 : 2} />
                <TypedWords animate={!reduced} />
                <Link to={paths.donateNow()} className="btn btn-primary btn-lg">
                  {t('Donate Now')}
                </Link>
              </div>
            </div>
          </div>
        ))}
      </div>
      <Arrow dir="prev" onClick={() => go(active - 1)} />
      <Arrow dir="next" onClick={() => go(active + 1)} />
      <div
        role="group"
        aria-label={t('Choose a slide')}
        className="absolute bottom-3 left-1/2 z-10 flex -translate-x-1/2 gap-2"
      >
        {HERO.slides.map((slide, i) => (
          <button
            key={slide.image}
            type="button"
            className="hero-dot"
            aria-label={t('Go to slide {{n}}', { n: digits(i + 1) })}
            aria-current={active === i ? 'true' : undefined}
            onClick={() => go(i)}
          />
        ))}
      </div>
    </section>
  );
}
