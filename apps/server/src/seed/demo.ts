import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fundSubscriptions, fundUpdates, user, zakatSettings } from '../db/schema';
import type { Auth } from '../modules/identity/better-auth';
import {
  DEMO_DONORS,
  DEMO_FUNDS,
  DEMO_PENDING_FUND,
  DEMO_RAISERS,
  type DemoFund,
  type DemoRaiser,
} from './demo-content';
import { createDonation, createFund, createUser, createVerificationApplication } from './factories';

/** Demo accounts, listed in the README. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@easyfund.test', password: 'admin123', name: 'Ayesha Rahman' },
  raiser: { email: 'raiser@easyfund.test', password: 'raiser123', name: 'Karim Hossain' },
  donor: { email: 'donor@easyfund.test', password: 'donor123', name: 'Nusrat Jahan' },
  applicant: { email: 'applicant@easyfund.test', password: 'applicant123', name: 'Rafiq Islam' },
} as const;

/** Today's prices for the Zakat calculator (Tk per gram, 22 carat gold and silver). */
export const DEMO_ZAKAT_PRICES = { goldTkPerGram: 17_150, silverTkPerGram: 245 };

const DAY = 24 * 60 * 60_000;

/** A small deterministic random source, so every seeded demo looks the same. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Amounts people really give. */
const NICE_TK = [
  100, 200, 300, 500, 1000, 1500, 2000, 2500, 3000, 5000, 10_000, 15_000, 20_000, 25_000, 50_000,
  100_000,
];

/**
 * The gifts that bring a fund to `progress` of its goal: a few dozen round amounts around
 * a typical gift for its size (many small, a few generous), the last one whatever is left
 * in whole hundreds.
 */
export function demoGifts(f: Pick<DemoFund, 'goalTk' | 'progress'>, rnd: () => number): number[] {
  const target = Math.round((f.goalTk * f.progress) / 100) * 100;
  const typical = target / Math.min(24, Math.max(10, Math.round(target / 1500)));
  const gifts: number[] = [];
  let left = target;
  while (left >= 100) {
    const want = typical * (0.15 + rnd() * rnd() * 4);
    let gift = [...NICE_TK].reverse().find((n) => n <= want) ?? 100;
    if (gift >= left) gift = Math.floor(left / 100) * 100;
    gifts.push(gift);
    left -= gift;
  }
  return gifts;
}

/**
 * Seeds demo data on an empty database (never when any user exists): several raisers with
 * their own photos, approved funds with stories, realistic progress (some nearly or fully
 * funded), donations recorded through the payment flow's recording step and spread over
 * each fund's life, the organisers' updates, Zakat-eligible funds and today's gold and
 * silver prices, a pending fund and a pending application. Dates are relative to today.
 */
export async function seedDemo(auth: Auth, db: Db, now = new Date()): Promise<boolean> {
  // Whether any account exists, not how many: every demo start asks, however many there are.
  const [existing] = await db
    .select({ one: sql`1` })
    .from(user)
    .limit(1);
  if (existing) return false;
  const rnd = random(20_261_123);

  const admin = await createUser(auth, db, { ...DEMO_ACCOUNTS.admin, role: 'admin' });
  const raisers = {} as Record<DemoRaiser, { id: string }>;
  raisers.karim = await createUser(auth, db, {
    ...DEMO_ACCOUNTS.raiser,
    role: 'verified',
    image: DEMO_RAISERS.karim.image,
  });
  for (const key of Object.keys(DEMO_RAISERS) as DemoRaiser[]) {
    if (key === 'karim') continue;
    raisers[key] = await createUser(auth, db, {
      ...DEMO_RAISERS[key],
      email: `${key}@easyfund.test`,
      password: 'raiser123',
      role: 'verified',
    });
  }
  const donor = await createUser(auth, db, {
    ...DEMO_ACCOUNTS.donor,
    role: 'user',
    image: '/images/people/nusrat.svg',
  });
  const donors = [donor];
  for (const [i, name] of DEMO_DONORS.entries()) {
    donors.push(
      await createUser(auth, db, {
        name,
        email: `donor${i + 1}@easyfund.test`,
        password: 'donor123',
      }),
    );
  }
  const applicant = await createUser(auth, db, { ...DEMO_ACCOUNTS.applicant, role: 'user' });

  for (const f of DEMO_FUNDS) {
    const createdAt = new Date(now.getTime() - f.ageDays * DAY);
    const fund = await createFund(db, {
      raiserId: raisers[f.raiser].id,
      name: f.name,
      cause: f.cause,
      goalTk: f.goalTk,
      suggestedTk: f.suggestedTk,
      description: f.description,
      image: f.image,
      status: 'approved',
      feedback: 'Documents checked. Approved.',
      zakatNote: f.zakatNote ?? null,
      createdAt,
    });
    // Gifts spread over the fund's life, more of them lately (the newest a few hours ago).
    const gifts = demoGifts(f, rnd);
    const givers = new Set<string>();
    for (const [i, amountTk] of gifts.entries()) {
      const who = donors[Math.floor(rnd() * donors.length)]!;
      const share = (i + 1) / (gifts.length + 1);
      const at = new Date(
        createdAt.getTime() +
          Math.sqrt(share) * (now.getTime() - createdAt.getTime() - 2 * 3600_000),
      );
      await createDonation(db, { userId: who.id, fundId: fund.id, amountTk, at });
      givers.add(who.id);
    }
    // Most donors left "Tell me how this fund is doing" ticked; about one in six did not.
    if (givers.size > 0) {
      await db
        .insert(fundSubscriptions)
        .values(
          [...givers].map((userId) => ({ userId, fundId: fund.id, subscribed: rnd() > 0.17 })),
        );
    }
    for (const u of f.updates) {
      await db.insert(fundUpdates).values({
        fundId: fund.id,
        authorId: raisers[f.raiser].id,
        body: u.body,
        image: u.image ?? null,
        createdAt: new Date(now.getTime() - u.daysAgo * DAY - 3 * 3600_000),
      });
    }
  }

  await createFund(db, {
    ...DEMO_PENDING_FUND,
    raiserId: raisers[DEMO_PENDING_FUND.raiser].id,
    status: 'pending',
    createdAt: new Date(now.getTime() - 2 * DAY),
  });
  await db.insert(zakatSettings).values({
    id: 1,
    goldPoishaPerGram: DEMO_ZAKAT_PRICES.goldTkPerGram * 100,
    silverPoishaPerGram: DEMO_ZAKAT_PRICES.silverTkPerGram * 100,
    updatedBy: admin.id,
  });
  await createVerificationApplication(db, { userId: applicant.id, name: applicant.name });
  // Every account joined before what it did: an organiser weeks before their first fund, a
  // donor before their first gift, the admin before any fund (never "member since" today
  // under a fund weeks old).
  await db.execute(sql`update "user" u set created_at = least(u.created_at,
      (select min(f.created_at) from funds f where f.raiser_id = u.id) - interval '30 days',
      (select min(p.created_at) from payments p where p.user_id = u.id) - interval '7 days',
      case when u.id = ${admin.id} then (select min(f.created_at) from funds f) - interval '60 days' end)`);
  return true;
}
