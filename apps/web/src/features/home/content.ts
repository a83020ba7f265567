import { HERO_SLIDES } from '@easyfund/shared/images';

/** The home page's fixed texts and figures (spec section 2 "Home" and section 9). */

export const HERO = {
  slides: HERO_SLIDES,
  words: ['Volunteer', 'Donate', 'Fund Raise!!'],
  /** The typed words' timing (ms) and rounds (components/typed-words.tsx). */
  typeSpeed: 70,
  deleteSpeed: 50,
  delaySpeed: 1000,
  loops: 5,
  /** Swiper settings of the spec. */
  slidesPerView: 1,
  spaceBetween: 30,
  imageHeight: 450,
} as const;

export const STATS = [
  { value: 50, more: true, label: 'Districts' },
  { value: 400, more: true, label: 'Volunteers' },
  { value: 100_000, more: false, label: 'Goal' },
  { value: 45_000, more: false, label: 'Raised' },
] as const;

/**
 * The events recur each year on their day (month 1-12); the page shows each on its next
 * day in Dhaka, so "Upcoming Events" never lists a date in the past.
 */
export const EVENTS = [
  {
    month: 9,
    day: 1,
    time: '08:00 - 10:00',
    place: 'Dhaka',
    title: 'Educational Support for Less Privileged Children',
    description:
      'Donate for the education of the children of a slum and its nearby areas: books, uniforms and school fees, so that no child has to leave school.',
    image: '/images/home/event-1.webp',
  },
  {
    month: 9,
    day: 10,
    time: '10:00 - 13:00',
    place: 'Khulna',
    title: 'Funds for New School Building',
    description:
      'Donate for a new school building in a remote village, where floods and storms damaged the old school beyond repair.',
    image: '/images/home/event-2.webp',
  },
] as const;

/** The next day (today included) that is `month`/`day` in Dhaka, at noon Dhaka time. */
export function nextOccurrence(month: number, day: number, now: Date = new Date()): Date {
  // Dhaka is UTC+6 all year: today's date there.
  const dhaka = new Date(now.getTime() + 6 * 3600 * 1000);
  const year = dhaka.getUTCFullYear();
  const today = Date.UTC(year, dhaka.getUTCMonth(), dhaka.getUTCDate());
  const thisYear = Date.UTC(year, month - 1, day);
  const y = thisYear >= today ? year : year + 1;
  return new Date(Date.UTC(y, month - 1, day, 6));
}

export const BANNER = {
  eyebrow: 'Donate Now',
  title: "Let's donate to needy people for better lives",
  text: 'Contribute your money through verified sources. Every fund on Easy Fund is checked by our team before it takes a single taka, so your help reaches the people who need it.',
} as const;

export const BLOG = [
  {
    title: 'Flash floods in Sylhet: thousands of families need shelter',
    text: 'After days of heavy rain the rivers of Sylhet rose over their banks. Our volunteers reached cut-off villages by boat with dry food and clean water.',
    image: '/images/home/blog-1.webp',
  },
  {
    title: 'Relief boats reach flood-hit villages in Chattogram',
    text: 'Medicine, rice and oral saline went to hill villages of Chattogram that roads could not reach. Here is what your donations carried.',
    image: '/images/home/blog-2.webp',
  },
  {
    title: 'Food distribution in remote areas before the lean season',
    text: 'Families in remote char lands received rice, lentils and oil for a month. Local volunteers made sure the neediest came first.',
    image: '/images/home/blog-3.webp',
  },
] as const;

export const BLOG_AUTHOR = 'Admin';
/** Shown as '15 Comments'. */
export const BLOG_COMMENTS = 15;
