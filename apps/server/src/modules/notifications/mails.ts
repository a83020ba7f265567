import { and, eq, isNull } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  LANGUAGE_COOKIE,
  negotiateLanguage,
  readCookie,
} from '@easyfund/shared/i18n/languages';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';

/**
 * The e-mails the server sends while answering a request, keyed by their English text
 * (translated with translate(); `{{name}}`, `{{link}}`… are filled in).
 */
export const MAIL = {
  existing: {
    subject: 'You already have an Easy Fund account',
    text: 'Hello {{name}},\n\nSomeone (perhaps you) tried to register a new Easy Fund account with this e-mail address, but you already have one.\nSign in at {{login}}, or choose a new password at {{forgot}} if you forgot it.\n\nIf it was not you, you can ignore this e-mail: nothing has changed.\n',
  },
  reset: {
    subject: 'Reset your Easy Fund password',
    text: 'Hello {{name}},\n\nSomeone asked to reset the password of your Easy Fund account.\nOpen this link within one hour to choose a new password:\n\n{{link}}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n',
  },
  adminPassword: {
    subject: 'Choose a new password for your Easy Fund admin account',
    text: 'Hello {{name}},\n\nYour e-mail address is verified, and as it is listed as an admin address your account now has admin rights.\nTo make sure only you hold them, every session of the account was signed out and its old password no longer works (as is two-factor sign-in, if it was on).\nOpen this link within one hour to choose a new password:\n\n{{link}}\n\nIf the link has expired, ask for a new one at {{forgot}}.\n',
  },
  verify: {
    subject: 'Verify your Easy Fund e-mail address',
    text: 'Hello {{name}},\n\nPlease confirm that this is your e-mail address by opening this link within three days:\n\n{{link}}\n\nYou can donate without it; applying to be a fund raiser, withdrawing money and admin rights need a verified address.\nIf you did not create an Easy Fund account, ignore this e-mail.\n',
  },
} as const;

/** The language of the request an e-mail answers (its `lang` cookie, else Accept-Language). */
export function requestLanguage(request: Request | undefined): Language {
  return negotiateLanguage(
    readCookie(request?.headers.get('cookie') ?? undefined, LANGUAGE_COOKIE),
    request?.headers.get('accept-language') ?? undefined,
  );
}

/** A stored language, or English for an account that has none (made before languages). */
export const asLanguage = (value: unknown): Language =>
  isLanguage(value) ? value : DEFAULT_LANGUAGE;

/**
 * The language a person reads: the one of their account (set at sign-up from the page,
 * changed with the switch or in the profile). Every mail, PDF and SMS to a person is
 * written in it; an unknown person gets English.
 */
export async function languageOf(db: Db, userId: string): Promise<Language> {
  const [row] = await db
    .select({ language: user.language })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return asLanguage(row?.language);
}

/** Gives a new account the language of the page it was made on (never over a choice). */
export async function setLanguageAtSignUp(db: Db, userId: string, lang: Language): Promise<void> {
  await db
    .update(user)
    .set({ language: lang })
    .where(and(eq(user.id, userId), isNull(user.language)));
}
