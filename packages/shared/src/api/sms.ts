import { z } from 'zod';
import { ZPhoneNumber } from '../phone';
import { ZPdf } from '../schemas/receipts';
import {
  ZSetSmsCeilingRequest,
  ZSetSmsPreferencesRequest,
  ZSmsCosts,
  ZSmsNotice,
  ZSmsNoticeParam,
  ZSmsPreferences,
} from '../schemas/sms';
import { endpoint } from './contract';

export const ZSmsOutboxQuery = z.object({ phoneNumber: ZPhoneNumber });
export const ZSmsOutbox = z.object({
  messages: z.array(z.object({ at: z.string(), text: z.string() })),
});
export type TSmsOutbox = z.infer<typeof ZSmsOutbox>;

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

/**
 * SMS: the demo's outbox (the last messages to a number, shown on the sign-in page in
 * the demo only) and the short link a receipt SMS carries (the receipt, and STOP).
 */
export const sms = {
  outbox: endpoint({
    method: 'GET',
    path: '/api/test/sms',
    access: 'public',
    operationId: 'getDemoSmsOutbox',
    tags: ['sms'],
    summary: 'Demo only: the last SMS the outbox holds for a number (404 on a real site)',
    query: ZSmsOutboxQuery,
    response: ZSmsOutbox,
    errors: [404],
  }),
  link: endpoint({
    method: 'GET',
    path: '/api/sms-links/:token',
    access: 'public',
    operationId: 'getSmsLink',
    tags: ['sms'],
    summary: 'What a receipt SMS link stands for (signed, expires after 90 days)',
    params: ZSmsLinkParam,
    response: ZSmsLink,
    errors: [404],
  }),
  receipt: endpoint({
    method: 'GET',
    path: '/api/sms-links/:token/receipt',
    access: 'public',
    operationId: 'getSmsLinkReceiptPdf',
    tags: ['sms'],
    summary: 'The receipt a receipt SMS link stands for, as PDF',
    params: ZSmsLinkParam,
    response: ZPdf,
    errors: [404, 429],
  }),
  stop: endpoint({
    method: 'POST',
    path: '/api/sms-links/:token/stop',
    access: 'public',
    operationId: 'stopSms',
    tags: ['sms'],
    summary: 'STOP: no more SMS to the number a receipt SMS went to (sign-in codes still go)',
    params: ZSmsLinkParam,
    response: ZSmsLink,
    errors: [404],
  }),
  preferences: endpoint({
    method: 'GET',
    path: '/api/me/sms',
    access: 'signedIn',
    operationId: 'getMySmsPreferences',
    tags: ['sms'],
    summary: 'My SMS choices (fund updates, decisions) and the number they go to',
    response: ZSmsPreferences,
  }),
  setPreferences: endpoint({
    method: 'PUT',
    path: '/api/me/sms',
    access: 'signedIn',
    operationId: 'setMySmsPreferences',
    tags: ['sms'],
    summary: 'Choose SMS for fund updates and for decisions (needs a verified mobile number)',
    body: ZSetSmsPreferencesRequest,
    response: ZSmsPreferences,
    errors: [409],
  }),
  notice: endpoint({
    method: 'GET',
    path: '/api/sms-notices/:token',
    access: 'public',
    operationId: 'getSmsNotice',
    tags: ['sms'],
    summary: 'What an update or decision SMS link stands for, and whether that kind of SMS stopped',
    params: ZSmsNoticeParam,
    response: ZSmsNotice,
    errors: [404],
  }),
  stopNotices: endpoint({
    method: 'POST',
    path: '/api/sms-notices/:token/stop',
    access: 'public',
    operationId: 'stopSmsNotices',
    tags: ['sms'],
    summary: 'STOP: no more SMS of this kind (fund updates, or decisions) to the person',
    params: ZSmsNoticeParam,
    response: ZSmsNotice,
    errors: [404],
  }),
  costs: endpoint({
    method: 'GET',
    path: '/api/admin/sms',
    access: 'admin',
    operationId: 'getSmsCosts',
    tags: ['sms'],
    summary: "Today's SMS count and cost against the daily ceiling, and the ceiling's changes",
    response: ZSmsCosts,
  }),
  setCeiling: endpoint({
    method: 'PUT',
    path: '/api/admin/sms/ceiling',
    access: 'admin',
    operationId: 'setSmsCeiling',
    tags: ['sms'],
    summary:
      'Set the SMS daily cost ceiling in Tk (kept over SMS_DAILY_CEILING_TK, with who and when)',
    body: ZSetSmsCeilingRequest,
    response: ZSmsCosts,
  }),
} as const;
