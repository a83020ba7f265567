import { user } from '../../db/schema';

/**
 * How a person is reached: their address (an account made from a mobile number has none that
 * is real), their number and whether they verified it, and their language.
 */
export const contactColumns = {
  email: user.email,
  phoneNumber: user.phoneNumber,
  phoneNumberVerified: user.phoneNumberVerified,
  language: user.language,
};

/** A person's number once they verified it (an SMS goes there; an admin sees it): else none. */
export function verifiedNumber(contact: {
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
}): string | null {
  return contact.phoneNumberVerified ? contact.phoneNumber : null;
}
