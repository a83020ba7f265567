import { useState } from 'react';
import { Link } from 'react-router';
import type { Swiper as SwiperClass } from 'swiper';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { paths } from '../../../lib/paths';
import { HERO } from '../content';
import { useReducedMotion } from '../use-reduced-motion';
import { TypedWords } from './typed-words';

function Welcome({ level }: { level: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Heading className="text-4xl font-extrabold leading-tight text-white md:text-6xl">
      Welcome to our <span className="text-amber-300">E</span>asy{' '}
      <span className="text-amber-300">F</span>und
    </Heading>
  );
}

function Arrow({ dir, onClick }: { dir: 'prev' | 'next'; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={dir === 'prev' ? 'Previous slide' : 'Next slide'}
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

/**
 * The hero carousel (Swiper): two slides, one per view, 30 px apart, looping, with
 * previous/next arrows and clickable dots (real buttons, so keyboards and screen
 * readers can use them).
 */
export function HeroCarousel() {
  const reduced = useReducedMotion();
  const [swiper, setSwiper] = useState<SwiperClass | null>(null);
  const [active, setActive] = useState(0);
  const count = HERO.slides.length;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Welcome"
      className="hero-carousel relative"
      style={{ height: HERO.imageHeight }}
    >
      <Swiper
        slidesPerView={HERO.slidesPerView}
        spaceBetween={HERO.spaceBetween}
        loop
        speed={reduced ? 0 : 600}
        onSwiper={setSwiper}
        onSlideChange={(s) => setActive(s.realIndex)}
        className="h-full"
      >
        {HERO.slides.map((slide, i) => (
          <SwiperSlide
            key={slide.image}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
          >
            <div className="relative h-full w-full overflow-hidden">
              <picture>
                <source media="(max-width: 800px)" srcSet={slide.small} />
                <img
                  src={slide.image}
                  alt=""
                  width={1600}
                  height={900}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  decoding={i === 0 ? 'sync' : 'async'}
                  className="absolute inset-0 h-full w-full object-cover"
                />
              </picture>
              <div className="absolute inset-0 bg-black/60" aria-hidden="true" />
              <div className="relative flex h-full flex-col items-center justify-center gap-5 px-14 pb-8 text-center">
                <Welcome level={i === 0 ? 1 : 2} />
                <TypedWords animate={!reduced} />
                <Link to={paths.donateNow()} className="btn btn-primary btn-lg">
                  Donate Now
                </Link>
              </div>
            </div>
          </SwiperSlide>
        ))}
      </Swiper>
      <Arrow dir="prev" onClick={() => swiper?.slidePrev()} />
      <Arrow dir="next" onClick={() => swiper?.slideNext()} />
      <div
        role="group"
        aria-label="Choose a slide"
        className="absolute bottom-3 left-1/2 z-10 flex -translate-x-1/2 gap-2"
      >
        {HERO.slides.map((slide, i) => (
          <button
            key={slide.image}
            type="button"
            className="hero-dot"
            aria-label={`Go to slide ${i + 1}`}
            aria-current={active === i ? 'true' : undefined}
            onClick={() => swiper?.slideToLoop(i)}
          />
        ))}
      </div>
    </section>
  );
}
