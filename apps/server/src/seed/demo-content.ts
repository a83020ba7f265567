import type { CauseId } from '@easyfund/shared/constants';

/** The demo's fund raisers: their own names, photos and a line about who they are. */
export const DEMO_RAISERS = {
  karim: { name: 'Karim Hossain', image: '/images/people/karim.svg' },
  farhana: { name: 'Farhana Akter', image: '/images/people/farhana.svg' },
  mahmud: { name: 'Mahmudul Hasan', image: '/images/people/mahmud.svg' },
  shirin: { name: 'Shirin Sultana', image: '/images/people/shirin.svg' },
  rahim: { name: 'Abdur Rahim', image: '/images/people/rahim.svg' },
} as const;
export type DemoRaiser = keyof typeof DEMO_RAISERS;

/** Donors of the demo walls (the README's donor account gives too). */
export const DEMO_DONORS = [
  'Tahmina Begum',
  'Rashed Chowdhury',
  'Sadia Islam',
  'Imran Kabir',
  'Nasrin Parvin',
  'Arif Mahmud',
  'Jannatul Ferdous',
  'Mizanur Rahman',
  'Sharmin Nahar',
  'Habibur Rahman',
  'Rumana Afroz',
  'Shafiqul Alam',
] as const;

export interface DemoFund {
  name: string;
  raiser: DemoRaiser;
  cause: CauseId;
  goalTk: number;
  suggestedTk: number;
  image: string;
  /** How much of the goal is raised (1 = fully funded; a little over is possible). */
  progress: number;
  /** Days since the fund was approved. */
  ageDays: number;
  /** Only set for funds an admin found Zakat-eligible: the reason shown on the page. */
  zakatNote?: string;
  description: string;
  /** The organiser's updates, oldest first: text, days ago, optional picture. */
  updates: { body: string; daysAgo: number; image?: string }[];
}

export const DEMO_FUNDS: DemoFund[] = [
  {
    name: 'Educational Support for Less Privileged Children',
    raiser: 'shirin',
    cause: 'education',
    goalTk: 250_000,
    suggestedTk: 500,
    image: '/images/funds/education.webp',
    progress: 0.64,
    ageDays: 41,
    description: `In the lanes of Korail, Dhaka's largest slum, many children leave school at nine or ten. Not because they want to: a uniform costs what a family spends on rice in a week, and books for a new class cost more.

This fund pays school fees, uniforms, books and a daily snack for 120 children of Korail and the nearby Banani lake side, from class one to class eight. We buy everything from shops in the area and hand it to the children at their schools, with their teachers.

Every taka is recorded. Parents sign for what their children receive, and we post photos and receipts in the updates below.`,
    updates: [
      {
        body: 'Thanks to you, 64 children started the new term with full book sets. We bought them from the Nilkhet market at wholesale prices.',
        daysAgo: 30,
      },
      {
        body: 'Uniforms are sewn! A tailoring group of mothers from Korail made 90 uniforms. The children tried them on today.',
        daysAgo: 9,
        image: '/images/home/event-1.webp',
      },
    ],
  },
  {
    name: 'Funds for New School Building',
    raiser: 'karim',
    cause: 'education',
    goalTk: 1_500_000,
    suggestedTk: 1000,
    image: '/images/home/event-2.webp',
    progress: 0.38,
    ageDays: 64,
    description: `I teach at the government primary school of Dacope in Khulna. Cyclone Remal took half our roof, and the water that came in with the tide cracked the walls. Since then 210 children study in two rooms and on the veranda.

With the upazila engineer we have a plan for a raised building with four classrooms, a toilet block and a water tank, built above the flood line. The land belongs to the school; the villagers will give their labour.

This fund pays for bricks, cement, steel and the masons. I will post the bills and photos of each stage.`,
    updates: [
      {
        body: 'The engineer approved the plan. We raised the plinth by four feet above the last flood mark.',
        daysAgo: 40,
      },
      {
        body: 'Foundation done. 40,000 bricks delivered by boat; the villagers carried them from the ghat in one afternoon.',
        daysAgo: 12,
      },
    ],
  },
  {
    name: 'Flood Relief for Sylhet Families',
    raiser: 'mahmud',
    cause: 'relief-fund',
    goalTk: 800_000,
    suggestedTk: 500,
    image: '/images/funds/relief-fund.webp',
    progress: 0.93,
    ageDays: 23,
    zakatNote:
      'Gives food, water and medicine directly to families who lost their homes and income (the poor and needy, fuqara and masakin).',
    description: `The flash floods of this season put most of Companiganj and Gowainghat under water. Families climbed onto roofs and school buildings with what they could carry.

Our volunteers reach the villages by boat. Each relief pack feeds a family of five for ten days: rice, lentils, oil, salt, dry food for children, water purification tablets and oral saline.

A pack costs 2,500 taka. We have reached 280 families so far; the water is going down slowly, and the next weeks are the hardest.`,
    updates: [
      {
        body: 'First boat out this morning: 60 packs to Companiganj. The water is still at window height in many houses.',
        daysAgo: 20,
        image: '/images/home/blog-1.webp',
      },
      {
        body: 'We have now reached 280 families in 11 villages. A doctor from Sylhet joined us for two days of free treatment.',
        daysAgo: 6,
      },
      {
        body: 'The water is going down. We are starting to help families clean their wells and rebuild their cooking places.',
        daysAgo: 1,
      },
    ],
  },
  {
    name: 'Heart Surgery for Little Tanvir',
    raiser: 'farhana',
    cause: 'health-care',
    goalTk: 600_000,
    suggestedTk: 1000,
    image: '/images/funds/health-care.webp',
    progress: 1.04,
    ageDays: 35,
    zakatNote:
      'Pays the surgery of a child whose family cannot afford it: the hospital is paid directly, nothing goes to anyone else.',
    description: `Tanvir is six. He gets tired after a few steps and his lips turn blue when he runs. The doctors at the National Heart Foundation found a hole between the chambers of his heart and say he needs surgery this year.

His father pulls a rickshaw in Mirpur; his mother works in a garment factory. Together they earn about 22,000 taka a month. The operation, the stay in intensive care and the medicine cost about 6 lakh taka.

I am a nurse at the hospital. The money is paid straight to the hospital's account against its bills.`,
    updates: [
      {
        body: 'We reached the goal! Thank you all. The surgery is booked for next week.',
        daysAgo: 8,
      },
      {
        body: 'The surgery went well. Tanvir is out of intensive care and asked for a mango today. The money above the goal pays his medicine for the next year.',
        daysAgo: 2,
      },
    ],
  },
  {
    name: 'Women Tailoring Startup in Rangpur',
    raiser: 'shirin',
    cause: 'startup',
    goalTk: 300_000,
    suggestedTk: 500,
    image: '/images/funds/startup.webp',
    progress: 0.27,
    ageDays: 17,
    description: `Twenty women of Pirganj in Rangpur, most of them widowed or left by their husbands, want to start a tailoring workshop together.

The fund buys ten sewing machines, cloth for the first orders and a three-month course with a trainer from the Rangpur youth development centre. The group has already agreed with two local schools to sew their uniforms.

Each woman will own a share of the workshop. The profits pay back a small part of the cost into a fund that helps the next group.`,
    updates: [
      {
        body: 'The group met at the union office and chose its leader, Rokeya. The trainer starts next month.',
        daysAgo: 10,
      },
    ],
  },
  {
    name: 'Winter Blankets for the Elderly',
    raiser: 'mahmud',
    cause: 'social-care',
    goalTk: 200_000,
    suggestedTk: 100,
    image: '/images/funds/social-care.webp',
    progress: 0.99,
    ageDays: 12,
    zakatNote:
      'Warm clothes and blankets for poor elderly people who live alone, handed to them in person.',
    description: `Every January the cold wave comes down from the Himalayas to Panchagarh and Thakurgaon. Old people living alone in tin houses suffer the most; each winter some of them do not see the spring.

A thick blanket and a shawl cost 800 taka. Local volunteers know every old person of their village and bring the blankets to their homes.

We want to reach 250 people before the coldest weeks.`,
    updates: [
      {
        body: 'Almost there! 240 blankets are ordered from a mill in Narsingdi and will arrive on Thursday.',
        daysAgo: 3,
      },
    ],
  },
  {
    name: 'Orphanage Trust of Chattogram',
    raiser: 'rahim',
    cause: 'charitable-trust',
    goalTk: 500_000,
    suggestedTk: 500,
    image: '/images/funds/charitable-trust.webp',
    progress: 0.72,
    ageDays: 88,
    zakatNote:
      'The trust feeds, houses and schools orphans without income; its accounts are audited every year.',
    description: `Our trust in Hathazari, Chattogram, is home to sixty children who lost their parents. They live, eat and study with us until they finish school; several of our former children now teach here.

The trust is registered with the Department of Social Services and its accounts are audited every year. This fund covers food, clothes and school costs for the next six months.

You are welcome to visit us on any Friday after the Jumu'ah prayer.`,
    updates: [
      {
        body: 'Rice and lentils for three months are in the store. The children thank every donor in their prayers.',
        daysAgo: 60,
      },
      {
        body: 'Four of our children passed the SSC exam this year, two with GPA 5. We are very proud of them.',
        daysAgo: 25,
        image: '/images/home/blog-3.webp',
      },
    ],
  },
  {
    name: 'Cyclone Shelter Repairs in Barishal',
    raiser: 'karim',
    cause: 'relief-fund',
    goalTk: 900_000,
    suggestedTk: 1000,
    image: '/images/home/blog-2.webp',
    progress: 0.12,
    ageDays: 5,
    description: `Three cyclone shelters on the coast of Barguna and Patuakhali saved thousands of lives during the last storms. Salt air and years of use have rusted their roofs and cracked their water tanks.

Before the next cyclone season we want to repair the roofs, replace the water tanks, fix the solar lights and build ramps for old and disabled people.

The local union councils supervise the work with us.`,
    updates: [],
  },
  {
    name: 'Clean Water Tube-wells for Shyamnagar',
    raiser: 'farhana',
    cause: 'health-care',
    goalTk: 450_000,
    suggestedTk: 500,
    image: '/images/home/event-1.webp',
    progress: 0.55,
    ageDays: 29,
    description: `In Shyamnagar, Satkhira, the ground water has turned salty since the cyclones. Women walk two hours a day to fetch drinking water from a pond shared by three villages.

A deep tube-well that reaches sweet water below 900 feet costs about 1.5 lakh Tk and serves around 300 people. This fund builds three of them, with a platform and a drain so that the water stays clean.

Each well is looked after by a committee of the families who use it.`,
    updates: [
      {
        body: 'Drilling started at the first site in Munshiganj union. Sweet water found at 960 feet!',
        daysAgo: 7,
      },
    ],
  },
  {
    name: 'Iftar for Day Labourers in Dhaka',
    raiser: 'rahim',
    cause: 'social-care',
    goalTk: 150_000,
    suggestedTk: 200,
    image: '/images/home/blog-3.webp',
    progress: 1.0,
    ageDays: 75,
    zakatNote:
      'Meals for day labourers and rickshaw pullers with no fixed income (the poor and needy).',
    description: `Every evening of Ramadan hundreds of rickshaw pullers, porters and day labourers break their fast at Kamalapur station with a date and a glass of water.

With this fund we served a full iftar plate to 300 people each evening: khichuri, eggs, dates, bananas and sherbet, cooked by a local kitchen.

The fund is complete. Thank you to everyone who gave.`,
    updates: [
      {
        body: 'Ramadan is over: 9,000 iftar plates served in 30 evenings. JazakAllahu khairan to all of you.',
        daysAgo: 40,
      },
    ],
  },
];

/** A fund waiting for an admin's decision. */
export const DEMO_PENDING_FUND = {
  name: 'Safe Drinking Water for Satkhira',
  raiser: 'karim' as DemoRaiser,
  cause: 'health-care' as CauseId,
  goalTk: 400_000,
  suggestedTk: 500,
  image: '/images/funds/health-care.webp',
  description:
    'Deep tube-wells for three villages in Satkhira where the ground water is salty.\n\nThe village committees have chosen the sites and will look after the wells.',
};
