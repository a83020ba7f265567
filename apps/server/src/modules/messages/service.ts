import { count, desc } from 'drizzle-orm';
import type {
  TContactMessageList,
  TNewsletterSubscriptionList,
} from '@easyfund/shared/schemas/messages';
import type { Db } from '../../db/client';
import { contactMessages, newsletterSubscriptions } from '../../db/schema';
import { type PageRequest, paginate } from '../../lib/lists';

/** Subscribes an e-mail once (stored lower-cased). `subscribed: false` when it already was. */
export async function subscribeToNewsletter(
  db: Db,
  input: { email: string },
): Promise<{ subscribed: boolean }> {
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ email: input.email.trim().toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  return { subscribed: inserted.length > 0 };
}

/** Stores a message sent through the contact form. */
export async function createContactMessage(
  db: Db,
  input: { name: string; email: string; phone?: string | undefined; message: string },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone ?? null,
      message: input.message,
    })
    .returning({ id: contactMessages.id });
  return { id: row!.id };
}

/** Contact messages, newest first (admins). */
export async function listContactMessages(db: Db, page: PageRequest): Promise<TContactMessageList> {
  return paginate(
    page,
    ({ limit, offset }) =>
      db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(contactMessages),
    (r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
    }),
  );
}

/** Newsletter subscriptions, newest first (admins). */
export async function listNewsletterSubscriptions(
  db: Db,
  page: PageRequest,
): Promise<TNewsletterSubscriptionList> {
  return paginate(
    page,
    ({ limit, offset }) =>
      db
        .select()
        .from(newsletterSubscriptions)
        .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(newsletterSubscriptions),
    (r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString() }),
  );
}
