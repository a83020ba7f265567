import { z } from 'zod';
import { normaliseDigits } from './digits';

/**
 * Bangladeshi mobile numbers. A number is typed as `01XXXXXXXXX` (11 digits) or with the
 * country code (`+8801XXXXXXXXX`, `8801…`, `008801…`), with spaces or dashes between
 * digits; it is stored as E.164 (`+8801XXXXXXXXX`). The third digit names the operator:
 * 013 and 017 Grameenphone, 014 and 019 Banglalink, 015 Teletalk, 016 and 018 Robi/Airtel.
 */
export const MOBILE_OPERATORS: Record<string, string> = {
  '3': 'Grameenphone',
  '4': 'Banglalink',
  '5': 'Teletalk',
  '6': 'Airtel',
  '7': 'Grameenphone',
  '8': 'Robi',
  '9': 'Banglalink',
};

export const PHONE_MESSAGES = {
  invalid: 'Enter a Bangladeshi mobile number like 01712345678',
  operator: 'This is not a Bangladeshi mobile operator’s number (013–019)',
  code: 'Enter the 6-digit code from the SMS',
} as const;

/** The E.164 form of a Bangladeshi mobile number, or null when it is not one. */
export function toE164(input: string): string | null {
  const digits = input.trim().replace(/[\s\-().]/g, '');
  const m = /^(?:\+?88|0088)?(01\d{9})$/.exec(digits);
  if (!m) return null;
  const local = m[1]!;
  if (!MOBILE_OPERATORS[local[2]!]) return null;
  return `+88${local}`;
}

/** Whether a string is already a stored number (`+8801XXXXXXXXX`, a known operator). */
export const isE164Bd = (value: string) => /^\+8801[3-9]\d{8}$/.test(value);

/**
 * A number shown to anyone but its owner and admins: the operator's prefix and the last
 * two digits (`017•••••• 78`), enough to tell one's own numbers apart.
 */
export function maskPhone(e164: string): string {
  const local = e164.replace(/^\+88/, '');
  return `${local.slice(0, 3)}••••••${local.slice(-2)}`;
}

/** The number as a person in Bangladesh writes it (`01712-345678`). */
export function localPhone(e164: string): string {
  const local = e164.replace(/^\+88/, '');
  return `${local.slice(0, 5)}-${local.slice(5)}`;
}

/** A number as typed: any accepted spelling, turned into E.164 by the schema. */
export const ZPhoneNumber = z
  .string({ error: PHONE_MESSAGES.invalid })
  .max(40, { error: PHONE_MESSAGES.invalid })
  .superRefine((value, ctx) => {
    const digits = value.trim().replace(/[\s\-().]/g, '');
    if (!/^(?:\+?88|0088)?01\d{9}$/.test(digits))
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalid });
    else if (!toE164(value)) ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.operator });
  })
  .transform((value) => toE164(value)!);

export const ZPhoneCode = z.preprocess(
  normaliseDigits,
  z
    .string({ error: PHONE_MESSAGES.code })
    .trim()
    .regex(/^\d{6}$/, { error: PHONE_MESSAGES.code }),
);

/** The sign-in form's first step: the number. */
export const ZPhoneStartForm = z.object({ phoneNumber: ZPhoneNumber });
export type TPhoneStartForm = z.input<typeof ZPhoneStartForm>;

/** The second step: the code from the SMS. */
export const ZPhoneCodeForm = z.object({ code: ZPhoneCode });
export type TPhoneCodeForm = z.infer<typeof ZPhoneCodeForm>;

/**
 * An account made from a mobile number has no e-mail address; the identity layer needs
 * one, so it holds an address under a reserved domain that no mail is ever sent to
 * (`.invalid` is reserved for exactly this, RFC 2606).
 */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.easyfund.invalid';

export const phoneOnlyEmail = (e164: string) =>
  `${e164.replace(/^\+/, '')}@${PHONE_ONLY_EMAIL_DOMAIN}`;

/** Whether an address is a real one (not the stand-in of an account made from a number). */
export const isRealEmail = (email: string | null | undefined): email is string =>
  Boolean(email) && !email!.toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);

/** The name a new account made from a number has until its owner gives one. */
export const PHONE_PLACEHOLDER_NAME = 'Easy Fund donor';
