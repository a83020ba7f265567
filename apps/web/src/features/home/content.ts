/** The home page's fixed texts and figures (spec section 2 "Home" and section 9). */

export const HERO = {
  slides: [
    { image: '/images/home/hero-1.webp', small: '/images/home/hero-1-sm.webp' },
    { image: '/images/home/hero-2.webp', small: '/images/home/hero-2-sm.webp' },
  ],
  words: ['Volunteer', 'Donate', 'Fund Raise!!'],
  /** react-simple-typewriter settings of the spec. */
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
  { value: '50+', label: 'Districts' },
  { value: '400+', label: 'Volunteers' },
  { value: '100000', label: 'Goal' },
  { value: '45000', label: 'Raised' },
] as const;

export const EVENTS = [
  {
    date: '01-Sep-23',
    time: '08:00 - 10:00',
    place: 'Dhaka',
    title: 'Educational Support for Less Privileged Children',
    description:
      'Donate for the education of the children of a slum and its nearby areas: books, uniforms and school fees, so that no child has to leave school.',
    image: '/images/home/event-1.webp',
  },
  {
    date: '10-Sep-23',
    time: '10:00 - 13:00',
    place: 'Khulna',
    title: 'Funds for New School Building',
    description:
      'Donate for a new school building in a remote village, where floods and storms damaged the old school beyond repair.',
    image: '/images/home/event-2.webp',
  },
] as const;

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
export const BLOG_COMMENTS = '15 Comments';
