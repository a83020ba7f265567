import { eq } from 'drizzle-orm';
import type { CauseId, DecisionStatus, Role } from '@easyfund/shared/constants';
import type { Db } from '../db/client';
import { funds, payments, payoutAccounts, user, verificationApplications } from '../db/schema';
import { recordDonation } from '../modules/payments/service';
import type { Auth } from '../modules/identity/better-auth';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface CreateUserInput {
  role?: Role;
  name?: string;
  email?: string;
  password?: string;
  image?: string;
  /** Whether the e-mail address counts as verified (default true: an established account). */
  emailVerified?: boolean;
}

/**
 * Creates an account through the identity layer (hashed password), then sets its role
 * and whether its address is verified (as if the e-mailed link had been followed).
 */
export async function createUser(auth: Auth, db: Db, input: CreateUserInput = {}) {
  const email = (input.email ?? `user-${unique()}@example.com`).toLowerCase();
  const password = input.password ?? 'secret123';
  const emailVerified = input.emailVerified ?? true;
  // Straight into the identity layer's store (no sign-up mail for a made-up account).
  const ctx = await auth.$context;
  const created = await ctx.internalAdapter.createUser(
    {
      name: input.name ?? 'Test User',
      email,
      image: input.image ?? '/images/avatar.svg',
      emailVerified,
    },
    { method: 'email-password' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await ctx.password.hash(password),
  });
  const role = input.role ?? 'user';
  if (role !== 'user') await db.update(user).set({ role }).where(eq(user.id, created.id));
  return { id: created.id, email, password, name: created.name, role, emailVerified };
}

export interface CreateFundInput {
  raiserId: string;
  name?: string;
  image?: string;
  description?: string;
  cause?: CauseId;
  goalTk?: number;
  suggestedTk?: number;
  status?: DecisionStatus;
  feedback?: string | null;
  /** A Zakat-eligible fund carries the reason shown on its page. */
  zakatNote?: string | null;
  createdAt?: Date;
}

export async function createFund(db: Db, input: CreateFundInput) {
  const [row] = await db
    .insert(funds)
    .values({
      raiserId: input.raiserId,
      name: input.name ?? `Fund ${unique()}`,
      image: input.image ?? '/images/funds/education.webp',
      description: input.description ?? 'A fund raised for people in need.',
      cause: input.cause ?? 'education',
      goalPoisha: (input.goalTk ?? 100_000) * 100,
      suggestedPoisha: (input.suggestedTk ?? 500) * 100,
      status: input.status ?? 'approved',
      feedback: input.feedback ?? null,
      decidedAt:
        input.status && input.status !== 'pending' ? (input.createdAt ?? new Date()) : null,
      zakatEligible: Boolean(input.zakatNote),
      zakatNote: input.zakatNote ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('fund not created');
  return row;
}

export interface CreatePayoutAccountInput {
  userId: string;
  kind?: 'bkash' | 'nagad' | 'bank';
  status?: 'pending' | 'approved' | 'denied';
  /** Payouts to it wait until then (default: an hour ago, out of its hold). */
  heldUntil?: Date;
  number?: string;
  accountName?: string;
}

/** A payout account as an admin left it (approved and out of its hold unless told). */
export async function createPayoutAccount(db: Db, input: CreatePayoutAccountInput) {
  const kind = input.kind ?? 'bkash';
  const [row] = await db
    .insert(payoutAccounts)
    .values({
      userId: input.userId,
      kind,
      walletType: kind === 'bank' ? null : 'personal',
      bankName: kind === 'bank' ? 'Sonali Bank' : null,
      branch: kind === 'bank' ? 'Motijheel' : null,
      routingNumber: kind === 'bank' ? '200274349' : null,
      accountName: input.accountName ?? 'Karim Hossain',
      number: input.number ?? (kind === 'bank' ? '0123456789012' : '+8801712345678'),
      status: input.status ?? 'approved',
      decidedAt: input.status === 'pending' ? null : new Date(),
      heldUntil: input.heldUntil ?? new Date(Date.now() - 3_600_000),
    })
    .returning();
  if (!row) throw new Error('payout account not created');
  return row;
}

/**
 * A succeeded donation through the real recording path: a pending payment, then
 * `recordDonation` (the step the confirmation, the webhook and the reconciliation use),
 * which moves the fund's totals when the payment's mode is the site's. `at` (or
 * `succeededAt`) dates it in the past (demo data, the donor wall's order).
 */
export async function createDonation(
  db: Db,
  input: {
    userId: string;
    fundId: string;
    amountTk: number;
    providerPaymentId?: string;
    anonymous?: boolean;
    supportMessage?: string | null;
    succeededAt?: Date;
    at?: Date;
    mode?: 'test' | 'live';
    zakat?: boolean;
  },
) {
  const amountPoisha = input.amountTk * 100;
  const at = input.at ?? input.succeededAt;
  const [pending] = await db
    .insert(payments)
    .values({
      userId: input.userId,
      fundId: input.fundId,
      provider: 'test',
      providerPaymentId: input.providerPaymentId ?? `pi_seed_${unique()}`,
      amountPoisha,
      mode: input.mode ?? 'test',
      status: 'pending',
      anonymous: input.anonymous ?? false,
      supportMessage: input.supportMessage ?? null,
      zakat: input.zakat ?? false,
      ...(at ? { createdAt: at, updatedAt: at } : {}),
    })
    .returning();
  if (!pending || !(await recordDonation(db, pending.id, { at })))
    throw new Error('donation not recorded');
  const [payment] = await db.select().from(payments).where(eq(payments.id, pending.id));
  return payment!;
}

export async function createVerificationApplication(
  db: Db,
  input: { userId: string; name?: string; status?: DecisionStatus },
) {
  const [row] = await db
    .insert(verificationApplications)
    .values({
      userId: input.userId,
      name: input.name ?? 'Applicant',
      image: '/images/avatar.svg',
      idCardNumber: '1990123456789',
      phoneNumber: '01712345678',
      status: input.status ?? 'pending',
    })
    .returning();
  return row!;
}
