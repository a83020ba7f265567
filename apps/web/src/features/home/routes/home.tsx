import { PAGE_TITLES } from '@easyfund/shared/pages';
import { usePageTitle } from '../../../lib/title';
import { HeroCarousel } from '../components/hero-carousel';
import { LatestBlog } from '../components/latest-blog';
import { UpcomingEvents } from '../components/upcoming-events';
import { WhatWeDo } from '../components/what-we-do';

/** Home: slides in with a width animation; hero, what we do, events, blog. */
export function HomePage() {
  usePageTitle(PAGE_TITLES.home);
  return (
    <div className="slide-in-width">
      <HeroCarousel />
      <WhatWeDo />
      <UpcomingEvents />
      <LatestBlog />
    </div>
  );
}
