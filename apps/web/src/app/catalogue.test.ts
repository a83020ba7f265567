import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '@easyfund/shared/i18n/en.json';
import bn from '@easyfund/shared/i18n/bn.json';
import { CAUSES } from '@easyfund/shared/constants';
import { AMOUNT_MSG, CARD_MSG } from '@easyfund/shared/schemas/donations';
import { REPORT_REASON_LABELS } from '@easyfund/shared/reports';
import { CONTACT_MSG, MSG } from '@easyfund/shared/texts';
import { PHONE_MESSAGES } from '@easyfund/shared/phone';

/**
 * The catalogues against the code: every text a person can see is keyed by its English
 * wording, so the Bangla catalogue must hold every such key (the English one only the
 * plural forms). The texts are found in the sources: t()/tn() calls, popup texts, the
 * text props of our components, and the quoted sentences of the modules that hold texts.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
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
const OPERATOR_MODULES = [join(SERVER, 'modules/go-live/checks.ts')];

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
]);

function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  const sources = [
    ...files(WEB, /\.tsx?$/),
    ...files(join(SHARED, 'schemas'), /\.ts$/),
    join(SHARED, 'identity.ts'),
    join(SHARED, 'constants.ts'),
    ...files(join(SERVER, 'modules'), /\.ts$/),
    ...files(join(SERVER, 'plugins'), /\.ts$/),
    ...files(join(SERVER, 'lib'), /\.ts$/).filter((p) => !OPERATOR_MODULES.includes(p)),
  ];
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
  for (const s of ALSO_SHOWN) used.set(s, 'catalogue.test.ts');
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
function countedKeys(): Map<string, string> {
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

/** i18next's plural suffixes. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const english = en as Record<string, string>;
const bangla = bn as Record<string, string>;

function hasKey(catalogue: Record<string, string>, key: string): boolean {
  return key in catalogue || `${key}_other` in catalogue;
}

describe('the message catalogues', () => {
  const used = usedKeys();

  it('finds the texts in the code', () => {
    expect(used.size).toBeGreaterThan(300);
    for (const known of [
      'Donate Now',
      'Both passord did not matched!',
      'Page {{page}} of {{pages}}',
    ])
      expect(used.has(known), known).toBe(true);
  });

  it('has a Bangla translation of every text the code shows', () => {
    const missing = [...used].filter(([key]) => !hasKey(bangla, key)).map(([k, f]) => `${f}: ${k}`);
    expect(missing).toEqual([]);
  });

  it('has no Bangla text for a key that is not English in the code (typos, stale keys)', () => {
    const stale = Object.keys(bangla)
      .map((k) => k.replace(PLURAL, ''))
      .filter((k) => !used.has(k));
    expect([...new Set(stale)]).toEqual([]);
  });

  describe('plural forms, both ways', () => {
    const counted = countedKeys();
    // The forms each language needs, from the rules i18next follows (Intl.PluralRules):
    // English one/other, Bangla one (0 and 1) and other.
    const forms = {
      en: new Intl.PluralRules('en').resolvedOptions().pluralCategories,
      bn: new Intl.PluralRules('bn').resolvedOptions().pluralCategories,
    };
    const catalogues = { en: english, bn: bangla };
    const bases = (catalogue: Record<string, string>) =>
      new Set(
        Object.keys(catalogue)
          .filter((k) => PLURAL.test(k))
          .map((k) => k.replace(PLURAL, '')),
      );

    it('finds the counted texts in the code', () => {
      for (const known of ['{{n}} donations', 'Running for {{n}} days', 'Total ({{n}} donations)'])
        expect(counted.has(known), known).toBe(true);
    });

    it('holds only plural forms in the English catalogue (English texts are their own keys)', () => {
      expect(Object.keys(english).filter((k) => !PLURAL.test(k))).toEqual([]);
    });

    it('gives every counted text each plural form of each language', () => {
      const missing = [...counted].flatMap(([key, file]) =>
        (['en', 'bn'] as const).flatMap((lang) =>
          forms[lang]
            .filter((form) => !catalogues[lang][`${key}_${form}`])
            .map((form) => `${lang}.json lacks ${key}_${form} (${file})`),
        ),
      );
      expect(missing).toEqual([]);
    });

    it('has a plural text in one catalogue only when the other has it too, and the code counts it', () => {
      const problems: string[] = [];
      for (const lang of ['en', 'bn'] as const) {
        const other = lang === 'en' ? 'bn' : 'en';
        for (const key of Object.keys(catalogues[lang]).filter((k) => PLURAL.test(k))) {
          const base = key.replace(PLURAL, '');
          const form = PLURAL.exec(key)![1] as Intl.LDMLPluralRule;
          if (!forms[lang].includes(form))
            problems.push(`${lang}.json: ${key} is not a form of ${lang}`);
          if (!bases(catalogues[other]).has(base))
            problems.push(`${lang}.json has ${key}, ${other}.json has no forms of it`);
          if (!counted.has(base)) problems.push(`${lang}.json: ${base} is not counted in the code`);
        }
      }
      // A counted text is looked up by its forms only: a bare Bangla key would never show.
      for (const base of bases(english))
        if (base in bangla) problems.push(`bn.json: ${base} has no plural suffix`);
      expect(problems).toEqual([]);
    });
  });

  it('keeps the placeholders of each text in its translation', () => {
    const names = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    const wrong = Object.entries(bangla)
      .filter(([key, value]) => {
        const k = names(key.replace(PLURAL, '')).filter((n) => n !== 'count');
        const v = names(value).filter((n) => n !== 'count');
        return JSON.stringify([...new Set(k)]) !== JSON.stringify([...new Set(v)]);
      })
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it('translates into Bangla script, not English again', () => {
    const english = Object.entries(bangla)
      .map(([key, value]) => [key, value.replace(/\{\{[^}]*\}\}/g, '')] as const)
      // words, not only figures and acronyms (CVC), must be in Bangla script
      .filter(([, value]) => /[a-z]/.test(value) || /^[^A-Za-z]*$/.test(value) === false)
      .filter(([, value]) => !/^[A-Z]{2,}$/.test(value) && !/[\u0980-\u09FF]/.test(value))
      .map(([key]) => key);
    expect(english).toEqual([]);
  });
});
