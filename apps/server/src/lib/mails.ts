import {
  type Language,
  LANGUAGE_COOKIE,
  negotiateLanguage,
  readCookie,
} from '@easyfund/shared/i18n/languages';

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
