import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Language } from '@easyfund/shared/i18n/languages';
import { PAGES } from '@easyfund/shared/pages';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { account, session, twoFactor, user, verification } from '../../db/schema';
import { isDemoEmail } from '../../seed/demo-presence';
import { translate } from '../../lib/i18n';
import { type Jobs, QUEUES } from '../../lib/job-queue';
import { MAIL } from '../notifications/mails';
import { jobIdFor } from '../notifications/sent-mails';

/** How long the mailed "choose a new password" link works (as a reset link). */
const RESET_LINK_SECONDS = 60 * 60;

export interface ConfiguredAdminDeps {
  config: Pick<Config, 'ADMIN_EMAILS' | 'publicUrl'>;
  db: Db;
  /** The job queue (asked for only when someone is promoted): the mail is one of its jobs. */
  jobs: () => Jobs;
}

interface Person {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/**
 * Admin rights from `ADMIN_EMAILS` (docs/decisions/006-verified-addresses-and-admin-rights.md).
 *
 * A listed address becomes admin once it is proved (the e-mailed link, or a sign-in
 * provider that verified it). Whoever signed up first with that address may not be its
 * owner, and knows the account's password: so the promotion, in one transaction, also
 * ends every session of the account, makes its password unusable and turns off its
 * two-factor sign-in. The owner then gets a link (to the proved address) to choose a new
 * password; nobody else can sign in to the account until then.
 */
export function configuredAdmins({ config, db, jobs }: ConfiguredAdminDeps) {
  // A demo address is never made admin: the README publishes its password, and nobody can
  // own an address of the reserved `.test` domain to prove it (decision 449).
  const listed = new Set(config.ADMIN_EMAILS.filter((email) => !isDemoEmail(email)));

  /** Promotes and secures the account; answers whether it was promoted now. */
  async function secure(u: Person, lang: Language): Promise<boolean> {
    if (!u.emailVerified || !listed.has(u.email.toLowerCase())) return false;
    return db.transaction(async (tx) => {
      const promoted = await tx
        .update(user)
        .set({ role: 'admin', twoFactorEnabled: false })
        .where(and(eq(user.id, u.id), eq(user.emailVerified, true), ne(user.role, 'admin')))
        .returning({ id: user.id });
      if (promoted.length === 0) return false;
      // The password first: its row stays locked until the commit, so a sign-in that
      // checked the old password either sees it gone (passwordStands) or stored its
      // session before the sessions are deleted here.
      await tx
        .update(account)
        .set({ password: null })
        .where(and(eq(account.userId, u.id), eq(account.providerId, 'credential')));
      await tx.delete(session).where(eq(session.userId, u.id));
      await tx.delete(twoFactor).where(eq(twoFactor.userId, u.id));
      await queuePasswordLink(tx, u, lang);
      return true;
    });
  }

  /**
   * Queues the mail with the owner's link to choose a new password (the identity layer's
   * reset link), in the promotion's transaction: the promotion never commits without it,
   * and a mail server that is down delays the mail (the queue retries) instead of failing
   * the promotion's request or the start-up.
   */
  async function queuePasswordLink(tx: Tx, u: Person, lang: Language): Promise<void> {
    const token = randomBytes(18).toString('base64url');
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: `reset-password:${token}`,
      value: u.id,
      expiresAt: new Date(Date.now() + RESET_LINK_SECONDS * 1000),
    });
    const page = `${config.publicUrl}${PAGES.resetPassword.path}`;
    const link = `${config.publicUrl}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(page)}`;
    const key = `admin-password:${u.id}:${randomUUID()}`;
    const mail = {
      to: u.email,
      subject: translate(lang, MAIL.adminPassword.subject),
      text: translate(lang, MAIL.adminPassword.text, {
        name: u.name,
        link,
        forgot: `${config.publicUrl}${PAGES.forgotPassword.path}`,
      }),
    };
    await jobs().send(QUEUES.mail, { key, mail }, { id: jobIdFor(key), tx });
  }

  return {
    /**
     * Called after a password sign-in stored its session: ends that session and answers
     * false when the account's password was taken away meanwhile (a takeover that
     * committed between the identity layer's password check and its new session). The
     * read waits for a takeover in progress (its row lock), so none slips between.
     */
    async passwordStands(userId: string, sessionId: string): Promise<boolean> {
      const [row] = await db
        .select({ password: account.password })
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
        .for('share');
      if (row?.password) return true;
      await db.delete(session).where(eq(session.id, sessionId));
      return false;
    },

    /**
     * Makes a verified listed account an admin, securely (a no-op for any other account
     * and for one that is admin already). Answers whether it was promoted now.
     */
    async promote(u: Person, lang: Language): Promise<boolean> {
      return secure(u, lang);
    },

    /** At start-up: every verified listed account that is not admin yet. */
    async promoteAll(lang: Language = 'en'): Promise<number> {
      if (listed.size === 0) return 0;
      const rows = await db
        .select({
          id: user.id,
          email: user.email,
          name: user.name,
          emailVerified: user.emailVerified,
        })
        .from(user)
        .where(
          and(
            inArray(user.email, [...listed]),
            eq(user.emailVerified, true),
            ne(user.role, 'admin'),
          ),
        );
      let n = 0;
      for (const u of rows) if (await this.promote(u, lang)) n++;
      return n;
    },
  };
}

export type ConfiguredAdmins = ReturnType<typeof configuredAdmins>;
