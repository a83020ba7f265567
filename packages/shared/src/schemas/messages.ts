import { z } from 'zod';
import { asciiDigits } from '../digits';
import { CONTACT_LIMITS, CONTACT_MSG, MSG } from '../texts';
import { ZEmail } from './session';
import { nameText, paged } from './fields';

/** Digits with an optional leading +, spaces, dashes or brackets; 6 to 15 digits. */
export const PHONE_PATTERN = /^\+?[\d\s()-]{6,30}$/;

/** POST /api/newsletter */
export const ZNewsletterRequest = z.object({ email: ZEmail });

/** Always `{ subscribed: true }`: the answer does not tell whether the address was on the list. */
export const ZNewsletterResponse = z.object({ subscribed: z.literal(true) });
export type TNewsletterResponse = z.infer<typeof ZNewsletterResponse>;

/** POST /api/contact (and the contact form). */
export const ZContactRequest = z.object({
  name: nameText(CONTACT_LIMITS.name, {
    required: MSG.nameRequired,
    tooLong: CONTACT_MSG.nameTooLong,
  }),
  email: ZEmail,
  phone: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : asciiDigits(v)) : v),
    z
      .string({ error: CONTACT_MSG.phone })
      .trim()
      .max(CONTACT_LIMITS.phone, CONTACT_MSG.phone)
      .regex(PHONE_PATTERN, CONTACT_MSG.phone)
      .refine((v) => {
        const digits = v.replace(/\D/g, '').length;
        return digits >= 6 && digits <= 15;
      }, CONTACT_MSG.phone)
      .optional(),
  ),
  message: z
    .string({ error: MSG.fieldRequired })
    .trim()
    .min(1, MSG.fieldRequired)
    .max(CONTACT_LIMITS.message, CONTACT_MSG.messageTooLong),
});
export type TContactRequest = z.input<typeof ZContactRequest>;

export const ZContactCreated = z.object({ id: z.string() });

export const ZContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

export const ZContactMessageList = paged(ZContactMessage);
export type TContactMessageList = z.infer<typeof ZContactMessageList>;

export const ZNewsletterSubscription = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type TNewsletterSubscription = z.infer<typeof ZNewsletterSubscription>;

export const ZNewsletterSubscriptionList = paged(ZNewsletterSubscription);
export type TNewsletterSubscriptionList = z.infer<typeof ZNewsletterSubscriptionList>;
