import { type APIRequestContext, type Page } from '@playwright/test';
import { INFO_PAGE_TITLES, type InfoTopic } from '@easyfund/shared/pages';
import { axeViolations, DEMO, donateViaApi, expect, registerViaApi, test } from './fixtures';

/**
 * The site in বাংলা: each public page and a dashboard page of each role, switched with
 * the language switch. Bangla script on the page, <html lang="bn">, amounts in Bangla
 * digits with lakh grouping, and no English word or Latin digit left beyond names
 * (people, funds, their own words), the brand, and what people copy as it is (e-mail
 * addresses, links, phone, card and receipt numbers). The same pages in English keep the specification's texts, and
 * axe finds nothing in Bangla (a11y.spec.ts and dashboard-a11y.spec.ts run it on each of
 * these pages in English).
 *
 * The language chosen while signed in is kept in the account, so each case that signs in
 * uses an account of its own: the shared demo accounts stay in English for other tests.
 */

interface Fund {
  id: string;
  name: string;
  description: string;
  raiserName: string;
}

async function approvedFunds(page: Page): Promise<Fund[]> {
  const res = await page.request.get('/api/funds?pageSize=50');
  const cards = ((await res.json()) as { items: { id: string }[] }).items;
  // A card leaves the fund's story out; its page's answer has it.
  return Promise.all(
    cards.map(async (c) => (await (await page.request.get(`/api/funds/${c.id}`)).json()) as Fund),
  );
}

/** Words that stay as they are in Bangla: the brand, wallet and provider names, units. */
const KEPT = [
  'Easy Fund',
  'Easy',
  'Fund',
  'bKash',
  'Rocket',
  'Nagad',
  'Google',
  'CSV',
  'PDF',
  'Microsoft',
  'Authenticator',
  'Aegis',
  'CVC',
  'JPEG',
  'PNG',
  'WebP',
  'MB',
  'URL',
  'QR',
  'https',
  'English',
  'MM',
  'YY',
  'Facebook',
  'Instagram',
  'YouTube',
  'LinkedIn',
  // the name configured for the browser tests' OpenID Connect provider
  'test provider',
];

/** Everything a person can read or hear: the text, and the read-out attributes. */
async function shownTexts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.innerText, document.title];
    const labelled = document.querySelectorAll('[aria-label], [placeholder], img[alt], [title]');
    for (const el of Array.from(labelled)) {
      for (const a of ['aria-label', 'placeholder', 'alt', 'title'])
        if (el.getAttribute(a)) parts.push(el.getAttribute(a)!);
    }
    return parts.join('\n');
  });
}

/**
 * English words and Latin digits left on the page once names, addresses and kept words
 * are taken out: in Bangla every figure is in Bangla digits, except what people copy as
 * it is (e-mail addresses, links, phone numbers, receipt numbers) and people's own words.
 */
async function englishLeft(page: Page, names: string[]): Promise<string[]> {
  let text = await shownTexts(page);
  for (const n of [...names].sort((a, b) => b.length - a.length)) text = text.split(n).join(' ');
  text = text
    .replace(/\S+@\S+/g, ' ') // e-mail addresses
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\+880[\d -]+/g, ' ')
    .replace(/\bEF-(?:T-)?\d{4}-\d{6}\b/g, ' ') // receipt numbers
    .replace(/\b\d{4}(?: \d{4}){3}\b/g, ' ') // card numbers (the test mode's cards)
    .replace(/(?:\b01)?X{9}\b/g, ' '); // the mobile number field's mask (01XXXXXXXXX)
  for (const k of KEPT) text = text.replace(new RegExp(`\\b${k}\\b`, 'g'), ' ');
  const words = text.match(/[A-Za-z]{2,}(?:[ ,.'’-]+[A-Za-z]{2,})*/g) ?? [];
  const digits = text.match(/\S*[0-9]\S*/g) ?? [];
  return [...new Set([...words, ...digits])];
}

const OWN_NAME = 'Test Person';

/**
 * Signs the page in as a new account of its own with the role the case needs; the demo
 * admin (signed in on `admin`, a separate cookie jar) makes it a raiser or an admin.
 */
async function signInOwnAccount(
  page: Page,
  admin: APIRequestContext,
  role: 'donor' | 'raiser' | 'admin',
) {
  const account = await registerViaApi(page.request, { name: OWN_NAME });
  if (role === 'donor') {
    // A donation of their own, so the history shows a donation with its receipt link.
    const { items } = (await (await page.request.get('/api/funds?q=Iftar')).json()) as {
      items: Fund[];
    };
    await donateViaApi(page.request, items[0]!.id, 100);
    return;
  }
  const signIn = await admin.post('/api/auth/sign-in/email', {
    data: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const found = await admin.get(`/api/admin/users?q=${encodeURIComponent(account.email)}`);
  const [user] = ((await found.json()) as { items: { id: string }[] }).items;
  const changed = await admin.patch(`/api/admin/users/${user!.id}/role`, {
    data: { role: role === 'admin' ? 'admin' : 'verified' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}

async function switchTo(page: Page, lang: 'bn' | 'en') {
  // 'Language: English. Switch to বাংলা' / 'ভাষা: বাংলা। English-এ বদলান'
  const name = lang === 'bn' ? /Switch to বাংলা/ : /English-এ বদলান/;
  await page.getByRole('button', { name }).filter({ visible: true }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

const BANGLA = /[\u0980-\u09FF]/;
/** An amount of at least one lakh in Bangla digits: ১৫,০০,০০০ টাকা. */
const LAKH_TAKA = /[০-৯]{1,2},[০-৯]{2},[০-৯]{3} টাকা/;

interface Case {
  name: string;
  role?: keyof typeof DEMO;
  path: (funds: Fund[]) => string;
  /** What shows that the page has loaded, in English (the specification's texts). */
  english: string[];
  /** The amounts the page shows (a pattern of Bangla digits and টাকা). */
  amounts?: RegExp;
  /** Other figures the Bangla page shows, in Bangla digits. */
  bangla?: RegExp[];
  /** More people's names and words the page shows (they stay as written). */
  names?: (page: Page, funds: Fund[]) => Promise<string[]>;
  /** Pages of the same kind checked in the same test (the other info topics). */
  more?: { path: string; english: string[] }[];
}

/** The names and messages on a fund's donor wall, in each of its views. */
async function donorWall(page: Page, fundId: string): Promise<string[]> {
  const texts: string[] = [];
  for (const view of ['recent', 'top', 'messages']) {
    const res = await page.request.get(`/api/funds/${fundId}/supporters?view=${view}&pageSize=50`);
    const { items } = (await res.json()) as { items: { name: string; message: string | null }[] };
    for (const s of items) texts.push(s.name, s.message ?? '');
  }
  return texts;
}

const CASES: Case[] = [
  {
    name: 'home',
    path: () => '/',
    english: ['What We Do?', 'We believe that we can save more lifes with you', 'Upcoming Events'],
  },
  {
    name: 'donate now',
    path: () => '/donatenow',
    english: ['Donate Now', 'View Details'],
    amounts: LAKH_TAKA,
  },
  {
    name: 'fund page',
    path: (funds) => `/donatenow/${funds[0]!.id}`,
    english: ['Fund raised', 'Donate'],
    amounts: LAKH_TAKA,
    names: (page, funds) => donorWall(page, funds[0]!.id),
  },
  { name: 'contact us', path: () => '/contactus', english: ['Send Message'] },
  {
    name: 'login',
    path: () => '/login',
    english: ['Login', 'Email is required and must be valid'],
  },
  { name: 'register', path: () => '/register', english: ['Register', 'Confirm Password'] },
  { name: 'forgot password', path: () => '/forgot-password', english: ['Send reset link'] },
  {
    name: 'info pages',
    path: () => '/info/about',
    english: ['About Us'],
    more: (Object.keys(INFO_PAGE_TITLES) as InfoTopic[])
      .filter((topic) => topic !== 'about')
      .map((topic) => ({ path: `/info/${topic}`, english: [INFO_PAGE_TITLES[topic]] })),
  },
  {
    name: 'zakat calculator',
    path: () => '/zakat',
    english: ['Your Zakat', 'Silver (612.36 g)', 'Gold (87.48 g)'],
    // The rate, the nisab's grams and the prices, decimals included.
    bangla: [/২\.৫%/, /৬১২\.৩৬/, /৮৭\.৪৮/],
    amounts: /[০-৯,]+ টাকা/,
  },
  {
    name: 'reset password',
    path: () => '/reset-password?token=not-a-real-token',
    english: ['Reset password', 'New password'],
  },
  {
    name: 'verify e-mail',
    path: () => '/verify-email',
    english: ['Verify your e-mail address', 'This verification link is invalid or has expired.'],
  },
  {
    name: 'unsubscribe',
    path: () => '/unsubscribe/not-a-real-token',
    english: ['This link is not valid. Please use the link in your latest e-mail.'],
  },
  { name: 'not found', path: () => '/no-such-page', english: ['Page not found'] },
  {
    name: "the donor's donation history",
    role: 'donor',
    path: () => '/dashboard/donated',
    english: ['My Donation History'],
  },
  {
    name: "the raiser's raised fund",
    role: 'raiser',
    path: () => '/dashboard/raisedfund',
    english: ['My Raised Fund', 'Total Fund Raised'],
    // A new raiser has raised nothing yet: ০ টাকা.
    amounts: /[০-৯]+ টাকা/,
  },
  {
    name: "the admin's fund requests",
    role: 'admin',
    path: () => '/dashboard/admin/managerequestedfund',
    english: ['Manage Fund Request', 'Feedback and decision'],
    amounts: LAKH_TAKA,
  },
];

// Each case loads its page three times and runs axe once.
test.slow();

for (const c of CASES) {
  test(`${c.name} in বাংলা and in English`, async ({ page, request }) => {
    const funds = await approvedFunds(page);
    const names = [
      ...funds.flatMap((f) => [f.name, f.raiserName, ...f.description.split(/\n+/)]),
      ...Object.values(DEMO).map((d) => d.name),
      OWN_NAME,
    ];
    if (c.names) names.push(...(await c.names(page, funds)));
    if (c.role) {
      await signInOwnAccount(page, request, c.role);
      // Every fund the admin sees (pending and denied ones too) is a name.
      const mine = await page.request.get(
        c.role === 'admin' ? '/api/admin/funds?pageSize=100' : '/api/me/funds',
      );
      if (mine.ok()) {
        const body = (await mine.json()) as {
          items: { name: string; description?: string; feedback?: string | null }[];
        };
        for (const f of body.items)
          names.push(f.name, ...(f.description ?? '').split(/\n+/), f.feedback ?? '');
      }
    }
    const main = { path: c.path(funds), english: c.english };
    const visits = [main, ...(c.more ?? [])];
    for (const v of visits) {
      await page.goto(v.path);
      for (const text of v.english)
        await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
    }

    // Switched on the page last shown, then the others load in Bangla (the cookie).
    await switchTo(page, 'bn');
    const last = visits.at(-1)!;
    for (const v of [last, ...visits.slice(0, -1)]) {
      if (v !== last) await page.goto(v.path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
      await expect(page.locator('main').first()).toContainText(BANGLA);
      for (const text of v.english)
        await expect(page.getByText(text, { exact: true })).toHaveCount(0);
      if (v === main) {
        if (c.amounts) {
          await expect(page.locator('main').first()).toContainText(c.amounts);
          await expect(page.locator('main').first()).not.toHaveText(/\d+ Tk\b/);
        }
        for (const figure of c.bangla ?? [])
          await expect(page.locator('main').first()).toContainText(figure);
      }
      await page.waitForLoadState('networkidle');
      expect(await englishLeft(page, names.filter(Boolean)), `English left on ${v.path}`).toEqual(
        [],
      );
      expect(await axeViolations(page), `axe in Bangla on ${v.path}`).toEqual([]);
    }

    // A new page load keeps the choice (cookie), and switching back restores English.
    const shown = visits.length > 1 ? visits.at(-2)! : main;
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await switchTo(page, 'en');
    for (const text of shown.english)
      await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
  });
}

test('the Bangla font comes with pages in Bangla; an English page draws its one Bangla word with a font of its own', async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'font') fonts.push(r.url());
  });
  const NOTO = /noto-sans-bengali-bengali-/;

  await page.goto('/');
  const word = page.getByRole('button', { name: /Switch to বাংলা/ }).filter({ visible: true });
  await expect(word).toHaveText('বাংলা');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  expect(fonts.filter((u) => NOTO.test(u))).toEqual([]);
  // Drawn with the word's own font, with every glyph of it: as wide as Noto Sans
  // Bengali draws it (loaded here for the comparison), not as a fallback font would.
  const widths = await page.evaluate(async () => {
    const text = 'বাংলা';
    const canvas = document.createElement('canvas').getContext('2d')!;
    const width = (font: string) => {
      canvas.font = font;
      return canvas.measureText(text).width;
    };
    await document.fonts.load('700 20px "Easy Fund Bangla name"', text);
    await document.fonts.load('700 20px "Noto Sans Bengali"', text);
    return {
      own: width('700 20px "Easy Fund Bangla name", monospace'),
      noto: width('700 20px "Noto Sans Bengali", monospace'),
      fallback: width('700 20px monospace'),
    };
  });
  expect(await word.evaluate((el) => getComputedStyle(el).fontFamily)).toContain(
    'Easy Fund Bangla name',
  );
  // Within a pixel: the subset and the full face are drawn from one font's outlines.
  expect(Math.abs(widths.own - widths.noto)).toBeLessThan(1);
  expect(Math.abs(widths.own - widths.fallback)).toBeGreaterThan(1);

  // In Bangla the page's text comes in the site's Bengali font (its subset, decision 124).
  fonts.length = 0;
  await switchTo(page, 'bn');
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(fonts.filter((u) => NOTO.test(u)).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.fonts.check('16px "Easy Fund Bengali"', 'বাংলা'))).toBe(
    true,
  );
});
