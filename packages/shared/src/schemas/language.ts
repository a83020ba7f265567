import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';

/** The language a signed-in person chose, or null. */
export const ZLanguageChoice = z.object({ language: z.enum(LANGUAGES).nullable() });
export type TLanguageChoice = z.infer<typeof ZLanguageChoice>;

export const ZChooseLanguageRequest = z.object({
  language: z.enum(LANGUAGES, { error: 'Choose English or বাংলা' }),
});
