import { sql } from 'drizzle-orm';
import { SITE_NAME } from '@easyfund/shared/constants';
import { formatNumber, formatTk } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import { PAGES } from '@easyfund/shared/pages';
import { maskAccountNumber } from '@easyfund/shared/schemas/payouts';
import { type Db, type Row, rowsOf } from '../../db/client';
import { translate } from '../../lib/i18n';
import type { Mail } from '../../lib/mailer';
import { asLanguage } from './mails';

/**
 * Where notification mails go: one call per mail with a key that names it for good
 * (`decision:withdrawal:<id>`), so a retry or a second call never sends it twice. The
 * server's queue makes each mail a job (modules/notifications/sent-mails.ts); tools send at once.
 */
export interface MailQueue {
  /** The site's address, for the links in the mails (absent: mails without links). */
  readonly publicUrl?: string;
  enqueueMail(key: string, mail: Omit<Mail, 'key' | 'attachments'>): Promise<void>;
  /**
   * The refund's mail with its credit note as a PDF (the server's queue, whose workers
   * print it); absent in the tools, which send the refund mail without it.
   */
  enqueueCreditNote?(refundId: string): Promise<void>;
  /**
   * The SMS of a decision (or a withdrawal paid out) to a raiser who chose SMS for them;
   * absent in the tools, which send no SMS.
   */
  enqueueDecisionSms?(kind: DecisionKind, id: string, status: string): Promise<void>;
}

export type DecisionKind =
  'application' | 'fund' | 'change' | 'withdrawal' | 'spendingReport' | 'payoutAccount';

/**
 * Who hears of a decision, and what it was about; `key_id` names the decided item (for a
 * fund change, asked by its fund: the fund's latest decided change).
 */
async function recipientOf(db: Db, kind: DecisionKind, id: string): Promise<Row | undefined> {
  const query = {
    application: sql`select a.id as key_id, u.email, u.name, u.language, a.status, a.feedback, null as fund,
        null as fund_id, null as amount from verification_applications a join "user" u on u.id = a.user_id
      where a.id = ${id}`,
    fund: sql`select f.id as key_id, u.email, u.name, u.language, f.status, f.feedback, f.name as fund,
        f.id as fund_id, null as amount from funds f join "user" u on u.id = f.raiser_id where f.id = ${id}`,
    change: sql`select c.id as key_id, u.email, u.name, u.language, c.status, c.feedback,
        f.name as fund, f.id as fund_id, null as amount from fund_changes c join funds f on f.id = c.fund_id
        join "user" u on u.id = f.raiser_id
      where c.fund_id = ${id} and c.status <> 'pending'
      order by c.decided_at desc nulls last limit 1`,
    withdrawal: sql`select w.id as key_id, u.email, u.name, u.language, w.status, w.feedback, f.name as fund,
        f.id as fund_id, w.amount_poisha as amount from withdrawals w join funds f on f.id = w.fund_id
        join "user" u on u.id = w.raiser_id where w.id = ${id}`,
    spendingReport: sql`select r.id as key_id, u.email, u.name, u.language, r.status, r.feedback,
        f.name as fund, f.id as fund_id, w.amount_poisha as amount from spending_reports r
        join withdrawals w on w.id = r.withdrawal_id join funds f on f.id = r.fund_id
        join "user" u on u.id = r.author_id where r.id = ${id}`,
    payoutAccount: sql`select p.id as key_id, u.email, u.name, u.language, p.status, p.feedback,
        null as fund, null as fund_id, null as amount, p.kind as account_kind,
        p.number as account_number
      from payout_accounts p join "user" u on u.id = p.user_id where p.id = ${id}`,
  }[kind];
  return rowsOf(await db.execute(query))[0];
}

const languageOf = asLanguage;

/** What a decision without feedback says instead, by what was decided and how. */
const NO_FEEDBACK: Record<DecisionKind, Record<'approved' | 'denied', { text: string }>> = {
  application: {
    approved: { text: 'You can now request funds from your dashboard.' },
    denied: {
      text: 'The admin gave no reason. You can check your details and apply again, or ask us through the Contact Us page.',
    },
  },
  fund: {
    approved: { text: 'Your fund is now open for donations.' },
    denied: {
      text: 'The admin gave no reason. You can send a new request, or ask us through the Contact Us page.',
    },
  },
  change: {
    approved: { text: 'Your fund page now shows the changes.' },
    denied: {
      text: 'The admin gave no reason; your fund stays as it was. You can ask us through the Contact Us page.',
    },
  },
  withdrawal: {
    approved: { text: 'The money will be paid out to the account you gave.' },
    denied: {
      text: 'The admin gave no reason; the money stays in your fund. You can ask us through the Contact Us page.',
    },
  },
  spendingReport: {
    approved: { text: 'Your report is now public under "Where the money went" on your fund page.' },
    denied: { text: 'You can post a new report from My Raised Fund.' },
  },
  payoutAccount: {
    approved: { text: 'Once its hold ends, choose it when you request a withdrawal.' },
    denied: {
      text: 'The admin gave no reason. You can add another payout account, or ask us through the Contact Us page.',
    },
  },
};

/** How a payout account is named in a mail or SMS: its kind and its last digits. */
export function accountLabel(
  lang: Language,
  kind: string,
  number: string,
): { kind: string; number: string } {
  return {
    kind:
      kind === 'bank'
        ? translate(lang, 'bank')
        : translate(lang, kind === 'bkash' ? 'bKash' : 'Nagad'),
    number: maskAccountNumber(number).replace(/•/g, ''),
  };
}

/** Where the person sees the decided item: the fund's page once it is open, else the dashboard's page. */
function itemPath(kind: DecisionKind, approved: boolean, fundId: string | null): string {
  if (kind === 'application') return PAGES.verification.path;
  if (kind === 'withdrawal') return PAGES.withdraw.path;
  if (kind === 'payoutAccount') return PAGES.payoutAccounts.path;
  if (kind === 'spendingReport' && !approved) return PAGES.raisedFund.path;
  return approved && fundId
    ? PAGES.fundDetails.path.replace(':id', encodeURIComponent(fundId))
    : PAGES.raisedFund.path;
}

/** The mail telling a person of an admin's decision, in their language, with the feedback
 *  (or what it means when there is none) and a link to the item. */
export function decisionMail(
  lang: Language,
  kind: DecisionKind,
  r: {
    email: string;
    name: string;
    status: string;
    feedback: string | null;
    fund: string | null;
    fundId?: string | null;
    amountPoisha: number | null;
    /** A payout account's kind and number (its decision's mail names it by its last digits). */
    account?: { kind: string; number: string } | null;
  },
  publicUrl?: string,
): Mail {
  const approved = r.status === 'approved';
  const fund = r.fund ?? '';
  const amount = r.amountPoisha === null ? '' : formatTk(r.amountPoisha, lang);
  const account = r.account ? accountLabel(lang, r.account.kind, r.account.number) : null;
  const subject = {
    application: approved
      ? translate(lang, 'Your fund raiser application was approved')
      : translate(lang, 'Your fund raiser application was denied'),
    fund: approved
      ? translate(lang, 'Your fund request "{{fund}}" was approved', { fund })
      : translate(lang, 'Your fund request "{{fund}}" was denied', { fund }),
    change: approved
      ? translate(lang, 'The changes to "{{fund}}" were approved', { fund })
      : translate(lang, 'The changes to "{{fund}}" were denied', { fund }),
    withdrawal: approved
      ? translate(lang, 'Your withdrawal of {{amount}} from "{{fund}}" was approved', {
          amount,
          fund,
        })
      : translate(lang, 'Your withdrawal of {{amount}} from "{{fund}}" was denied', {
          amount,
          fund,
        }),
    spendingReport: approved
      ? translate(
          lang,
          'Your spending report for the payout of {{amount}} from "{{fund}}" was approved',
          {
            amount,
            fund,
          },
        )
      : translate(
          lang,
          'Your spending report for the payout of {{amount}} from "{{fund}}" was denied',
          {
            amount,
            fund,
          },
        ),
    payoutAccount: approved
      ? translate(lang, 'Your {{kind}} payout account ending {{number}} was approved', {
          ...account,
        })
      : translate(lang, 'Your {{kind}} payout account ending {{number}} was denied', {
          ...account,
        }),
  }[kind];
  const lines = [translate(lang, 'Hello {{name}},', { name: r.name }), '', `${subject}.`];
  const feedback = r.feedback?.trim();
  if (feedback) lines.push('', translate(lang, 'Feedback from the admin:'), feedback);
  else lines.push('', translate(lang, NO_FEEDBACK[kind][approved ? 'approved' : 'denied'].text));
  if (publicUrl) {
    lines.push(
      '',
      translate(lang, 'See it on Easy Fund:'),
      `${publicUrl}${itemPath(kind, approved, r.fundId ?? null)}`,
    );
  }
  lines.push('', SITE_NAME);
  return { to: r.email, subject, text: lines.join('\n') };
}

/** Queues the mail of a decision just recorded (once per decided item); `id` as the route has it. */
export async function notifyDecision(
  db: Db,
  queue: MailQueue,
  kind: DecisionKind,
  id: string,
): Promise<void> {
  const r = await recipientOf(db, kind, id);
  if (!r || (r.status !== 'approved' && r.status !== 'denied')) return;
  const mail = decisionMail(
    languageOf(r.language),
    kind,
    {
      email: String(r.email),
      name: String(r.name),
      status: String(r.status),
      feedback: r.feedback === null ? null : String(r.feedback),
      fund: r.fund === null ? null : String(r.fund),
      fundId: r.fund_id === null ? null : String(r.fund_id),
      amountPoisha: r.amount === null ? null : Number(r.amount),
      account:
        kind === 'payoutAccount'
          ? { kind: String(r.account_kind), number: String(r.account_number) }
          : null,
    },
    queue.publicUrl,
  );
  await queue.enqueueMail(`decision:${kind}:${String(r.key_id)}`, mail);
  // A spending report's decision is mailed only; the others may go by SMS too.
  if (kind !== 'spendingReport') await queue.enqueueDecisionSms?.(kind, id, String(r.status));
}

/** Waiting counts, as the admin overview has them. */
export interface WaitingCounts {
  applications: number;
  fundRequests: number;
  fundChanges: number;
  withdrawals: number;
  openReports: number;
  needsReview: number;
  spendingReports: number;
}

/** The daily digest to one admin: each queue that has something, with its count. */
export function digestMail(
  lang: Language,
  admin: { email: string; name: string },
  waiting: WaitingCounts,
  overviewUrl: string,
): Mail {
  const lines: [string, number][] = [
    [translate(lang, 'Fund raiser applications'), waiting.applications],
    [translate(lang, 'Fund requests'), waiting.fundRequests],
    [translate(lang, 'Fund changes'), waiting.fundChanges],
    [translate(lang, 'Withdrawal requests'), waiting.withdrawals],
    [translate(lang, 'Reported funds'), waiting.openReports],
    [translate(lang, 'Payments held for review'), waiting.needsReview],
    [translate(lang, 'Spending reports'), waiting.spendingReports],
  ];
  const total = lines.reduce((s, [, n]) => s + n, 0);
  const subject = translate(lang, 'Waiting for a decision: {{n}}', {
    n: formatNumber(total, lang),
  });
  const text = [
    translate(lang, 'Hello {{name}},', { name: admin.name }),
    '',
    ...lines.filter(([, n]) => n > 0).map(([label, n]) => `- ${label}: ${formatNumber(n, lang)}`),
    '',
    overviewUrl,
    '',
    SITE_NAME,
  ].join('\n');
  return { to: admin.email, subject, text };
}

/**
 * Sends the day's digest to every admin (one mail per admin per Asia/Dhaka day, the
 * key says which) when anything waits; nothing when nothing waits. Returns how many
 * mails were queued.
 */
export async function sendAdminDigest(
  db: Db,
  queue: MailQueue,
  waiting: WaitingCounts,
  opts: { day: string; overviewUrl: string },
): Promise<number> {
  if (Object.values(waiting).every((n) => n === 0)) return 0;
  const admins = rowsOf(
    await db.execute(sql`select id, email, name, language from "user"
      where role = 'admin' order by id`),
  );
  for (const a of admins) {
    const mail = digestMail(
      languageOf(a.language),
      { email: String(a.email), name: String(a.name) },
      waiting,
      opts.overviewUrl,
    );
    await queue.enqueueMail(`digest:${opts.day}:${String(a.id)}`, mail);
  }
  return admins.length;
}

/**
 * Tells the donor that (part of) their donation was refunded, with the reason and its
 * credit note; once per refund row.
 */
export async function notifyRefund(db: Db, queue: MailQueue, refundId: string): Promise<void> {
  const [r] = rowsOf(
    await db.execute(sql`select x.kind, x.amount_poisha, x.reason, x.credit_note_number,
        f.name as fund, u.email, u.name, u.language
      from refunds x join payments p on p.id = x.payment_id join funds f on f.id = p.fund_id
        join "user" u on u.id = p.user_id
      where x.id = ${refundId}`),
  );
  if (!r || r.kind !== 'refund') return;
  if (r.credit_note_number && queue.enqueueCreditNote) {
    await queue.enqueueCreditNote(refundId);
    return;
  }
  const lang = languageOf(r.language);
  const values = { amount: formatTk(Number(r.amount_poisha), lang), fund: String(r.fund) };
  const subject = translate(lang, '{{amount}} of your donation to "{{fund}}" was refunded', values);
  const text = [
    translate(lang, 'Hello {{name}},', { name: String(r.name) }),
    '',
    `${subject}.`,
    ...(r.reason ? [translate(lang, 'Reason: {{reason}}', { reason: String(r.reason) })] : []),
    translate(lang, 'The money goes back to the card or account you paid with.'),
    '',
    SITE_NAME,
  ].join('\n');
  await queue.enqueueMail(`refund:${refundId}`, { to: String(r.email), subject, text });
}

/** Tells the donor that their payment is held for an admin's review; once per payment. */
export async function notifyHeld(db: Db, queue: MailQueue, paymentId: string): Promise<void> {
  const [r] = rowsOf(
    await db.execute(sql`select p.amount_poisha, f.name as fund, u.email, u.name, u.language
      from payments p join funds f on f.id = p.fund_id join "user" u on u.id = p.user_id
      where p.id = ${paymentId}`),
  );
  if (!r) return;
  const lang = languageOf(r.language);
  const values = { amount: formatTk(Number(r.amount_poisha), lang), fund: String(r.fund) };
  const subject = translate(
    lang,
    'Your payment of {{amount}} to "{{fund}}" is held for review',
    values,
  );
  const text = [
    translate(lang, 'Hello {{name}},', { name: String(r.name) }),
    '',
    `${subject}.`,
    translate(
      lang,
      'The payment provider and our records differ, so an admin checks it before it counts. You need not pay again.',
    ),
    '',
    SITE_NAME,
  ].join('\n');
  await queue.enqueueMail(`held:${paymentId}`, { to: String(r.email), subject, text });
}
