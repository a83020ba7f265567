import { and, eq, sql } from 'drizzle-orm';
import { FORMER_DONOR } from '@easyfund/shared/constants';
import { type Db, type Tx, rowsOf } from '../../db/client';
import {
  account,
  cartItems,
  closedAccounts,
  contactMessages,
  fundSubscriptions,
  funds,
  newsletterSubscriptions,
  payments,
  recurringGifts,
  session,
  smsNoticeLinks,
  twoFactor,
  uploads,
  user,
  verification,
  verificationApplications,
} from '../../db/schema';
import { Conflict, Invalid } from '../../lib/errors';
import type { PaymentProvider } from '../payments/providers/provider';
import { savesCards } from '../payments/providers/provider';
import { cancelGifts } from '../recurring/ending';
import { spendCloseCode } from './close-code';
import { secondFactorRefused } from './second-factor';
import { totalsOf, withdrawalTotals } from '../withdrawals/balance';

const CLOSE_ERRORS = {
  wrongPassword: { message: 'The password is not correct.' },
  wrongCode: { message: 'The code is not correct or has expired. Ask for a new one.' },
  wrongSecondFactor: {
    message: 'Enter a current code from your authenticator app, or one of your backup codes.',
  },
  noPassword: {
    message:
      'This account signs in without a password. Confirm with a code sent to your mobile number.',
  },
  notPaidOut: {
    message:
      'Your funds hold money not yet paid out. Withdraw it (or let an admin settle it) before closing your account.',
  },
} as const;
export const CLOSE_MESSAGES = {
  wrongPassword: CLOSE_ERRORS.wrongPassword.message,
  wrongCode: CLOSE_ERRORS.wrongCode.message,
  wrongSecondFactor: CLOSE_ERRORS.wrongSecondFactor.message,
  noPassword: CLOSE_ERRORS.noPassword.message,
  notPaidOut: CLOSE_ERRORS.notPaidOut.message,
} as const;

/** The columns of "user" a closing keeps: its id and times, and the ones set below. */
const KEPT = new Set(['id', 'created_at', 'updated_at', 'name', 'email', 'role']);

/**
 * Every other column of "user" is erased whatever it holds (found from the schema, so a
 * column added later, such as a phone number, is erased too): null where it may be,
 * false for a flag, an empty text otherwise. A generated column (the lowered name and
 * address searched, `search_text`) is computed anew from the erased ones.
 */
async function eraseUserColumns(tx: Tx, userId: string) {
  const columns = rowsOf<{ column_name: string; is_nullable: string; data_type: string }>(
    await tx.execute(sql`
      select column_name, is_nullable, data_type from information_schema.columns
      where table_schema = 'public' and table_name = 'user' and is_generated = 'NEVER'`),
  );
  const sets = columns
    .filter((c) => !KEPT.has(c.column_name))
    .map((c) => {
      const name = sql.raw(`"${c.column_name.replace(/"/g, '""')}"`);
      const value =
        c.is_nullable === 'YES'
          ? sql`null`
          : c.data_type === 'boolean'
            ? sql`false`
            : c.data_type === 'text'
              ? sql`''`
              : null;
      return value ? sql`${name} = ${value}` : null;
    })
    .filter((s) => s !== null);
  await tx.execute(
    sql`update "user" set name = ${FORMER_DONOR}, email = ${`closed-${userId}@closed.invalid`},
      role = 'user'${sets.length ? sql`, ${sql.join(sets, sql`, `)}` : sql``}
      where id = ${userId}`,
  );
}

/**
 * Money raised and not yet paid out: a raiser's funds' raised totals beyond their approved
 * withdrawals (pending requests are not paid out yet). Such an account stays open until
 * it is settled.
 */
async function notPaidOut(db: Db | Tx, userId: string): Promise<number> {
  const own = await db
    .select({ id: funds.id, raised: funds.raisedPoisha })
    .from(funds)
    .where(eq(funds.raiserId, userId));
  if (own.length === 0) return 0;
  const totals = await withdrawalTotals(
    db,
    own.map((f) => f.id),
  );
  return own.reduce(
    (sum, f) => sum + Math.max(0, f.raised - totalsOf(totals, f.id).withdrawnPoisha),
    0,
  );
}

export interface CloseDeps {
  db: Db;
  provider: PaymentProvider;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Checks a password against its stored hash (the identity layer's). */
  verifyPassword(hash: string, password: string): Promise<boolean>;
  /** Checks (and, for a backup code, spends) a code of the account's second factor. */
  verifySecondFactor(userId: string, code: string): Promise<boolean>;
}

/**
 * Closes an account, confirmed by its password (decision 251) and, with two-factor
 * sign-in on, a current code of its second factor: in one
 * transaction the monthly gifts end, the sessions, sign-in methods and two-factor keys
 * go, the person's fields are erased (the name becomes "Former donor", the address an
 * unroutable one), messages of support and sent messages go; donations, receipts,
 * refunds and ledger rows stay, pointing to the anonymised account. The saved cards are
 * then forgotten at the provider. A raiser with money not yet paid out cannot close.
 */
export async function closeAccount(
  deps: CloseDeps,
  userId: string,
  proof: {
    password?: string | undefined;
    code?: string | undefined;
    secondFactor?: string | undefined;
  },
) {
  const [credential] = await deps.db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  if (credential?.password) {
    // An account with a password confirms with it (a code would let a stolen phone close it).
    if (!proof.password || !(await deps.verifyPassword(credential.password, proof.password)))
      throw new Invalid(CLOSE_MESSAGES.wrongPassword, { password: CLOSE_MESSAGES.wrongPassword });
  } else {
    // One made from a mobile number has none: a code sent to that number instead.
    if (proof.code === undefined) throw new Conflict(CLOSE_MESSAGES.noPassword, 'no_password');
    if (!(await spendCloseCode(deps.db, userId, proof.code)))
      throw new Invalid(CLOSE_MESSAGES.wrongCode, { code: CLOSE_MESSAGES.wrongCode });
  }
  // With two-factor sign-in, the password alone is not enough (as at sign-in).
  if (await secondFactorRefused(deps, userId, proof.secondFactor)) {
    throw new Invalid(CLOSE_MESSAGES.wrongSecondFactor, {
      secondFactor: CLOSE_MESSAGES.wrongSecondFactor,
    });
  }

  const cards = await deps.db.transaction(async (tx) => {
    // The account row is held: a donation or withdrawal request of it waits for the commit.
    const [me] = await tx
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!me) throw new Conflict(CLOSE_MESSAGES.wrongPassword);
    if ((await notPaidOut(tx, userId)) > 0)
      throw new Conflict(CLOSE_MESSAGES.notPaidOut, 'not_paid_out');
    const ended = await cancelGifts(
      deps,
      eq(recurringGifts.userId, userId),
      'ended',
      'account_closed',
      tx,
    );
    await tx.insert(closedAccounts).values({ userId }).onConflictDoNothing();
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.delete(verification).where(eq(verification.identifier, me.email));
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    await tx.delete(fundSubscriptions).where(eq(fundSubscriptions.userId, userId));
    await tx.delete(smsNoticeLinks).where(eq(smsNoticeLinks.userId, userId));
    await tx
      .delete(contactMessages)
      .where(sql`lower(${contactMessages.email}) = lower(${me.email})`);
    await tx
      .delete(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = lower(${me.email})`);
    // Money records stay, without what the person wrote or where they paid from.
    await tx
      .update(payments)
      .set({ supportMessage: null, clientNetwork: null })
      .where(eq(payments.userId, userId));
    await tx
      .update(verificationApplications)
      .set({ name: FORMER_DONOR, idCardNumber: '', phoneNumber: '', image: '' })
      .where(eq(verificationApplications.userId, userId));
    // Their uploads belong to no one now: unused ones go with the hourly clean-up.
    await tx.update(uploads).set({ ownerId: null }).where(eq(uploads.ownerId, userId));
    await eraseUserColumns(tx, userId);
    return ended.map((g) => g.paymentMethodId).filter((id): id is string => Boolean(id));
  });
  if (savesCards(deps.provider)) {
    for (const id of cards) {
      await deps.provider.detachPaymentMethod(id).catch((err: unknown) => {
        deps.log.warn({ err }, 'a saved card could not be detached at the provider');
      });
    }
  }
  return { closed: true as const };
}
