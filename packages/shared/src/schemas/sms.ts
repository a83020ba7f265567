import { z } from 'zod';
import { ZPhoneNumber } from '../phone';
import { numberField } from './fields';

/** Today's SMS count and cost against the ceiling, and the ceiling's latest changes. */
export const ZSmsCosts = z.object({
  /** The counter's day (UTC), YYYY-MM-DD. */
  day: z.string(),
  messages: z.number().int(),
  segments: z.number().int(),
  costPoisha: z.number().int(),
  /** Messages not sent today because the ceiling was reached. */
  refused: z.number().int(),
  ceilingTk: z.number().int(),
  /** The ceiling when no admin has set one (`SMS_DAILY_CEILING_TK`). */
  defaultCeilingTk: z.number().int(),
  segmentCostPoisha: z.number().int(),
  changes: z.array(
    z.object({
      ceilingTk: z.number().int(),
      previousTk: z.number().int(),
      /** The admin's name; null once their account is gone. */
      by: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type TSmsCosts = z.infer<typeof ZSmsCosts>;

export const SMS_CEILING_MSG = 'Enter the daily ceiling in whole Tk, from 0 to 1,000,000';

/** PUT /api/admin/sms/ceiling: the day's ceiling in whole Tk (0 stops every SMS but none is free). */
export const ZSetSmsCeilingRequest = z.object({
  ceilingTk: numberField(
    z
      .number({ error: SMS_CEILING_MSG })
      .int(SMS_CEILING_MSG)
      .min(0, SMS_CEILING_MSG)
      .max(1_000_000, SMS_CEILING_MSG),
  ),
});
export type TSetSmsCeilingRequest = z.input<typeof ZSetSmsCeilingRequest>;

/** A person's SMS choices, with the number they go to (their own, in full). */
export const ZSmsPreferences = z.object({
  /** E.164; null when the account has no verified number. */
  phoneNumber: z.string().nullable(),
  /** An SMS when a fund they gave to posts an update. */
  updates: z.boolean(),
  /** An SMS when an admin decides on their application, requests, withdrawals or pays out. */
  decisions: z.boolean(),
});
export type TSmsPreferences = z.infer<typeof ZSmsPreferences>;

export const ZSetSmsPreferencesRequest = z
  .object({ updates: z.boolean().optional(), decisions: z.boolean().optional() })
  .strict();
export type TSetSmsPreferencesRequest = z.infer<typeof ZSetSmsPreferencesRequest>;

export const SMS_NEEDS_NUMBER = 'Add and verify a mobile number first';

/** What an update or decision SMS's short link stands for. */
export const ZSmsNotice = z.object({
  kind: z.enum(['update', 'decision']),
  /** The site's page it leads to. */
  path: z.string(),
  /** The person no longer gets this kind of SMS. */
  stopped: z.boolean(),
});
export type TSmsNotice = z.infer<typeof ZSmsNotice>;

export const ZSmsNoticeParam = z.object({
  token: z
    .string()
    .min(8)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** The demo's outbox: the last messages to a number. */
export const ZSmsOutboxQuery = z.object({ phoneNumber: ZPhoneNumber });
export const ZSmsOutbox = z.object({
  messages: z.array(z.object({ at: z.string(), text: z.string() })),
});
export type TSmsOutbox = z.infer<typeof ZSmsOutbox>;

/** A receipt SMS's short link (a signed token) and what it stands for. */
export const ZSmsLinkParam = z.object({
  token: z
    .string()
    .min(10)
    .max(80)
    .regex(/^[A-Za-z0-9._-]+$/),
});
export const ZSmsLink = z.object({
  receiptNumber: z.string(),
  amountPoisha: z.number().int(),
  fundName: z.string(),
  /** The number asked for no more SMS. */
  stopped: z.boolean(),
});
export type TSmsLink = z.infer<typeof ZSmsLink>;
