import { ZChooseLanguageRequest, ZLanguageChoice } from '../schemas/language';
import { endpoint } from './contract';

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
    body: ZChooseLanguageRequest,
    response: ZLanguageChoice,
  }),
} as const;
