import { eq } from 'drizzle-orm';
import { isLanguage, type Language } from '@easyfund/shared/i18n/languages';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';

export async function getLanguage(db: Db, me: TMe) {
  const [row] = await db.select({ language: user.language }).from(user).where(eq(user.id, me.id));
  return { language: isLanguage(row?.language) ? row.language : null };
}

export async function chooseLanguage(db: Db, me: TMe, language: Language) {
  await db.update(user).set({ language }).where(eq(user.id, me.id));
  return { language };
}
