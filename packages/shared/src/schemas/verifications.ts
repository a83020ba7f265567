import { z } from 'zod';
import { DECISION_STATUSES, ROLES } from '../constants';
import { ZPageQuery } from './common';
import { asciiDigits } from '../digits';
import { nameText, paged, requiredText, ZImageRef } from './fields';

/** Bangladeshi mobile numbers: 01[3-9] and 8 digits, optionally after +88 or 88. */
export const BD_MOBILE_PATTERN = /^(?:\+?88)?(01[3-9]\d{8})$/;
/** National ID numbers have 10 (smart card), 13 or 17 (older cards) digits. */
export const NID_PATTERN = /^(?:\d{10}|\d{13}|\d{17})$/;

export const PHONE_MESSAGE = 'Enter a Bangladeshi mobile number, like 01712345678';
export const NID_MESSAGE = 'Enter a national ID number of 10, 13 or 17 digits';

/** The number as typed: Bangla digits read as ASCII, spaces and dashes left out. */
const withoutSeparators = (v: string) => asciiDigits(v).replace(/[\s-]/g, '');

export const ZPhoneNumber = requiredText(20)
  .transform(withoutSeparators)
  .refine((v) => BD_MOBILE_PATTERN.test(v), PHONE_MESSAGE)
  .transform((v) => BD_MOBILE_PATTERN.exec(v)?.[1] ?? v);

export const ZIdCardNumber = requiredText(30)
  .transform(withoutSeparators)
  .refine((v) => NID_PATTERN.test(v), NID_MESSAGE);

/** Be a Fund Raiser (POST /api/verifications). */
export const ZVerificationRequest = z.object({
  name: nameText(100),
  image: ZImageRef,
  idCardNumber: ZIdCardNumber,
  phoneNumber: ZPhoneNumber,
});
export type TVerificationRequest = z.output<typeof ZVerificationRequest>;
export type TVerificationForm = z.input<typeof ZVerificationRequest>;

const ZStatus = z.enum(DECISION_STATUSES);

export const ZVerification = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  idCardNumber: z.string(),
  phoneNumber: z.string(),
  status: ZStatus,
  feedback: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TVerification = z.infer<typeof ZVerification>;

/** GET /api/verifications/mine: the latest application (or none) and the current role. */
export const ZMyVerification = z.object({
  role: z.enum(ROLES),
  application: ZVerification.nullable(),
});
export type TMyVerification = z.infer<typeof ZMyVerification>;

export const ZAdminVerification = ZVerification.extend({
  /** Rises with every change; a decision sends back the version it was made on (decision 452). */
  version: z.number().int(),
  applicant: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
  }),
  decidedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type TAdminVerification = z.infer<typeof ZAdminVerification>;
export const ZAdminVerificationList = paged(ZAdminVerification);

export const ZAdminVerificationQuery = ZPageQuery.extend({ status: ZStatus.optional() });
