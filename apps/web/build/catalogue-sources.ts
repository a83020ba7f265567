import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '@easyfund/shared/i18n/en.json';
import bn from '@easyfund/shared/i18n/bn.json';
import { CAUSES } from '@easyfund/shared/constants';
import { AMOUNT_MSG, CARD_MSG } from '@easyfund/shared/schemas/payments';
import { REPORT_REASON_LABELS } from '@easyfund/shared/reports';
import { CONTACT_MSG, MSG } from '@easyfund/shared/texts';
import { PHONE_MESSAGES } from '@easyfund/shared/phone';

/**
 * The texts the code shows, found in the sources for the catalogue tests
 * (src/app/catalogue.test.ts, catalogue-plurals.test.ts): t()/tn() calls, popup texts, the text
 * props of our components, and the quoted sentences of the modules that hold texts. Every
 * text a person can see is keyed by its English wording.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const WEB = join(ROOT, 'apps/web/src');
const SHARED = join(ROOT, 'packages/shared/src');
const SERVER = join(ROOT, 'apps/server/src');

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path, ext);
    return ext.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A quoted string's value ('…' or "…", escapes undone). */
const QUOTED = String.raw`'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"`;
function unquote(m: RegExpMatchArray, at = 1): string {
  const raw = m[at] ?? m[at + 1] ?? '';
  return raw.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

/** Calls and props whose string arguments are texts. */
const PATTERNS: RegExp[] = [
  // t('…'), tn('…', n), translate(lang, '…'), i18next t
  new RegExp(String.raw`\b(?:t|tn)\(\s*(?:${QUOTED})`, 'g'),
  new RegExp(String.raw`\btranslate\(\s*[\w.()]+,\s*(?:${QUOTED})`, 'g'),
  // popup.success('…', '…'), popup.confirm('…', '…', '…')
  new RegExp(String.raw`\bpopup\.\w+\(\s*(?:${QUOTED})`, 'g'),
  new RegExp(String.raw`\bpopup\.\w+\([^)]*?,\s*(?:${QUOTED})`, 'g'),
  new RegExp(String.raw`\bpopup\.\w+\([^)]*?,[^)]*?,\s*(?:${QUOTED})`, 'g'),
  // The text props of our components: <TextField label="…" hint="…">, <EmptyState text="…">
  new RegExp(
    String.raw`\b(?:label|hint|title|text|empty|pagesLabel|loadingLabel|submitLabel|busyLabel)=(?:${QUOTED})`,
    'g',
  ),
  // Texts in object literals: { label: '…' }, { title: '…', text: '…' }, zod { error: '…' }
  new RegExp(
    String.raw`\b(?:label|title|text|heading|description|eyebrow|place|message|error|subject|hours)\s*:\s*(?:${QUOTED})`,
    'g',
  ),
  // The server's errors: new Invalid('…'), new Conflict('…'), default messages
  new RegExp(
    String.raw`\bnew (?:Invalid|Unauthorized|Forbidden|Conflict|PaymentFailed|TooManyRequests|Unavailable)\(\s*(?:${QUOTED})`,
    'g',
  ),
  new RegExp(String.raw`\bmessage(?:: string)? = (?:${QUOTED})`, 'g'),
  // zod's .min(1, '…') and friends
  new RegExp(String.raw`\.(?:min|max|int|regex|refine|length)\([^()'"]*,\s*(?:${QUOTED})`, 'g'),
  // A decision's denial message: decisionRequest('…')
  new RegExp(String.raw`\bdecisionRequest\(\s*(?:${QUOTED})`, 'g'),
  // Named text constants: const X_MESSAGE = '…', TOO_LARGE = '…'
  new RegExp(String.raw`\bconst [A-Z][A-Z_]+ = (?:${QUOTED})`, 'g'),
];

/** A string is a text when it has a letter and is not code (a path, an id, a class list). */
function isText(s: string): boolean {
  if (!/[A-Za-z]/.test(s)) return false;
  if (/^(?:\/|https?:|#|\.|@)/.test(s)) return false;
  if (/^[a-z0-9-]+(?:[:/][\w-]+)*$/.test(s) && !/^[a-z]+$/.test(s)) return false; // ids
  if (/^[\w-]+(?: [\w:/[\]().%-]+)+$/.test(s) && !/[A-Z]/.test(s) && /-/.test(s)) return false; // classes
  return true;
}

function keysIn(path: string): Set<string> {
  const source = readFileSync(path, 'utf8');
  const keys = new Set<string>();
  for (const re of PATTERNS) {
    for (const m of source.matchAll(re)) {
      const s = unquote(m);
      if (isText(s)) keys.add(s);
    }
  }
  // new NotFound('Fund') answers 'Fund not found'
  for (const m of source.matchAll(
    new RegExp(String.raw`\bnew NotFound\(\s*(?:${QUOTED})\s*\)`, 'g'),
  ))
    keys.add(`${unquote(m)} not found`);
  // columns={['Image', 'Event Name', …]}
  for (const m of source.matchAll(/columns=\{\[([^\]]*)\]/g)) {
    for (const c of (m[1] ?? '').matchAll(new RegExp(QUOTED, 'g'))) {
      const s = unquote(c);
      if (isText(s)) keys.add(s);
    }
  }
  return keys;
}

/** Modules whose quoted sentences are all texts (the specification's, the home page's). */
const TEXT_MODULES = [
  join(SHARED, 'texts.ts'),
  join(SHARED, 'pages.ts'),
  join(WEB, 'features/home/content.ts'),
  join(WEB, 'features/home/info-pages.ts'),
  join(WEB, 'lib/contact-details.ts'),
  join(SERVER, 'modules/notifications/mails.ts'),
  join(SERVER, 'modules/sms/texts.ts'),
];

/** Server modules that speak only to the operator (console, command line), in English. */
const OPERATOR_MODULES = [
  join(SERVER, 'modules/go-live/checks.ts'),
  join(SERVER, 'modules/go-live/facts.ts'),
];

/** Words and sentences the code shows that sit outside the patterns above. */
const ALSO_SHOWN = [
  // the typed words of the hero, the roles, the statuses and a fund's history
  'Volunteer',
  'Donate',
  'Fund Raise!!',
  'user',
  'verified',
  'admin',
  'Pending',
  'Approved',
  'Denied',
  'Requested',
  'Changed',
  'Suggested amount',
  // the payment statuses and refund kinds of Manage Payments (label maps)
  'Held for review',
  'Failed',
  'Dispute',
  'Given back after a dispute',
  // the sort choices of /donatenow (a label map)
  'Newest',
  'Nearly funded',
  'Most donors',
  // held in variables or built by helpers (server guards, money parsing, Zakat fields)
  'The request is nested too deeply (at most 32 levels)',
  'This request came from another site and was refused: use the site itself to make changes',
  'Enter a whole amount in Tk',
  'A name cannot contain line breaks, tabs or hidden text-direction characters',
  "Denied without payment: a refund to a donor lowered this fund's balance below this request. Please request again up to the available balance.",
  'Cash at home and in bank accounts',
  'Gold and silver (today\u2019s value)',
  'Savings, shares and other investments',
  'Goods held for business',
  'Money others owe you and will repay',
  'Enter the price of gold per gram in Tk',
  'Enter the price of silver per gram in Tk',
  'Use at most two decimals',
  'The payment gateway refused the refund: {{reason}}',
  'Updates can be posted once the fund is approved',
  // the wallet checkout: message constants and the server-rendered test checkout page
  '{{method}} takes at least {{limit}} per payment.',
  '{{method}} takes at most {{limit}} per payment.',
  'This payment method is not available on this site.',
  'The gateway flagged this payment for review. It counts once an admin approves it; otherwise it is refunded.',
  'Your payment is being processed. It appears in Payment History as soon as the provider confirms it.',
  'You cancelled the payment. No money was taken.',
  'The payment failed at the gateway. No money was taken.',
  'The payment was not completed.',
  'Test mode: no money moves. Use a test wallet number and the OTP 123456.',
  'Pay {{amount}} to Easy Fund with {{method}}',
  '{{method}} wallet number',
  'OTP',
  'Confirm payment',
  'Cancel payment',
  'Test numbers',
  'Return to Easy Fund',
  'Payment done. Return to Easy Fund to see it counted.',
  'Payment taken, but flagged for review. Return to Easy Fund.',
  'The wallet refused the payment. Return to Easy Fund.',
  'You cancelled the payment. Return to Easy Fund.',
  'The wallet did not answer in time. Easy Fund will ask the gateway later and show the payment as soon as it is settled.',
  'This checkout does not exist or has ended.',
  'succeeds',
  'held for review (risky)',
  'fails',
  'cancels',
  'times out',
  'Enter an 11-digit wallet number starting with 01.',
  'This test wallet knows only the documented test numbers, such as 01700000000.',
  'Wrong OTP. In test mode the OTP is 123456.',
  'This payment is already finished.',
  'Payment approved',
  'Payment refunded',
  'Refunded after review: the gateway flagged the payment as risky.',
  // a named constant wrapped onto its own line (the pending payment's popup and thank-you page)
  'Your payment is being processed. It appears in Payment History as soon as the provider confirms it.',
  // refunds: messages held in constants of the refund step
  'Only a succeeded payment can be refunded.',
  'The refund is more than what is left of this payment ({{amount}}).',
  'The fund no longer holds enough: money has been withdrawn or requested for withdrawal, and only {{amount}} remains to refund.',
  'This payment was made with another payment provider; refund it there.',
  'Enter a whole number of poisha',
  'Enter an amount above zero',
  // chosen in a ternary
  'No users yet.',
  'This fund is not one of yours.',
];

/** Strings the patterns catch that no one sees. */
const NOT_TEXTS = new Set([
  // A phone number's shape, the number field's placeholder
  '01XXXXXXXXX',
  'Easy Fund',
  'Easy Fund API',
  'Donations to fund raisers in Bangladesh: funds, donations, payments, raising.',
  'bdt',
  '(prefers-reduced-motion: reduce)',
  'Error',
  'Resource',
  'Invalid signature',
  'No Stripe-Signature header',
  'oidc',
  'This fund request',
  'This application',
  'This withdrawal',
  'Invalid webhook signature',
  'Webhook endpoint not found',
  'Test processor not found',
  'Idempotency key reused with different parameters',
  'Payment intent not found',
  'intentId is required',
  'Endpoint not found',
  'Request failed',
  'donate',
  'description',
  'error',
  'easyfund_test',
  // the PostgreSQL channel session changes are announced on
  'session_changes',
]);

export function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  const sources = [
    ...files(WEB, /\.tsx?$/),
    ...files(join(SHARED, 'schemas'), /\.ts$/),
    join(SHARED, 'identity.ts'),
    join(SHARED, 'constants.ts'),
    ...files(join(SERVER, 'modules'), /\.ts$/),
    ...files(join(SERVER, 'plugins'), /\.ts$/),
    ...files(join(SERVER, 'lib'), /\.ts$/),
  ].filter((p) => !OPERATOR_MODULES.includes(p));
  for (const path of sources) {
    for (const key of keysIn(path)) if (!used.has(key)) used.set(key, relative(ROOT, path));
  }
  for (const path of TEXT_MODULES) {
    const source = readFileSync(path, 'utf8');
    for (const m of source.matchAll(new RegExp(QUOTED, 'g'))) {
      const s = unquote(m);
      if (isText(s) && /^[A-Z]/.test(s) && !used.has(s)) used.set(s, relative(ROOT, path));
    }
  }
  for (const s of ALSO_SHOWN) used.set(s, 'apps/web/build/catalogue-sources.ts');
  // Message objects whose texts are computed (limits formatted into them).
  for (const group of [
    MSG,
    CONTACT_MSG,
    AMOUNT_MSG,
    CARD_MSG,
    REPORT_REASON_LABELS,
    PHONE_MESSAGES,
  ])
    for (const s of Object.values(group)) if (!used.has(s)) used.set(s, 'packages/shared');
  for (const c of CAUSES)
    for (const s of [c.title, c.text]) if (!used.has(s)) used.set(s, 'constants');
  for (const s of NOT_TEXTS) used.delete(s);
  // SVG paths
  for (const s of used.keys()) if (/^M[\d.]+ [\d.]/.test(s)) used.delete(s);
  return used;
}

/**
 * The texts the code counts: tn('…', n), and t('…', { count }) / translate(lang, '…',
 * { count }), whose plural form i18next (or the server's translate) picks by the count.
 */
export function countedKeys(): Map<string, string> {
  const counted = new Map<string, string>();
  const patterns = [
    new RegExp(String.raw`\btn\(\s*(?:${QUOTED})`, 'g'),
    new RegExp(
      String.raw`\b(?:t\(|translate\(\s*[\w.()]+,)\s*(?:${QUOTED})\s*,\s*\{(?:[^{}]*,)?\s*count\s*[:,}]`,
      'g',
    ),
  ];
  const sources = [
    ...files(WEB, /\.tsx?$/),
    ...files(join(SERVER, 'modules'), /\.ts$/),
    ...files(join(SERVER, 'lib'), /\.ts$/),
  ];
  for (const path of sources) {
    const source = readFileSync(path, 'utf8');
    for (const re of patterns)
      for (const m of source.matchAll(re)) counted.set(unquote(m), relative(ROOT, path));
  }
  return counted;
}

export { FORM, PLURAL } from './catalogue-parts';
export const english = en as Record<string, string>;
export const bangla = bn as Record<string, string>;

export function hasKey(catalogue: Record<string, string>, key: string): boolean {
  return key in catalogue || `${key}_other` in catalogue;
}
