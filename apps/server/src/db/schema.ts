import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/* ---------- identity (tables used by better-auth) ---------- */

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('user'),
    /** The language the person chose (en | bn), applied when they sign in elsewhere. */
    language: text('language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('user_role_check', sql`${t.role} in ('user', 'verified', 'admin')`)],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Sign-in/sign-up rate limit counters, shared by every server process. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/* ---------- funds ---------- */

export const funds = pgTable(
  'funds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    raiserId: text('raiser_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    image: text('image').notNull(),
    description: text('description').notNull(),
    cause: text('cause').notNull(),
    goalPoisha: bigint('goal_poisha', { mode: 'number' }).notNull(),
    suggestedPoisha: bigint('suggested_poisha', { mode: 'number' }).notNull(),
    raisedPoisha: bigint('raised_poisha', { mode: 'number' }).notNull().default(0),
    donationCount: integer('donation_count').notNull().default(0),
    status: text('status').notNull().default('pending'),
    feedback: text('feedback'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('funds_status_idx').on(t.status, t.createdAt),
    index('funds_raiser_idx').on(t.raiserId),
    check('funds_goal_positive', sql`${t.goalPoisha} > 0`),
    check('funds_suggested_positive', sql`${t.suggestedPoisha} > 0`),
    check('funds_raised_non_negative', sql`${t.raisedPoisha} >= 0`),
    check('funds_count_non_negative', sql`${t.donationCount} >= 0`),
    check('funds_status_check', sql`${t.status} in ('pending', 'approved', 'denied')`),
    check(
      'funds_cause_check',
      sql`${t.cause} in ('startup', 'charitable-trust', 'health-care', 'education', 'relief-fund', 'social-care')`,
    ),
  ],
);

/** Audit trail of changes to a fund: who, when, before and after. */
export const fundEvents = pgTable(
  'fund_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('fund_events_fund_idx').on(t.fundId, t.createdAt)],
);

/* ---------- donations ---------- */

/** Selected donations: a fund appears at most once per user. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_user_fund_uq').on(t.userId, t.fundId)],
);

/** A payment attempt; a succeeded payment is a donation. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('bdt'),
    status: text('status').notNull().default('pending'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_uq').on(t.providerPaymentId),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_fund_idx').on(t.fundId, t.status),
    index('payments_status_idx').on(t.status, t.createdAt),
    check('payments_amount_positive', sql`${t.amountPoisha} > 0`),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'refunded')`,
    ),
  ],
);

/** Payment-provider webhook events already handled (deduplication by event id). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** State of the embedded test card processor (kept in the database so that
 *  several server processes share it). */
export const testProcessorIntents = pgTable(
  'test_processor_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    lastError: text('last_error'),
    cardLast4: text('card_last4'),
    metadata: jsonb('metadata').notNull().default({}),
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('test_intents_amount_positive', sql`${t.amount} > 0`)],
);

/* ---------- raising ---------- */

export const verificationApplications = pgTable(
  'verification_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    image: text('image').notNull(),
    idCardNumber: text('id_card_number').notNull(),
    phoneNumber: text('phone_number').notNull(),
    status: text('status').notNull().default('pending'),
    feedback: text('feedback'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('verification_one_pending_uq')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('verification_status_idx').on(t.status, t.createdAt),
    check('verification_status_check', sql`${t.status} in ('pending', 'approved', 'denied')`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'restrict' }),
    raiserId: text('raiser_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    feedback: text('feedback'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('withdrawals_fund_idx').on(t.fundId, t.status),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    check('withdrawals_amount_positive', sql`${t.amountPoisha} > 0`),
    check('withdrawals_status_check', sql`${t.status} in ('pending', 'approved', 'denied')`),
  ],
);

/* ---------- uploads ---------- */

/**
 * Every uploaded image: its stored address (what a fund or an application keeps) and
 * who sent it. Uploads nothing uses after a day are deleted with their files.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    url: text('url').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_created_idx').on(t.createdAt)],
);

/* ---------- messages ---------- */

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});
