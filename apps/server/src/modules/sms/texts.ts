/**
 * The SMS the site sends, keyed by their English text (translated with translate()).
 * Each fits one segment where it can: English in GSM-7 (160 characters), Bangla in UCS-2
 * (70); apps/server/test/sms.test.ts measures them (decision 016).
 */
export const SMS_TEXT = {
  /** A sign-in code: 50 GSM-7 characters; Bangla 44 UCS-2 characters. */
  code: 'Easy Fund code {{code}}. Valid 5 min. Never share it.',
  /** A receipt of a donor without an e-mail address; the link opens the receipt and STOP. */
  receipt: 'Easy Fund: thank you for {{amount}}! Receipt {{number}} (or STOP): {{link}}',
  /**
   * A wallet gift's reminder: its signed page gives the gift in one tap, pauses it or stops
   * it (one link keeps it to one segment in English).
   */
  monthlyReminder: 'Easy Fund: monthly gift of {{amount}} due. Give, pause or STOP: {{link}}',
  dailyReminder: "Easy Fund: today's Ramadan gift of {{amount}} due. Give, pause or STOP: {{link}}",
} as const;

/**
 * The phone-number plugin's own answers a person can meet (its error messages, which the
 * language plugin translates like ours).
 */
export const PHONE_PLUGIN_MESSAGES = [
  'Invalid OTP',
  'OTP expired',
  'OTP not found',
  'Too many attempts',
  'Phone number already exists',
  'Invalid phone number',
] as const;
