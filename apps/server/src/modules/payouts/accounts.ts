import { and, desc, eq, sql } from 'drizzle-orm';
import type { PayoutMethod } from '@easyfund/shared/constants';
import { formatNumber } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import {
  maskAccountNumber,
  type PayoutAccountStatus,
  type TPayoutAccount,
  type TPayoutAccountRequest,
  type WalletType,
} from '@easyfund/shared/schemas/payouts';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { Db, Tx } from '../../db/client';
import { account, payoutAccountEvents, payoutAccounts } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { accountLabel } from '../notifications/service';
import { spendCloseCode } from '../privacy/close-code';
import { secondFactorRefused } from '../privacy/second-factor';
import { PAGES } from '@easyfund/shared/pages';

export type Row = typeof payoutAccounts.$inferSelect;

export const ACCOUNT_MESSAGES = {
  wrongPassword: { message: 'The password is not correct.' },
  password: { message: 'Enter your password to confirm' },
  code: { message: 'Enter the code we sent to your mobile number' },
  wrongCode: { message: 'The code is not correct or has expired. Ask for a new one.' },
  secondFactor: {
    message: 'Enter a current code from your authenticator app, or one of your backup codes.',
  },
  own: { message: 'This is your own payout account: another admin must decide on it' },
  choose: { message: 'Choose one of your approved payout accounts' },
  notApproved: { message: 'This payout account is not approved' },
  removed: { message: 'This payout account has already been removed' },
  wrongMethod: { message: 'The payout goes to a {{kind}} account: record it with that method' },
} as const;

export function toAccount(row: Row, now = new Date()): TPayoutAccount {
  return {
    id: row.id,
    kind: row.kind as PayoutMethod,
    walletType: (row.walletType as WalletType | null) ?? null,
    bankName: row.bankName,
    branch: row.branch,
    routingNumber: row.routingNumber,
    accountName: row.accountName,
    maskedNumber: maskAccountNumber(row.number),
    status: row.status as PayoutAccountStatus,
    feedback: row.feedback,
    heldUntil: row.heldUntil.toISOString(),
    usable: row.status === 'approved' && row.heldUntil <= now,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** What the audit trail keeps of an account: never its full number. */
function described(row: Row) {
  return {
    kind: row.kind,
    walletType: row.walletType,
    bankName: row.bankName,
    accountName: row.accountName,
    maskedNumber: maskAccountNumber(row.number),
  };
}

export async function recordAccountEvent(
  tx: Db | Tx,
  accountId: string,
  actorId: string,
  action: string,
  detail: Record<string, unknown> | null,
) {
  await tx.insert(payoutAccountEvents).values({ accountId, actorId, action, detail });
}

/** The hold an account was given, in hours (the setting when it was added). */
function holdOf(row: { heldUntil: Date; createdAt: Date }): number {
  return Math.max(
    0,
    Math.round((row.heldUntil.getTime() - row.createdAt.getTime()) / 36_000) / 100,
  );
}

/**
 * The raiser's own payout accounts, newest first, removed ones last, with how long payouts
 * to a new account wait (the site's setting).
 */
export async function listMyAccounts(db: Db, actor: Pick<TMe, 'id'>, holdHours: number) {
  const rows = await db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, actor.id))
    .orderBy(
      sql`${payoutAccounts.status} = 'removed'`,
      desc(payoutAccounts.createdAt),
      desc(payoutAccounts.id),
    );
  const now = new Date();
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, actor.id), eq(account.providerId, 'credential')));
  return {
    items: rows.map((r) => toAccount(r, now)),
    holdHours,
    confirmBy: credential?.password ? ('password' as const) : ('code' as const),
  };
}

export interface AddAccountDeps {
  db: Db;
  /** Checks a password against its stored hash (the identity layer's). */
  verifyPassword(hash: string, password: string): Promise<boolean>;
  /** Checks (and, for a backup code, spends) a code of the account's second factor. */
  verifySecondFactor(userId: string, code: string): Promise<boolean>;
  holdHours: number;
}

const refuse = (field: string, message: string): never => {
  throw new Invalid(message, { [field]: message });
};

/**
 * The owner proves it is them again (a stolen session cannot send the money elsewhere):
 * the password, or for an account without one (made from a mobile number) the code just
 * sent by SMS to its verified number; with two-factor sign-in on, a current code of the
 * second factor as well, as at sign-in. Each refusal names its field.
 */
async function confirmOwner(
  deps: AddAccountDeps,
  userId: string,
  proof: Pick<TPayoutAccountRequest, 'password' | 'code' | 'secondFactor'>,
) {
  const [credential] = await deps.db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  if (credential?.password) {
    if (!proof.password) refuse('password', ACCOUNT_MESSAGES.password.message);
    if (!(await deps.verifyPassword(credential.password, proof.password!)))
      refuse('password', ACCOUNT_MESSAGES.wrongPassword.message);
  } else {
    if (proof.code === undefined) refuse('code', ACCOUNT_MESSAGES.code.message);
    if (!(await spendCloseCode(deps.db, userId, proof.code!, 'payout-account')))
      refuse('code', ACCOUNT_MESSAGES.wrongCode.message);
  }
  if (await secondFactorRefused(deps, userId, proof.secondFactor))
    refuse('secondFactor', ACCOUNT_MESSAGES.secondFactor.message);
}

/**
 * Adds a payout account, confirmed again by its owner (`confirmOwner`): it waits for an
 * admin, and payouts to it wait `holdHours` after it was added. Into its audit trail with
 * the number masked.
 */
export async function addAccount(
  deps: AddAccountDeps,
  actor: Pick<TMe, 'id'>,
  input: TPayoutAccountRequest,
): Promise<TPayoutAccount> {
  await confirmOwner(deps, actor.id, input);
  const heldUntil = new Date(Date.now() + deps.holdHours * 3_600_000);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payoutAccounts)
      .values(
        input.kind === 'bank'
          ? {
              userId: actor.id,
              kind: 'bank',
              bankName: input.bankName,
              branch: input.branch,
              routingNumber: input.routingNumber,
              accountName: input.accountName,
              number: input.accountNumber,
              heldUntil,
            }
          : {
              userId: actor.id,
              kind: input.kind,
              walletType: input.walletType,
              accountName: input.accountName,
              number: input.number,
              heldUntil,
            },
      )
      .returning();
    await recordAccountEvent(tx, row!.id, actor.id, 'added', described(row!));
    return toAccount(row!);
  });
}

/** The owner removes an account: no payout goes to it any more (a withdrawal naming it is re-checked). */
export async function removeAccount(
  db: Db,
  actor: Pick<TMe, 'id'>,
  id: string,
): Promise<TPayoutAccount> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.id, id), eq(payoutAccounts.userId, actor.id)))
      .for('update');
    if (!row) throw new NotFound('Payout account');
    if (row.status === 'removed')
      throw new Conflict(ACCOUNT_MESSAGES.removed.message, 'already_removed');
    const [updated] = await tx
      .update(payoutAccounts)
      .set({ status: 'removed', removedAt: new Date() })
      .where(eq(payoutAccounts.id, id))
      .returning();
    await recordAccountEvent(tx, id, actor.id, 'removed', { status: row.status });
    return toAccount(updated!);
  });
}

/**
 * The account a withdrawal names, read with its row shared-locked (its removal waits):
 * the raiser's own, approved, past its hold. `asField` refuses with a field message (the
 * raiser's request), otherwise 409 `account_not_usable` (an admin's approval or payout).
 */
export async function usableAccount(
  tx: Tx,
  accountId: string,
  raiserId: string,
  lang: Language,
  asField: boolean,
): Promise<Row> {
  const [row] = await tx
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.id, accountId), eq(payoutAccounts.userId, raiserId)))
    .for('share');
  const refuse = (message: string): never => {
    if (asField) throw new Invalid(message, { payoutAccountId: message });
    throw new Conflict(message, 'account_not_usable');
  };
  if (!row) return refuse(translate(lang, ACCOUNT_MESSAGES.choose.message));
  if (row.status === 'removed') return refuse(translate(lang, ACCOUNT_MESSAGES.removed.message));
  if (row.status !== 'approved')
    return refuse(translate(lang, ACCOUNT_MESSAGES.notApproved.message));
  if (row.heldUntil > new Date())
    return refuse(
      translate(
        lang,
        'Payouts to this account wait until {{time}} ({{n}} hours after it was added)',
        {
          count: holdOf(row),
          n: formatNumber(holdOf(row), lang),
          time: row.heldUntil.toLocaleString(lang === 'bn' ? 'bn-BD' : 'en-GB', {
            timeZone: 'Asia/Dhaka',
            dateStyle: 'medium',
            timeStyle: 'short',
          }),
        },
      ),
    );
  return row;
}

/** The mail telling the owner an account was added (their money may go there). */
export function accountAddedMail(
  lang: Language,
  to: { email: string; name: string },
  row: TPayoutAccount,
  holdHours: number,
  publicUrl?: string,
) {
  const subject = translate(lang, 'A payout account was added to your Easy Fund account');
  const lines = [
    translate(lang, 'Hello {{name}},', { name: to.name }),
    '',
    translate(
      lang,
      'A {{kind}} payout account ending {{number}} in the name of {{holder}} was added. An admin checks it, and no payout goes to it for {{n}} hours.',
      {
        count: holdHours,
        kind: accountLabel(lang, row.kind, '000').kind,
        number: row.maskedNumber.replace(/•/g, ''),
        holder: row.accountName,
        n: formatNumber(holdHours, lang),
      },
    ),
    '',
    translate(
      lang,
      'If you did not add it, change your password at once and write to us through the Contact Us page.',
    ),
  ];
  if (publicUrl) lines.push('', `${publicUrl}${PAGES.payoutAccounts.path}`);
  lines.push('', 'Easy Fund');
  return { to: to.email, subject, text: lines.join('\n') };
}
