import { count } from 'drizzle-orm';
import type { CauseId } from '@easyfund/shared/constants';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import type { Auth } from '../lib/auth';
import { createDonation, createFund, createUser, createVerificationApplication } from './factories';

/** Demo accounts, listed in the README. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@easyfund.test', password: 'admin123', name: 'Ayesha Rahman' },
  raiser: { email: 'raiser@easyfund.test', password: 'raiser123', name: 'Karim Hossain' },
  donor: { email: 'donor@easyfund.test', password: 'donor123', name: 'Nusrat Jahan' },
  applicant: { email: 'applicant@easyfund.test', password: 'applicant123', name: 'Rafiq Islam' },
} as const;

const DEMO_FUNDS: {
  name: string;
  cause: CauseId;
  goalTk: number;
  suggestedTk: number;
  description: string;
  donations: number[];
}[] = [
  {
    name: 'Educational Support for Less Privileged Children',
    cause: 'education',
    goalTk: 250_000,
    suggestedTk: 500,
    description:
      'Books, uniforms and school fees for children of the Korail slum and nearby areas in Dhaka, so that no child leaves school for lack of money.',
    donations: [500, 1000, 500, 2000, 100],
  },
  {
    name: 'Funds for New School Building',
    cause: 'education',
    goalTk: 1_500_000,
    suggestedTk: 1000,
    description:
      'The old school of a remote village in Khulna was damaged by floods and storms. Help us build a safe new building with four classrooms.',
    donations: [1000, 5000, 1000],
  },
  {
    name: 'Flood Relief for Sylhet Families',
    cause: 'relief-fund',
    goalTk: 800_000,
    suggestedTk: 500,
    description:
      'Dry food, clean water and medicine for families in Sylhet who lost their homes to the flash floods.',
    donations: [500, 500, 1000, 100, 10000],
  },
  {
    name: 'Heart Surgery for Little Tanvir',
    cause: 'health-care',
    goalTk: 600_000,
    suggestedTk: 1000,
    description:
      'Tanvir is six and needs open-heart surgery at the National Heart Foundation in Dhaka. His father is a rickshaw puller.',
    donations: [1000, 2000, 500],
  },
  {
    name: 'Women Tailoring Startup in Rangpur',
    cause: 'startup',
    goalTk: 300_000,
    suggestedTk: 500,
    description:
      'Sewing machines and training for twenty women in Rangpur to start their own tailoring business.',
    donations: [500, 500],
  },
  {
    name: 'Winter Blankets for the Elderly',
    cause: 'social-care',
    goalTk: 200_000,
    suggestedTk: 100,
    description:
      'Warm blankets for elderly people living alone in the northern districts during the cold wave.',
    donations: [100, 100, 500, 1000],
  },
  {
    name: 'Orphanage Trust of Chattogram',
    cause: 'charitable-trust',
    goalTk: 500_000,
    suggestedTk: 500,
    description:
      'Meals, lodging and schooling for sixty children at a registered orphanage trust in Chattogram.',
    donations: [2000, 500],
  },
  {
    name: 'Cyclone Shelter Repairs in Barishal',
    cause: 'relief-fund',
    goalTk: 900_000,
    suggestedTk: 1000,
    description:
      'Repair the roofs and water tanks of three cyclone shelters on the coast of Barishal before the next season.',
    donations: [1000],
  },
];

export const DEMO_FUND_IMAGES: Record<CauseId, string> = {
  education: '/images/funds/education.webp',
  'relief-fund': '/images/funds/relief-fund.webp',
  'health-care': '/images/funds/health-care.webp',
  startup: '/images/funds/startup.webp',
  'social-care': '/images/funds/social-care.webp',
  'charitable-trust': '/images/funds/charitable-trust.webp',
};

/** Seeds demo data on an empty database. Never runs when any user exists. */
export async function seedDemo(auth: Auth, db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(user);
  if ((existing?.n ?? 0) > 0) return false;

  await createUser(auth, db, { ...DEMO_ACCOUNTS.admin, role: 'admin' });
  const raiser = await createUser(auth, db, { ...DEMO_ACCOUNTS.raiser, role: 'verified' });
  const donor = await createUser(auth, db, { ...DEMO_ACCOUNTS.donor, role: 'user' });
  const applicant = await createUser(auth, db, { ...DEMO_ACCOUNTS.applicant, role: 'user' });

  for (const f of DEMO_FUNDS) {
    const fund = await createFund(db, {
      raiserId: raiser.id,
      name: f.name,
      cause: f.cause,
      goalTk: f.goalTk,
      suggestedTk: f.suggestedTk,
      description: f.description,
      image: DEMO_FUND_IMAGES[f.cause],
      status: 'approved',
      feedback: 'Documents checked. Approved.',
    });
    for (const amountTk of f.donations) {
      await createDonation(db, { userId: donor.id, fundId: fund.id, amountTk });
    }
  }
  await createFund(db, {
    raiserId: raiser.id,
    name: 'Safe Drinking Water for Satkhira',
    cause: 'health-care',
    goalTk: 400_000,
    suggestedTk: 500,
    description: 'Deep tube-wells for three villages in Satkhira where the ground water is salty.',
    image: DEMO_FUND_IMAGES['health-care'],
    status: 'pending',
  });
  await createVerificationApplication(db, { userId: applicant.id, name: applicant.name });
  return true;
}
