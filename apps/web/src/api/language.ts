import { language } from '@easyfund/shared/api/language';
import type { Language } from '@easyfund/shared/i18n/languages';
import { call } from './client';

/** The language a signed-in person chose on another device, or null. */
export const fetchMyLanguage = () => call(language.mine);

/** Remembers the language with the signed-in person's profile. */
export const saveMyLanguage = (lang: Language) =>
  call(language.choose, { body: { language: lang } });
