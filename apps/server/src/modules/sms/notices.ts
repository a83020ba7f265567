import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { formatTk } from '@easyfund/shared/format';
import { isLanguage, type Language } from '@easyfund/shared/i18n/languages';
import { PAGES } from '@easyfund/shared/pages';
import {
  SMS_NEEDS_NUMBER,
  type TSmsNotice,
  type TSmsPreferences,
} from '@easyfund/shared/schemas/sms';
import { type Db, rowsOf } from '../../db/client';
import { fundSubscriptions, sentMails, smsNoticeLinks, user } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { accountLabel, type DecisionKind } from '../notifications/service';
import { type SmsService, smsSegments } from './service';
import { followsFund } from '../updates/subscriptions';

export type NoticeKind = TSmsNotice['kind'];

/** Where an update or decision SMS is sent from: the database, the sender, the site. */
export interface NoticeSmsDeps {
  db: Db;
  sms: SmsService;
  publicUrl: string;
}

/* ---------- the person's choices ---------- */

export async function smsPreferences(db: Db, userId: string): Promise<TSmsPreferences> {
  const [row] = await db
    .select({
      phoneNumber: user.phoneNumber,
      verified: user.phoneNumberVerified,
      updates: user.smsUpdates,
      decisions: user.smsDecisions,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) throw new NotFound('User');
  return {
    phoneNumber: row.verified ? row.phoneNumber : null,
    updates: row.updates,
    decisions: row.decisions,
  };
}

/**
 * Turns SMS for fund updates or for decisions on or off. Turning one on needs a verified
 * number (409 otherwise), and lifts an earlier STOP of the number: the person asks again.
 */
export async function setSmsPreferences(
  db: Db,
  userId: string,
  choice: { updates?: boolean; decisions?: boolean },
): Promise<TSmsPreferences> {
  const current = await smsPreferences(db, userId);
  const turningOn = choice.updates === true || choice.decisions === true;
  if (turningOn && !current.phoneNumber) throw new Conflict(SMS_NEEDS_NUMBER, 'no_phone_number');
  // A request that names neither choice changes nothing (and an empty UPDATE is no SQL).
  if (choice.updates === undefined && choice.decisions === undefined) return current;
  await db
    .update(user)
    .set({
      ...(choice.updates === undefined ? {} : { smsUpdates: choice.updates }),
      ...(choice.decisions === undefined ? {} : { smsDecisions: choice.decisions }),
      ...(turningOn ? { smsStoppedAt: null } : {}),
    })
    .where(eq(user.id, userId));
  return smsPreferences(db, userId);
}

/* ---------- the short links the SMS carry ---------- */

/** A new short link (`/n/` and 11 characters: 64 random bits) for one SMS. */
async function noticeLink(
  db: Db,
  publicUrl: string,
  userId: string,
  kind: NoticeKind,
  path: string,
): Promise<string> {
  const token = randomBytes(8).toString('base64url');
  await db.insert(smsNoticeLinks).values({ token, userId, kind, path });
  return `${publicUrl}/n/${token}`;
}

async function noticeOf(db: Db, token: string) {
  const [row] = await db
    .select({
      userId: smsNoticeLinks.userId,
      kind: smsNoticeLinks.kind,
      path: smsNoticeLinks.path,
      updates: user.smsUpdates,
      decisions: user.smsDecisions,
    })
    .from(smsNoticeLinks)
    .innerJoin(user, eq(user.id, smsNoticeLinks.userId))
    .where(eq(smsNoticeLinks.token, token));
  if (!row) throw new NotFound('Link');
  const kind = row.kind as NoticeKind;
  const on = kind === 'update' ? row.updates : row.decisions;
  return { userId: row.userId, notice: { kind, path: row.path, stopped: !on } };
}

/** What a link stands for (no sign-in: the unguessable link is the key). */
export async function readNotice(db: Db, token: string): Promise<TSmsNotice> {
  return (await noticeOf(db, token)).notice;
}

/** STOP from a link: no more SMS of that kind to its person (others and codes still go). */
export async function stopNotices(db: Db, token: string): Promise<TSmsNotice> {
  const { userId, notice } = await noticeOf(db, token);
  await db
    .update(user)
    .set(notice.kind === 'update' ? { smsUpdates: false } : { smsDecisions: false })
    .where(eq(user.id, userId));
  return { ...notice, stopped: true };
}

/* ---------- the texts ---------- */

/**
 * How many segments a notice may take: English fits one (GSM-7, 160 characters) with the
 * link; Bangla is UCS-2 (70 a segment) and the link alone is about 35 of them, so two
 * (134 characters) — measured in test/sms-notices.test.ts.
 */
export const NOTICE_SEGMENTS: Record<Language, number> = { en: 1, bn: 2 };

/**
 * The text with the fund's name shortened (ending "...") until it fits the language's
 * segments; a name is never cut below 12 characters (the message then takes one more).
 */
export function fitted(lang: Language, build: (fund: string) => string, fund: string): string {
  let text = build(fund);
  let name = fund;
  while (smsSegments(text).segments > NOTICE_SEGMENTS[lang] && name.length > 12) {
    name = name.slice(0, -1);
    text = build(`${name.trimEnd()}...`);
  }
  return text;
}

const langOf = (value: string | null): Language => (isLanguage(value) ? value : 'bn');

/** The SMS of a fund's update to one donor. */
export function updateSmsText(lang: Language, fund: string, link: string): string {
  return fitted(
    lang,
    (name) =>
      translate(lang, 'Easy Fund: news from {{fund}}. Read it or STOP: {{link}}', {
        fund: name,
        link,
      }),
    fund,
  );
}

export type DecisionStatus = 'approved' | 'denied' | 'paid';

/** The SMS of an admin's decision (or a payout) to the raiser. */
/** The decisions a raiser may hear of by SMS (a spending report's decision is mailed only). */
export type SmsDecisionKind = Exclude<DecisionKind, 'spendingReport'>;

export function decisionSmsText(
  lang: Language,
  kind: SmsDecisionKind,
  status: DecisionStatus,
  r: { fund: string; amountPoisha: number | null; account?: { kind: string; number: string } },
  link: string,
): string {
  const amount = r.amountPoisha === null ? '' : formatTk(r.amountPoisha, lang);
  const account = r.account ? accountLabel(lang, r.account.kind, r.account.number) : {};
  const t = (text: string, fund: string) =>
    translate(lang, text, { fund, amount, link, ...account });
  const approved = status === 'approved';
  const build = (fund: string): string => {
    switch (kind) {
      case 'application':
        return approved
          ? t('Easy Fund: your fund raiser application was approved. More or STOP: {{link}}', fund)
          : t('Easy Fund: your fund raiser application was denied. More or STOP: {{link}}', fund);
      case 'fund':
        return approved
          ? t('Easy Fund: your fund request {{fund}} was approved. More or STOP: {{link}}', fund)
          : t('Easy Fund: your fund request {{fund}} was denied. More or STOP: {{link}}', fund);
      case 'change':
        return approved
          ? t('Easy Fund: the changes to {{fund}} were approved. More or STOP: {{link}}', fund)
          : t('Easy Fund: the changes to {{fund}} were denied. More or STOP: {{link}}', fund);
      case 'withdrawal':
        if (status === 'paid')
          return t(
            'Easy Fund: your withdrawal of {{amount}} was paid out. More or STOP: {{link}}',
            fund,
          );
        return approved
          ? t('Easy Fund: your withdrawal of {{amount}} was approved. More or STOP: {{link}}', fund)
          : t('Easy Fund: your withdrawal of {{amount}} was denied. More or STOP: {{link}}', fund);
      case 'payoutAccount':
        return approved
          ? t(
              'Easy Fund: your {{kind}} payout account ending {{number}} was approved. More or STOP: {{link}}',
              fund,
            )
          : t(
              'Easy Fund: your {{kind}} payout account ending {{number}} was denied. More or STOP: {{link}}',
              fund,
            );
    }
  };
  return fitted(lang, build, r.fund);
}

/* ---------- sending ---------- */

/** Sends one notice SMS once per key (the sent-mails table, as receipt SMS). */
async function sendOnce(
  deps: NoticeSmsDeps,
  key: string,
  to: string,
  purpose: 'update' | 'decision',
  text: (link: string) => string,
  link: () => Promise<string>,
): Promise<boolean> {
  const { db } = deps;
  const [done] = rowsOf(
    await db.execute(sql`select 1 from ${sentMails} where ${sentMails.key} = ${key}`),
  );
  if (done) return false;
  const result = await deps.sms.send({
    to,
    text: text(await link()),
    purpose,
    key: key.replace(/[^A-Za-z0-9]/g, ''),
  });
  await db.insert(sentMails).values({ key }).onConflictDoNothing();
  return result.sent;
}

/**
 * The SMS of a fund's new update: one to each donor who gave to the fund, still wants its
 * news (the fund's subscription) and chose SMS for updates with a verified number. Runs in
 * the update's job; a retried job sends nobody a second one. Answers how many went out.
 */
export async function sendUpdateSms(
  deps: NoticeSmsDeps,
  notice: { fund: { id: string; name: string }; update: { id: string } },
): Promise<number> {
  const { db } = deps;
  const recipients = await db
    .select({ id: user.id, phoneNumber: user.phoneNumber, language: user.language })
    .from(fundSubscriptions)
    .innerJoin(user, eq(user.id, fundSubscriptions.userId))
    .where(
      and(
        followsFund(db, notice.fund.id),
        eq(user.smsUpdates, true),
        eq(user.phoneNumberVerified, true),
      ),
    );
  const path = PAGES.fundDetails.path.replace(':id', encodeURIComponent(notice.fund.id));
  let sent = 0;
  for (const r of recipients) {
    if (!r.phoneNumber) continue;
    const lang = langOf(r.language);
    const went = await sendOnce(
      deps,
      `update-sms:${notice.update.id}:${r.id}`,
      r.phoneNumber,
      'update',
      (link) => updateSmsText(lang, notice.fund.name, link),
      () => noticeLink(db, deps.publicUrl, r.id, 'update', path),
    );
    if (went) sent++;
  }
  return sent;
}

/** Where the raiser sees a decided item (as the decision's mail links it). */
function decisionPath(kind: DecisionKind, status: string, fundId: string | null): string {
  if (kind === 'application') return PAGES.verification.path;
  if (kind === 'withdrawal') return PAGES.withdraw.path;
  if (kind === 'payoutAccount') return PAGES.payoutAccounts.path;
  return status === 'approved' && fundId
    ? PAGES.fundDetails.path.replace(':id', encodeURIComponent(fundId))
    : PAGES.raisedFund.path;
}

/**
 * The SMS of an admin's decision on a raiser's application, fund request, fund change or
 * withdrawal, or of a withdrawal paid out, to a raiser who chose SMS for decisions; once
 * per item and outcome. `id` as the mail's (a change: its fund's id).
 */
export async function sendDecisionSms(
  deps: NoticeSmsDeps,
  kind: DecisionKind,
  id: string,
): Promise<boolean> {
  if (kind === 'spendingReport') return false;
  const who = sql`u.id as user_id, u.phone_number, u.phone_number_verified, u.sms_decisions, u.language`;
  const query = {
    application: sql`select a.id as key_id, ${who}, a.status, null as fund, null as fund_id, null as amount
      from verification_applications a join "user" u on u.id = a.user_id where a.id = ${id}`,
    fund: sql`select f.id as key_id, ${who}, f.status, f.name as fund, f.id as fund_id, null as amount
      from funds f join "user" u on u.id = f.raiser_id where f.id = ${id}`,
    change: sql`select c.id as key_id, ${who}, c.status, f.name as fund, f.id as fund_id, null as amount
      from fund_changes c join funds f on f.id = c.fund_id join "user" u on u.id = f.raiser_id
      where c.fund_id = ${id} and c.status <> 'pending' order by c.decided_at desc nulls last limit 1`,
    withdrawal: sql`select w.id as key_id, ${who}, w.status, f.name as fund, f.id as fund_id,
        w.amount_poisha as amount
      from withdrawals w join funds f on f.id = w.fund_id join "user" u on u.id = w.raiser_id
      where w.id = ${id}`,
    payoutAccount: sql`select p.id as key_id, ${who}, p.status, null as fund, null as fund_id,
        null as amount, p.kind as account_kind, p.number as account_number
      from payout_accounts p join "user" u on u.id = p.user_id where p.id = ${id}`,
  }[kind];
  const [r] = rowsOf(await deps.db.execute(query));
  if (!r || !r.sms_decisions || !r.phone_number_verified || !r.phone_number) return false;
  const status = String(r.status);
  if (status !== 'approved' && status !== 'denied' && status !== 'paid') return false;
  if (status === 'paid' && kind !== 'withdrawal') return false;
  const lang = langOf(r.language === null ? null : String(r.language));
  const fundId = r.fund_id === null ? null : String(r.fund_id);
  return sendOnce(
    deps,
    `decision-sms:${kind}:${String(r.key_id)}:${status}`,
    String(r.phone_number),
    'decision',
    (link) =>
      decisionSmsText(
        lang,
        kind,
        status,
        {
          fund: r.fund === null ? '' : String(r.fund),
          amountPoisha: r.amount === null ? null : Number(r.amount),
          ...(kind === 'payoutAccount'
            ? { account: { kind: String(r.account_kind), number: String(r.account_number) } }
            : {}),
        },
        link,
      ),
    () =>
      noticeLink(
        deps.db,
        deps.publicUrl,
        String(r.user_id),
        'decision',
        decisionPath(kind, status, fundId),
      ),
  );
}
