import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { endpoint } from './contract';

export const ZLanguageChoice = z.object({ language: z.enum(LANGUAGES).nullable() });
export type TLanguageChoice = z.infer<typeof ZLanguageChoice>;

/** The language a signed-in person chose, kept with their profile. */
export const language = {
  mine: endpoint({
    method: 'GET',
    path: '/api/me/language',
    access: 'signedIn',
    operationId: 'getMyLanguage',
    tags: ['language'],
    summary: 'The language the signed-in person chose, or null',
    response: ZLanguageChoice,
  }),
  choose: endpoint({
    method: 'PUT',
    path: '/api/me/language',
    access: 'signedIn',
    operationId: 'chooseMyLanguage',
    tags: ['language'],
    summary: 'Remember the language of the signed-in person',
    body: z.object({ language: z.enum(LANGUAGES, { error: 'Choose English or বাংলা' }) }),
    response: ZLanguageChoice,
  }),
} as const;
