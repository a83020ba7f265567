import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
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

/** The row's own id, drawn at random. */
const uuidId = () => uuid('id').primaryKey().defaultRandom();

/** When the row was made and last changed. */
const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** What becomes of a row when the row it needs goes: it goes too, or it stops the delete. */
type OnDelete = 'cascade' | 'restrict';

/** The fund a row belongs to. */
const fundRef = (onDelete: OnDelete) =>
  uuid('fund_id')
    .notNull()
    .references(() => funds.id, { onDelete });

/** The person a row belongs to, in column `name`. */
const userRef = (name: string, onDelete: OnDelete) =>
  text(name)
    .notNull()
    .references(() => user.id, { onDelete });

/** A person who acted on a row (an admin, a reporter): forgotten when their account goes. */
const personRef = (name: string) => text(name).references(() => user.id, { onDelete: 'set null' });

/**
 * An admin's decision on something held for review: the feedback given with a denial, who
 * decided and when. Spread into each reviewed table beside its own `status`.
 */
const decisionColumns = () => ({
  feedback: text('feedback'),
  decidedBy: personRef('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/**
 * A review queue's rules: at most one pending request per `owner`, the admins' list by
 * status and age, and the statuses a decision may set.
 */
const reviewQueue = (
  name: string,
  t: { status: ExtraConfigColumn; createdAt: ExtraConfigColumn },
  owner: ExtraConfigColumn,
) => [
  uniqueIndex(`${name}_one_pending_uq`)
    .on(owner)
    .where(sql`${t.status} = 'pending'`),
  index(`${name}_status_idx`).on(t.status, t.createdAt),
  check(`${name}_status_check`, sql`${t.status} in ('pending', 'approved', 'denied')`),
];

/** What an admin was shown: raised by a trigger on every change. */
const reviewVersion = () => integer('version').notNull().default(1);

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
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The language the person chose (en | bn), applied when they sign in elsewhere. */
    language: text('language'),
    /** A Bangladeshi mobile number in E.164 (`+8801XXXXXXXXX`), set once an SMS code proved it. */
    phoneNumber: text('phone_number').unique(),
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
    /** When the number asked for no more SMS (STOP): only sign-in codes are still sent. */
    smsStoppedAt: timestamp('sms_stopped_at', { withTimezone: true }),
    /** The person asked for an SMS when a fund they gave to posts an update. */
    smsUpdates: boolean('sms_updates').notNull().default(false),
    /** The person asked for an SMS when an admin decides on their requests or pays them out. */
    smsDecisions: boolean('sms_decisions').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    check('user_role_check', sql`${t.role} in ('user', 'verified', 'admin')`),
    // Manage Users, newest first.
    index('user_created_idx').on(t.createdAt, t.id),
    check('user_phone_number_check', sql`${t.phoneNumber} ~ '^\\+8801[3-9][0-9]{8}$'`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ...timestamps(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userRef('user_id', 'cascade'),
    /**
     * When this session passed the second factor: signed in with a code from the
     * authenticator app or a backup code, or created by turning two-factor sign-in on.
     * Null for a session of the password (or an external provider) alone.
     */
    twoFactorVerifiedAt: timestamp('two_factor_verified_at', { withTimezone: true }),
  },
  (t) => [
    index('session_user_idx').on(t.userId),
    // The hourly housekeeping deletes the expired ones.
    index('session_expires_idx').on(t.expiresAt),
  ],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userRef('user_id', 'cascade'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

/**
 * The joins the identity layer asks for (`advanced.database.joins`): a session with its
 * person is one statement, as is a sign-in's account with its person.
 */
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));
export const userRelations = relations(user, ({ many }) => ({
  accounts: many(account),
  sessions: many(session),
}));

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Two-factor sign-in: the encrypted TOTP secret and backup codes of a user. */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: userRef('user_id', 'cascade'),
    /** False until the first code from the app is entered. */
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factor_user_idx').on(t.userId), index('two_factor_secret_idx').on(t.secret)],
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
    id: uuidId(),
    raiserId: userRef('raiser_id', 'restrict'),
    name: text('name').notNull(),
    image: text('image').notNull(),
    description: text('description').notNull(),
    cause: text('cause').notNull(),
    goalPoisha: bigint('goal_poisha', { mode: 'number' }).notNull(),
    suggestedPoisha: bigint('suggested_poisha', { mode: 'number' }).notNull(),
    raisedPoisha: bigint('raised_poisha', { mode: 'number' }).notNull().default(0),
    donationCount: integer('donation_count').notNull().default(0),
    /** Distinct people with a succeeded donation; kept in the recording transaction. */
    donorCount: integer('donor_count').notNull().default(0),
    /**
     * How near its goal a fund is, in hundredths (0–99), -1 once reached: kept by the
     * database, and indexed for the "nearly funded" order instead of the raised total,
     * whose index would make every donation's update of this row write every index
     * (no HOT update); it changes once in a hundredth of the goal (decision 462).
     */
    progressStep: smallint('progress_step').generatedAlwaysAs(
      sql`case when raised_poisha >= goal_poisha then -1 else (raised_poisha * 100 / goal_poisha)::smallint end`,
    ),
    /**
     * The donor count's order of size, kept by the database (the natural log of the
     * donors, in quarters: it moves as the count grows by about 28%), and indexed for the
     * "most donors" order instead of the count itself, for the reason given above: an
     * index on the count would change with every new donor (decision 462).
     */
    donorStep: smallint('donor_step').generatedAlwaysAs(
      sql`floor(ln(donor_count + 1) * 4)::smallint`,
    ),
    status: text('status').notNull().default('pending'),
    /** An admin took the fund down: 'suspended' (may be lifted) or 'closed' (final). */
    hold: text('hold'),
    holdReason: text('hold_reason'),
    heldBy: personRef('held_by'),
    heldAt: timestamp('held_at', { withTimezone: true }),
    ...decisionColumns(),
    /** Only an admin marks a fund Zakat-eligible, with a published reason. */
    zakatEligible: boolean('zakat_eligible').notNull().default(false),
    zakatNote: text('zakat_note'),
    /**
     * What an admin was shown: raised by a trigger on every change of what the admins'
     * pages show (not on donations' totals), and by every change of its pending edit.
     */
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('funds_status_idx').on(t.status, t.createdAt),
    check('funds_zakat_note', sql`not ${t.zakatEligible} or ${t.zakatNote} is not null`),
    index('funds_raiser_idx').on(t.raiserId),
    // Manage Fund Request, newest first, whatever the status.
    index('funds_created_idx').on(t.createdAt, t.id),
    // The public list, newest first: its page's ids, and those before the page, from the
    // index alone (the funds open for donations only).
    index('funds_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'approved' and ${t.hold} is null`),
    // "Nearly funded": the nearest hundredth first, then sorted within it.
    index('funds_progress_idx').on(t.progressStep.desc()),
    // "Most donors": the largest order of size first, then sorted within it.
    index('funds_donors_idx').on(t.donorStep.desc()),
    check('funds_goal_positive', sql`${t.goalPoisha} > 0`),
    check('funds_suggested_positive', sql`${t.suggestedPoisha} > 0`),
    check('funds_raised_non_negative', sql`${t.raisedPoisha} >= 0`),
    check('funds_count_non_negative', sql`${t.donationCount} >= 0`),
    check('funds_donors_non_negative', sql`${t.donorCount} >= 0`),
    check('funds_hold_check', sql`${t.hold} in ('suspended', 'closed')`),
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
    id: uuidId(),
    fundId: fundRef('cascade'),
    actorId: personRef('actor_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('fund_events_fund_idx').on(t.fundId, t.createdAt)],
);

/**
 * A raiser's material edit (name, image, story, goal) of an approved fund, waiting for an
 * admin; the approved version stays public meanwhile. At most one pending per fund.
 */
export const fundChanges = pgTable(
  'fund_changes',
  {
    id: uuidId(),
    fundId: fundRef('cascade'),
    proposedBy: personRef('proposed_by'),
    /** The proposed values of the changed fields (money in poisha). */
    proposed: jsonb('proposed').notNull(),
    status: text('status').notNull().default('pending'),
    ...decisionColumns(),
    ...timestamps(),
  },
  (t) => reviewQueue('fund_changes', t, t.fundId),
);

/** "Report this fund": filed by a signed-in person into the admins' queue. */
export const fundReports = pgTable(
  'fund_reports',
  {
    id: uuidId(),
    fundId: fundRef('cascade'),
    reporterId: personRef('reporter_id'),
    reason: text('reason').notNull(),
    details: text('details').notNull(),
    status: text('status').notNull().default('open'),
    resolvedBy: personRef('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('fund_reports_status_idx').on(t.status, t.createdAt),
    check('fund_reports_status_check', sql`${t.status} in ('open', 'resolved')`),
    check(
      'fund_reports_reason_check',
      sql`${t.reason} in ('fraud', 'misleading', 'inappropriate', 'duplicate', 'other')`,
    ),
  ],
);

/**
 * Updates a fund's organiser posts (newest first on the fund page). A fund's first update
 * waits for an admin (`pending` → `approved` | `denied`; at most one pending per fund);
 * once one is approved, the fund's later updates are `approved` when posted. Only
 * approved updates are public and mailed.
 */
export const fundUpdates = pgTable(
  'fund_updates',
  {
    id: uuidId(),
    fundId: fundRef('cascade'),
    authorId: userRef('author_id', 'restrict'),
    body: text('body').notNull(),
    /** An upload of ours or an https address; kept from the upload clean-up while used. */
    image: text('image'),
    status: text('status').notNull().default('approved'),
    ...decisionColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index('fund_updates_fund_idx').on(t.fundId, t.createdAt),
    ...reviewQueue('fund_updates', t, t.fundId),
  ],
);

/**
 * A donor's choice, per fund, to get its updates by e-mail ("Tell me how this fund is
 * doing", asked on the pay step; an unsubscribe link turns it off).
 */
export const fundSubscriptions = pgTable(
  'fund_subscriptions',
  {
    userId: userRef('user_id', 'cascade'),
    fundId: fundRef('cascade'),
    subscribed: boolean('subscribed').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.fundId] }),
    index('fund_subscriptions_fund_idx').on(t.fundId),
  ],
);

/** The gold and silver prices per gram (poisha) behind the Zakat nisab: one row. */
export const zakatSettings = pgTable(
  'zakat_settings',
  {
    id: integer('id').primaryKey().default(1),
    goldPoishaPerGram: bigint('gold_poisha_per_gram', { mode: 'number' }).notNull(),
    silverPoishaPerGram: bigint('silver_poisha_per_gram', { mode: 'number' }).notNull(),
    updatedBy: personRef('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('zakat_settings_one_row', sql`${t.id} = 1`),
    check(
      'zakat_settings_prices_positive',
      sql`${t.goldPoishaPerGram} > 0 and ${t.silverPoishaPerGram} > 0`,
    ),
  ],
);

/* ---------- donations ---------- */

/** Selected donations: a fund appears at most once per user. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuidId(),
    userId: userRef('user_id', 'cascade'),
    fundId: fundRef('cascade'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_user_fund_uq').on(t.userId, t.fundId)],
);

/** A payment attempt; a succeeded payment is a donation. */
export const payments = pgTable(
  'payments',
  {
    id: uuidId(),
    userId: userRef('user_id', 'restrict'),
    fundId: fundRef('restrict'),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    /**
     * The `tran_id` the checkout gateway knows the payment by (at most 30 characters,
     * SSLCommerz's limit; decision 457). Null for card intents, and for gateway payments
     * started before it existed, whose tran_id was their `id`.
     */
    gatewayTranId: text('gateway_tran_id'),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('bdt'),
    status: text('status').notNull().default('pending'),
    /** card, bkash, nagad or rocket. */
    method: text('method').notNull().default('card'),
    /** The gateway's own transaction id (SSLCommerz's bank_tran_id), once validated. */
    gatewayTransactionId: text('gateway_transaction_id'),
    /** The gateway's validation id (SSLCommerz's val_id) the payment was settled with. */
    validationId: text('validation_id'),
    /** 'test' (test cards, test keys: no money moved) or 'live'; from the provider. */
    mode: text('mode').notNull().default('test'),
    /**
     * What the gateway or card provider says it took, when a payment is held (risky, or
     * another amount than asked): an admin records the payment at this amount or refunds it.
     */
    providerAmountPoisha: bigint('provider_amount_poisha', { mode: 'number' }),
    /** Refunded or disputed at the provider so far (see `refunds`). */
    refundedPoisha: bigint('refunded_poisha', { mode: 'number' }).notNull().default(0),
    failureMessage: text('failure_message'),
    /**
     * The network (IPv4 address or IPv6 /64) the payment was started from, kept only
     * while it is pending: a decline counts against that network (decision 448); the
     * database forgets it as soon as the payment leaves `pending`.
     */
    clientNetwork: text('client_network'),
    /** When the reconciliation last claimed this payment (one process re-reads it at a time). */
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    ...timestamps(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    /** EF-YYYY-NNNNNN (live) or EF-T-YYYY-NNNNNN (test), given at the commit that records the donation (decision 227). */
    receiptNumber: text('receipt_number'),
    /** The donor chose to give anonymously: the public and the raiser see "Anonymous". */
    anonymous: boolean('anonymous').notNull().default(false),
    /** An optional message of support shown on the donor wall. */
    supportMessage: text('support_message'),
    /** The raiser or an admin hid the message from the wall (the audit trail keeps it). */
    messageHidden: boolean('message_hidden').notNull().default(false),
    /** The donor gave it as Zakat: the receipt, the statement and the exports say so. */
    zakat: boolean('zakat').notNull().default(false),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_uq').on(t.providerPaymentId),
    // The gateway's columns are null on a card payment: their indexes hold only the others',
    // so a card donation's two writes add no entry to them (decision 476).
    uniqueIndex('payments_validation_uq')
      .on(t.validationId)
      .where(sql`${t.validationId} is not null`),
    uniqueIndex('payments_gateway_tran_uq')
      .on(t.gatewayTranId)
      .where(sql`${t.gatewayTranId} is not null`),
    check('payments_gateway_tran_check', sql`char_length(${t.gatewayTranId}) <= 30`),
    check('payments_method_check', sql`${t.method} in ('card', 'bkash', 'nagad', 'rocket')`),
    // A payment's network is kept only while it is pending (decision 448).
    check(
      'payments_network_pending_check',
      sql`${t.status} = 'pending' or ${t.clientNetwork} is null`,
    ),
    // A network's unfinished payments, counted before it starts another (decision 448).
    index('payments_pending_network_idx')
      .on(t.clientNetwork, t.createdAt)
      .where(sql`${t.clientNetwork} is not null`),
    // Null until the donation is recorded: its pending row adds no entry.
    uniqueIndex('payments_receipt_number_uq')
      .on(t.receiptNumber)
      .where(sql`${t.receiptNumber} is not null`),
    // The donor wall: recent, top and words of support, one indexed query each.
    index('payments_wall_recent_idx')
      .on(t.fundId, t.succeededAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'succeeded'`),
    index('payments_wall_top_idx')
      .on(t.fundId, t.amountPoisha.desc(), t.succeededAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'succeeded'`),
    index('payments_wall_messages_idx')
      .on(t.fundId, t.succeededAt.desc(), t.id.desc())
      .where(
        sql`${t.status} = 'succeeded' and ${t.supportMessage} is not null and not ${t.messageHidden}`,
      ),
    index('payments_fund_donor_idx')
      .on(t.fundId, t.userId)
      .where(sql`${t.status} = 'succeeded'`),
    // Payment History's order (the day the money moved, newest first): a page reads its rows.
    index('payments_user_idx').on(
      t.userId,
      sql`coalesce(${t.succeededAt}, ${t.createdAt}) desc`,
      // Plain `desc` (nulls first), as the query orders: drizzle's `.desc()` says nulls last.
      sql`${t.id} desc`,
    ),
    index('payments_fund_idx').on(t.fundId, t.status),
    index('payments_status_idx').on(t.status, t.createdAt),
    // Admin lists and exports read payments newest first or by (time, id) pages.
    index('payments_created_idx').on(t.createdAt, t.id),
    // Manage Payments finds a payment by the gateway's transaction id.
    index('payments_gateway_transaction_idx')
      .on(t.gatewayTransactionId)
      .where(sql`${t.gatewayTransactionId} is not null`),
    check('payments_amount_positive', sql`${t.amountPoisha} > 0`),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'refunded', 'needs_review')`,
    ),
    check('payments_mode_check', sql`${t.mode} in ('test', 'live')`),
    check(
      'payments_refunded_within_amount',
      sql`${t.refundedPoisha} >= 0 and ${t.refundedPoisha} <= ${t.amountPoisha}`,
    ),
    check(
      'payments_provider_amount_positive',
      sql`${t.providerAmountPoisha} is null or ${t.providerAmountPoisha} > 0`,
    ),
    check(
      'payments_succeeded_at_set',
      sql`${t.status} not in ('succeeded', 'refunded') or ${t.succeededAt} is not null`,
    ),
  ],
);

/**
 * Recorded donations per Asia/Dhaka day, money mode and cause: the admin overview reads
 * these instead of every payment. Kept by triggers (migration 0027): a payment's part — one
 * donation while it is succeeded, its amount net of refunds while succeeded or refunded —
 * is taken back and added again whenever its status, mode, amount or refunds change, and a
 * fund whose cause changes moves its parts to the new cause. `check:ledger` recounts them.
 */
export const donationDays = pgTable(
  'donation_days',
  {
    day: date('day').notNull(),
    mode: text('mode').notNull(),
    cause: text('cause').notNull(),
    donations: integer('donations').notNull().default(0),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.mode, t.cause] })],
);

/**
 * How many funds are open for donations (approved, not taken down), per cause and Zakat
 * eligibility: the public list's total, read in a handful of rows instead of counting the
 * funds themselves. Kept by a trigger on `funds` (migration 0039) whenever a fund is
 * added or removed, or its status, hold, cause or eligibility changes.
 */
export const openFundCounts = pgTable(
  'open_fund_counts',
  {
    cause: text('cause').notNull(),
    zakatEligible: boolean('zakat_eligible').notNull(),
    funds: integer('funds').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.cause, t.zakatEligible] }),
    check('open_fund_counts_non_negative', sql`${t.funds} >= 0`),
  ],
);

/**
 * Each fund's succeeded and refunded payments of one money mode, summed: their amount net
 * of refunds and the number of succeeded ones (what `funds.raised_poisha` and
 * `donation_count` must equal for the site's mode). Kept only by triggers on `payments`
 * (migration 0029), with each payment's change as it is written, a donation's recording at
 * its commit; any other write is refused. The guard that compares a fund with its payments
 * reads this one row instead of the fund's payments. `check:ledger` recounts it.
 */
export const fundPaymentSums = pgTable(
  'fund_payment_sums',
  {
    fundId: fundRef('cascade'),
    mode: text('mode').notNull(),
    raisedPoisha: bigint('raised_poisha', { mode: 'number' }).notNull().default(0),
    donationCount: integer('donation_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.fundId, t.mode] })],
);

/**
 * Money returned after a donation was recorded: a refund or a dispute at the provider.
 * One row per change seen ('reinstated': a won dispute gave money back);
 * `payments.refunded_poisha` is their sum.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuidId(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    /** What told us: a webhook event id, 'reconciliation' or an admin's id. */
    source: text('source').notNull(),
    /** Why it was refunded (an admin's refund); shown to the donor, the raiser and admins. */
    reason: text('reason'),
    /**
     * CN-YYYY-NNNNNN (CN-T-… for test money): the credit note of money taken back (a refund
     * or a dispute), given by a trigger in the inserting transaction, gap-free per series
     * and Dhaka year like receipt numbers (decision 252).
     */
    creditNoteNumber: text('credit_note_number'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    uniqueIndex('refunds_credit_note_uq').on(t.creditNoteNumber),
    index('refunds_created_idx').on(t.createdAt, t.id),
    check('refunds_amount_positive', sql`${t.amountPoisha} > 0`),
    check('refunds_kind_check', sql`${t.kind} in ('refund', 'dispute', 'reinstated')`),
  ],
);

/**
 * An admin's refund between its check and its record: the amount is held back from the
 * fund's withdrawable balance while the provider is asked, so a withdrawal requested
 * meanwhile cannot take it (decision 246). Keyed by the request's source, the same as the
 * `refunds` row it becomes; removed in the transaction that records the refund, or when
 * the provider refuses it.
 */
export const pendingRefunds = pgTable(
  'pending_refunds',
  {
    source: text('source').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    fundId: fundRef('restrict'),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    /** The payment's ledger mode: a test refund never holds back a live balance. */
    mode: text('mode').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_refunds_fund_idx').on(t.fundId),
    index('pending_refunds_payment_idx').on(t.paymentId),
    check('pending_refunds_amount_positive', sql`${t.amountPoisha} > 0`),
  ],
);

/**
 * An admin's refund decision at a hosted-checkout gateway (SSLCommerz), as a state machine
 * (decision 247): `asking` (the Refund API was called and its answer is not
 * known: lost, or not yet back), `initiated` (the gateway took the refund: `success`, or
 * `processing`, "already initiated", for a repeated `refund_trans_id`; the ledger has it),
 * `refunded` (its status query says the money went back), `cancelled` (the gateway cancelled
 * it: the ledger gives the money back to the fund) or `refused`. One row per decision, keyed
 * by the same source as its `refunds` and `pending_refunds` rows: a retried click or a lost
 * answer asks the gateway again with the same `refund_trans_id`, never a new refund.
 */
export const gatewayRefunds = pgTable(
  'gateway_refunds',
  {
    source: text('source').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    /** Ours, sent as `refund_trans_id` (and `refe_id`): at most 30 characters, one per decision. */
    refundTransId: text('refund_trans_id').notNull(),
    /** The gateway's reference of the refund, for its status query. */
    refundRefId: text('refund_ref_id'),
    status: text('status').notNull().default('asking'),
    remarks: text('remarks').notNull(),
    reason: text('reason'),
    /** When the status job last asked the gateway about it. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('gateway_refunds_trans_uq').on(t.refundTransId),
    uniqueIndex('gateway_refunds_ref_uq').on(t.refundRefId),
    index('gateway_refunds_open_idx')
      .on(t.status, t.checkedAt)
      .where(sql`${t.status} in ('asking', 'initiated')`),
    check('gateway_refunds_amount_positive', sql`${t.amountPoisha} > 0`),
    check('gateway_refunds_trans_length', sql`char_length(${t.refundTransId}) <= 30`),
    check(
      'gateway_refunds_status_check',
      sql`${t.status} in ('asking', 'initiated', 'refunded', 'cancelled', 'refused')`,
    ),
  ],
);

/**
 * One row: which mode's payments the fund totals count ('test' while the embedded
 * processor or Stripe test keys are used, 'live' with live keys).
 */
export const ledgerSettings = pgTable(
  'ledger_settings',
  {
    id: boolean('id').primaryKey().default(true),
    mode: text('mode').notNull().default('test'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('ledger_settings_one_row', sql`${t.id}`),
    check('ledger_settings_mode_check', sql`${t.mode} in ('test', 'live')`),
  ],
);
/** The last receipt number given in each mode and year (Asia/Dhaka): one row per mode and
 *  year, locked by the transaction that records a donation, so numbers have no gaps
 *  (decision 227). */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    /** Live and test receipts are numbered apart: EF-YYYY-NNNNNN and EF-T-YYYY-NNNNNN. */
    mode: text('mode').notNull().default('live'),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.mode, t.year] }),
    check('receipt_counters_last_check', sql`${t.last} >= 0`),
    check('receipt_counters_mode_check', sql`${t.mode} in ('test', 'live')`),
  ],
);

/** The last credit note number given per series ('CN' live, 'CN-T' test) and Dhaka year. */
export const creditNoteCounters = pgTable(
  'credit_note_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.year] }),
    check('credit_note_counters_last_check', sql`${t.last} >= 0`),
  ],
);

/** Background mails already handed to the mail server or outbox, by the job's key: a job
 *  retried after a crash finds its mail here and does not send it again (decision 226). */
export const sentMails = pgTable('sent_mails', {
  key: text('key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What SMS cost each day (UTC): the sender adds a message's segments and cost before it
 * goes out, and sends nothing that would pass the day's ceiling (decision 016).
 */
export const smsDays = pgTable(
  'sms_days',
  {
    day: text('day').primaryKey(),
    messages: integer('messages').notNull().default(0),
    segments: integer('segments').notNull().default(0),
    costPoisha: integer('cost_poisha').notNull().default(0),
    /** Messages not sent because the ceiling was reached. */
    refused: integer('refused').notNull().default(0),
  },
  (t) => [check('sms_days_counts_check', sql`${t.segments} >= 0 and ${t.costPoisha} >= 0`)],
);

/**
 * The SMS daily cost ceiling an admin set, one row per change (the audit trail): the
 * latest row is the ceiling, over `SMS_DAILY_CEILING_TK`; none means the setting's.
 */
export const smsCeilingChanges = pgTable(
  'sms_ceiling_changes',
  {
    id: uuidId(),
    ceilingTk: integer('ceiling_tk').notNull(),
    previousTk: integer('previous_tk').notNull(),
    actorId: personRef('actor_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_ceiling_changes_created_idx').on(t.createdAt),
    check('sms_ceiling_changes_tk_check', sql`${t.ceilingTk} >= 0 and ${t.previousTk} >= 0`),
  ],
);

/**
 * The short link an update or decision SMS carries (`/n/<token>`): what it is about, where
 * it leads, and STOP for that kind of SMS, without a sign-in.
 */
export const smsNoticeLinks = pgTable(
  'sms_notice_links',
  {
    token: text('token').primaryKey(),
    userId: userRef('user_id', 'cascade'),
    kind: text('kind').notNull(),
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_notice_links_user_idx').on(t.userId),
    check('sms_notice_links_kind_check', sql`${t.kind} in ('update', 'decision')`),
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
    /**
     * The last card tried, as a processor's fingerprint (a hash of its number, never the
     * number): its declines are counted and capped per card (decision 454).
     */
    cardFingerprint: text('card_fingerprint'),
    /** Refunded so far (admins' refunds through the processor). */
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    /** Cards tried on it, counted in the statement that tries one (a few per intent). */
    cardAttempts: integer('card_attempts').notNull().default(0),
    metadata: jsonb('metadata').notNull().default({}),
    idempotencyKey: text('idempotency_key').unique(),
    ...timestamps(),
  },
  (t) => [check('test_intents_amount_positive', sql`${t.amount} > 0`)],
);

/** The embedded processor's refunds: one row per idempotency key, so a repeat refunds nothing. */
export const testProcessorRefunds = pgTable(
  'test_processor_refunds',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => testProcessorIntents.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('test_refunds_amount_positive', sql`${t.amount} > 0`)],
);

/** Sessions of the embedded test checkout (bKash, Nagad, Rocket in test mode), shaped
 *  like SSLCommerz's: the hosted page, its validation ids and its notifications. */
export const testGatewaySessions = pgTable(
  'test_gateway_sessions',
  {
    sessionKey: text('session_key').primaryKey(),
    tranId: text('tran_id').notNull(),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    successUrl: text('success_url').notNull(),
    failUrl: text('fail_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    ipnUrl: text('ipn_url').notNull(),
    /** PENDING until the donor finishes: VALID, FAILED, CANCELLED, or still PENDING (timed out). */
    status: text('status').notNull().default('PENDING'),
    valId: text('val_id').unique(),
    bankTranId: text('bank_tran_id'),
    riskLevel: integer('risk_level').notNull().default(0),
    walletNumber: text('wallet_number'),
    ...timestamps(),
  },
  (t) => [index('test_gateway_sessions_tran_idx').on(t.tranId)],
);

/**
 * Each val_id the gateway's Validation API was asked about, with its answer: a val_id is
 * validated at most once, however many notifications name it (decision 456). A row
 * without `answered_at` is a question being asked (taken over after a minute, should
 * the process asking it have died).
 */
export const gatewayValidations = pgTable('gateway_validations', {
  valId: text('val_id').primaryKey(),
  /** The gateway's transaction (GatewayTransaction), or null: it does not know the val_id as paid. */
  answer: jsonb('answer'),
  askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
});

/* ---------- raising ---------- */

export const verificationApplications = pgTable(
  'verification_applications',
  {
    id: uuidId(),
    userId: userRef('user_id', 'cascade'),
    name: text('name').notNull(),
    image: text('image').notNull(),
    idCardNumber: text('id_card_number').notNull(),
    phoneNumber: text('phone_number').notNull(),
    status: text('status').notNull().default('pending'),
    ...decisionColumns(),
    version: reviewVersion(),
    ...timestamps(),
  },
  (t) => reviewQueue('verification', t, t.userId),
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuidId(),
    fundId: fundRef('restrict'),
    raiserId: userRef('raiser_id', 'restrict'),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    /** The ledger mode it was requested in: test withdrawals never reduce a live balance. */
    mode: text('mode').notNull().default('test'),
    ...decisionColumns(),
    version: reviewVersion(),
    /** How the money left (bkash, nagad, bank): recorded with "paid". */
    payoutMethod: text('payout_method'),
    /** The transfer's reference (bKash/Nagad transaction id, bank reference). */
    payoutReference: text('payout_reference'),
    /** The day the money left, as the admin recorded it. */
    paidOn: date('paid_on', { mode: 'string' }),
    /** An optional image proving the transfer (an upload's address). */
    proofImage: text('proof_image'),
    /** Why a payout failed or was reversed. */
    outcomeReason: text('outcome_reason'),
    /** The admin who recorded paid, failed or reversed, and when. */
    outcomeBy: personRef('outcome_by'),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    /** Where the money goes: one of the raiser's approved payout accounts. */
    payoutAccountId: uuid('payout_account_id').references(() => payoutAccounts.id, {
      onDelete: 'restrict',
    }),
    ...timestamps(),
  },
  (t) => [
    index('withdrawals_account_idx').on(t.payoutAccountId),
    index('withdrawals_fund_idx').on(t.fundId, t.status),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    index('withdrawals_created_idx').on(t.createdAt, t.id),
    check('withdrawals_amount_positive', sql`${t.amountPoisha} > 0`),
    check(
      'withdrawals_status_check',
      sql`${t.status} in ('pending', 'approved', 'denied', 'paid', 'failed', 'reversed')`,
    ),
    check('withdrawals_mode_check', sql`${t.mode} in ('test', 'live')`),
    check(
      'withdrawals_payout_method_check',
      sql`${t.payoutMethod} is null or ${t.payoutMethod} in ('bkash', 'nagad', 'bank')`,
    ),
    // What "paid" means: a method, a reference and a day, kept through a reversal.
    check(
      'withdrawals_paid_recorded',
      sql`${t.status} not in ('paid', 'reversed') or (${t.payoutMethod} is not null and ${t.payoutReference} is not null and ${t.paidOn} is not null)`,
    ),
    index('withdrawals_paid_idx').on(t.status, t.paidOn),
  ],
);

/**
 * Where a raiser's payouts go: a bKash or Nagad wallet (personal or merchant) or a bank
 * account. Never edited: a change is a new account (approved by an admin, its payouts held
 * for 24 hours) and the old one removed.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: uuidId(),
    userId: userRef('user_id', 'restrict'),
    kind: text('kind').notNull(),
    walletType: text('wallet_type'),
    bankName: text('bank_name'),
    branch: text('branch'),
    routingNumber: text('routing_number'),
    accountName: text('account_name').notNull(),
    /** The wallet number (E.164) or the bank account number, in full. */
    number: text('number').notNull(),
    status: text('status').notNull().default('pending'),
    ...decisionColumns(),
    /** No payout goes to it before then: 24 hours after it was added. */
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    version: reviewVersion(),
    ...timestamps(),
  },
  (t) => [
    index('payout_accounts_user_idx').on(t.userId, t.createdAt),
    index('payout_accounts_status_idx').on(t.status, t.createdAt),
    check('payout_accounts_kind_check', sql`${t.kind} in ('bkash', 'nagad', 'bank')`),
    check(
      'payout_accounts_status_check',
      sql`${t.status} in ('pending', 'approved', 'denied', 'removed')`,
    ),
    check(
      'payout_accounts_shape_check',
      sql`(${t.kind} = 'bank' and ${t.bankName} is not null and ${t.branch} is not null and ${t.routingNumber} ~ '^[0-9]{9}$' and ${t.number} ~ '^[0-9]{6,20}$' and ${t.walletType} is null)
        or (${t.kind} <> 'bank' and ${t.walletType} in ('personal', 'merchant') and ${t.number} ~ '^[+]8801[3-9][0-9]{8}$' and ${t.bankName} is null and ${t.routingNumber} is null)`,
    ),
  ],
);

/**
 * How a paid payout was spent, as its raiser reports it: a text, amounts by line and
 * photos of receipts or work done. An admin reviews it before it is public (pending →
 * approved | denied, once); a denied report is followed by a new one. Each step is in the
 * fund's audit trail.
 */
export const spendingReports = pgTable(
  'spending_reports',
  {
    id: uuidId(),
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'restrict' }),
    fundId: fundRef('restrict'),
    authorId: userRef('author_id', 'restrict'),
    body: text('body').notNull(),
    /** The lines: `{ label, amountPoisha }[]`, at least one. */
    lines: jsonb('lines').notNull(),
    totalPoisha: bigint('total_poisha', { mode: 'number' }).notNull(),
    /** Uploads' addresses (receipts, work done); kept from the upload clean-up while used. */
    photos: jsonb('photos')
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('pending'),
    ...decisionColumns(),
    version: reviewVersion(),
    ...timestamps(),
  },
  (t) => [
    index('spending_reports_withdrawal_idx').on(t.withdrawalId, t.createdAt),
    index('spending_reports_status_idx').on(t.status, t.createdAt),
    uniqueIndex('spending_reports_one_pending_uq')
      .on(t.withdrawalId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('spending_reports_one_approved_uq')
      .on(t.withdrawalId)
      .where(sql`${t.status} = 'approved'`),
    check('spending_reports_status_check', sql`${t.status} in ('pending', 'approved', 'denied')`),
    check('spending_reports_total_positive', sql`${t.totalPoisha} > 0`),
    check(
      'spending_reports_denied_reason',
      sql`${t.status} <> 'denied' or ${t.feedback} is not null`,
    ),
  ],
);

/** A payout account's audit trail: added, viewed in full, approved, denied, removed. */
export const payoutAccountEvents = pgTable(
  'payout_account_events',
  {
    id: uuidId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => payoutAccounts.id, { onDelete: 'cascade' }),
    actorId: personRef('actor_id'),
    action: text('action').notNull(),
    detail: jsonb('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('payout_account_events_idx').on(t.accountId, t.createdAt)],
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
    ownerId: personRef('owner_id'),
    url: text('url').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_created_idx').on(t.createdAt)],
);

/* ---------- messages ---------- */

// Both listed newest first to the admins, a page at a time (decision 493).
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuidId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt, t.id)],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuidId(),
    email: text('email').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('newsletter_subscriptions_created_idx').on(t.createdAt, t.id)],
);

/* ---------- monthly giving (decision 250) ---------- */

/**
 * A donor's gift that repeats every month: by a card saved with the provider (charged
 * off-session by the job queue) or, for a wallet, by a monthly reminder with a one-tap
 * checkout link. The donor pauses, changes or cancels it; a fund taken down ends it.
 */
export const recurringGifts = pgTable(
  'recurring_gifts',
  {
    id: uuidId(),
    userId: userRef('user_id', 'restrict'),
    fundId: fundRef('restrict'),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    /** 'card': charged with the saved card; 'wallet': reminded with a checkout link. */
    method: text('method').notNull().default('card'),
    /** 'monthly', or 'daily' (every day of Ramadan, until `endsAt`). */
    frequency: text('frequency').notNull().default('monthly'),
    /** A daily gift's end: the start of the day after Ramadan's last (Asia/Dhaka). */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** incomplete (card not saved yet) → active ⇄ paused; cancelled (by the donor) or ended. */
    status: text('status').notNull().default('incomplete'),
    /** Why it is paused or ended: donor, payment_failed, fund_closed, account_closed. */
    statusReason: text('status_reason'),
    provider: text('provider').notNull(),
    /** The provider's setup intent that saves the card (a new one to change the card). */
    setupIntentId: text('setup_intent_id'),
    /** The saved card at the provider, and its customer (Stripe). */
    paymentMethodId: text('payment_method_id'),
    customerId: text('customer_id'),
    cardLast4: text('card_last4'),
    anonymous: boolean('anonymous').notNull().default(false),
    /** The start of the next period to charge (or remind); null unless active. */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('recurring_gifts_due_idx')
      .on(t.nextChargeAt)
      .where(sql`${t.status} = 'active'`),
    index('recurring_gifts_user_idx').on(t.userId),
    index('recurring_gifts_fund_idx').on(t.fundId, t.status),
    check('recurring_gifts_amount_positive', sql`${t.amountPoisha} > 0`),
    check('recurring_gifts_method_check', sql`${t.method} in ('card', 'wallet')`),
    check(
      'recurring_gifts_frequency_check',
      sql`(${t.frequency} = 'monthly' and ${t.endsAt} is null) or (${t.frequency} = 'daily' and ${t.endsAt} is not null)`,
    ),
    check(
      'recurring_gifts_status_check',
      sql`${t.status} in ('incomplete', 'active', 'paused', 'cancelled', 'ended')`,
    ),
  ],
);

/**
 * The Ramadan dates an admin sets (Asia/Dhaka days, both included): each change is a new
 * row, so the rows are the audit trail and the newest is in force. Both null: cleared.
 */
export const ramadanDates = pgTable(
  'ramadan_dates',
  {
    id: uuidId(),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    setBy: personRef('set_by'),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ramadan_dates_set_at_idx').on(t.setAt),
    check(
      'ramadan_dates_order',
      sql`(${t.startsOn} is null and ${t.endsOn} is null) or (${t.startsOn} is not null and ${t.endsOn} is not null and ${t.endsOn} >= ${t.startsOn})`,
    ),
  ],
);

/**
 * One period (YYYY-MM for a monthly gift, YYYY-MM-DD for a daily one, Asia/Dhaka) of a recurring gift: at most one row per gift and
 * period, so a period is charged (or reminded) once however many workers look at it.
 * Each attempt charges with the key `easyfund-recurring-<gift>-<period>-<attempt>`.
 */
export const recurringCharges = pgTable(
  'recurring_charges',
  {
    id: uuidId(),
    giftId: uuid('gift_id')
      .notNull()
      .references(() => recurringGifts.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    /** due → charging → paid | due (a retry) | failed; reminded (a wallet's reminder). */
    status: text('status').notNull().default('due'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a worker took the attempt; another takes it over only after a while. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    lastError: text('last_error'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('recurring_charges_gift_period_uq').on(t.giftId, t.period),
    index('recurring_charges_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'due'`),
    check(
      'recurring_charges_status_check',
      sql`${t.status} in ('due', 'charging', 'paid', 'failed', 'reminded')`,
    ),
    check('recurring_charges_amount_positive', sql`${t.amountPoisha} > 0`),
  ],
);

/** The embedded processor's setup intents: a card saved for later charges. */
export const testProcessorSetupIntents = pgTable('test_processor_setup_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  /** requires_payment_method → succeeded. */
  status: text('status').notNull().default('requires_payment_method'),
  paymentMethodId: text('payment_method_id'),
  lastError: text('last_error'),
  metadata: jsonb('metadata').notNull().default({}),
  createdAt: createdAt(),
});

/**
 * The embedded processor's saved cards. `failWith`: the error every off-session charge
 * gets (4000 0000 0000 0341 saves, then is declined, as Stripe's test card does; a test
 * may make a saved card start failing).
 */
export const testProcessorPaymentMethods = pgTable('test_processor_payment_methods', {
  id: text('id').primaryKey(),
  cardLast4: text('card_last4').notNull(),
  cardFingerprint: text('card_fingerprint').notNull(),
  failWith: text('fail_with'),
  detached: boolean('detached').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * An account closed by its owner: the user row stays (its donations, receipts and ledger
 * rows point to it), anonymised to "Former donor"; this marks it so nothing signs it in.
 */
export const closedAccounts = pgTable('closed_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'restrict' }),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
});
