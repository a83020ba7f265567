import { z } from 'zod';
import { asciiDigits } from '../digits';
import { parseWholeTk } from '../money';
import { MSG } from '../texts';

/** A required text field: 'This field is required' when empty. */
export function requiredText(max: number) {
  return z
    .string({ error: MSG.fieldRequired })
    .trim()
    .min(1, MSG.fieldRequired)
    .max(max, `Use at most ${max} characters`);
}

const blank = (v: unknown) =>
  v === undefined || v === null || v === '' || (typeof v === 'number' && Number.isNaN(v));

/**
 * A required amount in whole Tk, parsed strictly (money.ts): 'This field is required'
 * when empty, `wholeMessage` for anything but digits ("0x10", "1e3", "1000.9", " 12").
 */
export function requiredWholeTk(wholeMessage = 'Enter a whole amount in Tk') {
  return z.preprocess(
    (v) => (blank(v) ? undefined : (parseWholeTk(v) ?? Number.NaN)),
    z.number({
      error: (issue) => (issue.input === undefined ? MSG.fieldRequired : wholeMessage),
    }),
  );
}

/**
 * The zod preprocess step of a number typed in a field: text in ASCII or Bangla digits
 * (decision 123) becomes the number it reads as, blank becomes undefined
 * (the "required" message), other text NaN (the field's own message); a number stays.
 */
export function typedNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = asciiDigits(value).trim();
  if (text === '') return undefined;
  return /^[0-9]{1,15}(?:\.[0-9]+)?$/.test(text) ? Number(text) : Number.NaN;
}

/** A number field's schema: what is typed (text, or a number) read by typedNumber() first. */
export function numberField<T extends z.ZodType>(schema: T) {
  return z.preprocess((v: string | number | undefined) => typedNumber(v), schema);
}

/** Digits typed in a text field (card, NID and phone numbers): Bangla digits read as ASCII. */
export function digitsText<T extends z.ZodType>(schema: T) {
  return z.preprocess((v: string) => (typeof v === 'string' ? asciiDigits(v) : v), schema);
}

// NUL and the other control characters, line breaks and tabs aside.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const PLAIN_TEXT_MESSAGE = 'Use plain text only';

/**
 * Text a person writes for others to read (messages of support, reasons, reports):
 * trimmed, at most `max` characters, no NUL or other control characters.
 */
export function plainText(max: number) {
  return z
    .string({ error: MSG.fieldRequired })
    .trim()
    .max(max, `Use at most ${max} characters`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), PLAIN_TEXT_MESSAGE);
}

/**
 * What a name may not hold (decision 456): control characters (line breaks and tabs
 * included: a name is one line in lists, receipts and CSV files) and the invisible
 * characters that turn the direction of the text around it — the embeddings and overrides
 * U+202A–U+202E, the isolates U+2066–U+2069 and the marks U+200E, U+200F and U+061C —
 * with which "Rahim\u202Egnp.exe" shows as another name. The joiners U+200C and U+200D,
 * which Bangla needs, stay allowed.
 */
const NAME_FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

export const NAME_CHARACTERS_MESSAGE =
  'A name cannot contain line breaks, tabs or hidden text-direction characters';

/** Whether a name holds none of the characters `NAME_FORBIDDEN` refuses. */
export const isCleanName = (value: string) => !NAME_FORBIDDEN.test(value);

/** A name given by another system (a sign-in provider): the refused characters removed. */
export const cleanName = (value: string) =>
  value.replace(new RegExp(NAME_FORBIDDEN.source, 'g'), '');

/**
 * Every name a person types (their own, a fund's, an account holder's, a sender's): trimmed,
 * `requiredMessage` when empty, at most `max` characters, and no control or direction
 * characters.
 */
export function nameText(max: number, messages: { required?: string; tooLong?: string } = {}) {
  return z
    .string({ error: messages.required ?? MSG.fieldRequired })
    .trim()
    .min(1, messages.required ?? MSG.fieldRequired)
    .max(max, messages.tooLong ?? `Use at most ${max} characters`)
    .refine(isCleanName, NAME_CHARACTERS_MESSAGE);
}

/** Optional plain text: empty or missing is null. */
export function optionalPlainText(max: number) {
  return plainText(max)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** Images: an upload of ours (`/uploads/...`), a bundled image (`/images/...`) or an https address. */
export function isImageRef(value: string): boolean {
  if (/^\/(uploads|images)\/[A-Za-z0-9._/-]+$/.test(value)) return !value.includes('..');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const IMAGE_REF_MESSAGE = 'Upload an image or give an https:// address';

export const ZImageRef = requiredText(2048).refine(isImageRef, IMAGE_REF_MESSAGE);

/**
 * A fund's image: ours, or an http(s) address the server copies into its own uploads
 * when the fund is requested or edited (decision 452), so no browser loads it from there.
 */
export const ZFundImage = requiredText(2048).refine((value) => {
  if (isImageRef(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}, IMAGE_REF_MESSAGE);

export const VERSION_MESSAGE = 'Send the version of what you were shown';

/**
 * The version of an item an admin was shown (its `version`): a decision on anything else
 * is refused with 409 `changed_since_viewed` (decision 452).
 */
export const ZShownVersion = z
  .number({ error: VERSION_MESSAGE })
  .int(VERSION_MESSAGE)
  .min(1, VERSION_MESSAGE);

/** What a denial without a reason is told (the person denied reads the reason). */
export const DENIAL_REASON_MESSAGE = 'Write the reason for the denial in the feedback';

/** Whether a decision may be sent: a denial needs feedback that is not blank. */
export function hasDenialReason(decision: { status: string; feedback?: string | null }): boolean {
  return decision.status !== 'denied' || (decision.feedback ?? '').trim().length > 0;
}

const decisionFields = {
  status: z.enum(['approved', 'denied'], { error: 'Choose approved or denied' }),
  feedback: z
    .string()
    .trim()
    .max(1000, 'Use at most 1000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
};

/** A denial is refused without a reason: the feedback is where the admin gives it. */
function requireDenialReason(message: string) {
  return (
    decision: { status: 'approved' | 'denied'; feedback: string | null },
    ctx: z.RefinementCtx,
  ) => {
    if (!hasDenialReason(decision)) {
      ctx.addIssue({ code: 'custom', path: ['feedback'], message });
    }
  };
}

/**
 * An admin's decision on what they were shown (its version): approved with optional
 * feedback, or denied with the reason; a denial without one is refused with `denialMessage`.
 */
export function decisionRequest(denialMessage: string = DENIAL_REASON_MESSAGE) {
  return z
    .object({ ...decisionFields, version: ZShownVersion })
    .superRefine(requireDenialReason(denialMessage));
}

/** An admin's decision on a fund request, a fund's edit, an application or a withdrawal. */
export const ZDecisionRequest = decisionRequest();
export type TDecisionRequest = z.input<typeof ZDecisionRequest>;

/** An admin's decision on a fund's first update: an update is never edited once posted,
 *  so what the admin was shown is what they decide on, without a version. */
export const ZUpdateDecisionRequest = z
  .object(decisionFields)
  .superRefine(requireDenialReason(DENIAL_REASON_MESSAGE));
export type TUpdateDecisionRequest = z.input<typeof ZUpdateDecisionRequest>;

/** A person as lists show them. */
export const ZPersonRef = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** What a page of a list says beside its items. */
const pageFields = {
  total: z.number().int(),
  /** More than `total` rows exist: the count stopped there (a list shows "10,000+"). */
  capped: z.boolean().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
};

/** A page of a list. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), ...pageFields });
}

export interface Paged<T> extends z.infer<z.ZodObject<typeof pageFields>> {
  items: T[];
}
