import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { usePageTitle } from '../../../lib/title';
import { HeroCarousel } from '../components/hero-carousel';
import { LatestBlog } from '../components/latest-blog';
import { UpcomingEvents } from '../components/upcoming-events';
import { WhatWeDo } from '../components/what-we-do';

/** Home: slides in with a width animation; hero, what we do, events, blog. */
export function Component() {
  usePageTitle(PAGE_TITLES.home);
  useSectionFromHash();
  return (
    <div className="slide-in-width">
      <HeroCarousel />
      <WhatWeDo />
      <UpcomingEvents />
      <LatestBlog />
    </div>
  );
}

/**
 * A link to a section of this page (`/#upcoming-events`, from the footer) shows that
 * section once the page is on screen: the router's scroll restoration may run before a
 * page loaded on demand has rendered its sections.
 */
function useSectionFromHash() {
  const { hash } = useLocation();
  useEffect(() => {
    // The sections' ids are plain words: the hash is used as it is (no decoding to throw).
    if (hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
}
