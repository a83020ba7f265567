/** Texts of the contact form and the newsletter (no zod here: the footer's newsletter
 *  form ships on every page, so it must stay light). */
export const CONTACT_LIMITS = { name: 100, phone: 30, message: 5000 } as const;

export const CONTACT_MSG = {
  phone: 'Enter a valid phone number',
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message} characters`,
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters`,
  sent: 'Message sent',
  sentText: 'Thank you for writing to us. We will reply by e-mail soon.',
  subscribed: 'Thank you for subscribing!',
  tryLater: 'Please try again later.',
} as const;
