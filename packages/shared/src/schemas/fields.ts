import { z } from 'zod';
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
 * A required number that may arrive as a number (JSON, `valueAsNumber`) or as the
 * text of an input: 'This field is required' when empty, 'Enter a number' when not one.
 */
export function requiredNumber() {
  return z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z.number({
      error: (issue) => (issue.input === undefined ? MSG.fieldRequired : 'Enter a number'),
    }),
  );
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

/** An admin's decision on a fund request, an application or a withdrawal. */
export const ZDecisionRequest = z.object({
  status: z.enum(['approved', 'denied'], { error: 'Choose approved or denied' }),
  feedback: z
    .string()
    .trim()
    .max(1000, 'Use at most 1000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TDecisionRequest = z.input<typeof ZDecisionRequest>;

/** A person as lists show them. */
export const ZPersonRef = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** A page of a list. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
