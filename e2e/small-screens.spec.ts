import { type APIRequestContext, type CDPSession, expect, type Page, test } from '@playwright/test';
import {
  DEMO,
  donateViaApi,
  networkQuiet,
  openInApp,
  registerViaApi,
  shownFundVersion,
  SITE_ORIGIN,
} from './fixtures';

/**
 * Every page on a 360 px phone, in English and in বাংলা, signed out and as each role: no
 * horizontal scroll bar (the page is never wider than the screen), and no Bengali letter
 * drawn as an empty box. These machines have no Bengali system font (as many phones
 * lack one), so a Bangla letter shows only when the site's own font draws it: the fonts
 * Chromium used for each run of Bengali text must all be the site's web fonts.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

type Lang = 'en' | 'bn';
type Role = 'visitor' | 'donor' | 'raiser' | 'admin';

/** What the routes need: a fund to see and give to, a gift, the raiser's own fund. */
interface Ids {
  fundId: string;
  /** A fund an admin closed: its page shows the notice instead of the donate box. */
  closedFundId?: string;
  paymentId?: string;
  ownFundId?: string;
  checkoutUrl?: string;
}

const ROUTES: Record<Role, (ids: Ids) => string[]> = {
  visitor: ({ fundId, closedFundId }) => [
    '/',
    '/donatenow',
    `/donatenow/${fundId}`,
    `/donatenow/${closedFundId}`,
    '/contactus',
    '/zakat',
    '/info/about',
    '/login',
    '/register',
    '/forgot-password',
    '/no-such-page',
  ],
  donor: ({ fundId, paymentId, checkoutUrl }) => [
    '/',
    `/donatenow/${fundId}`,
    '/dashboard',
    '/dashboard/selecteddonation',
    `/dashboard/selecteddonation/pay/${fundId}`,
    `/dashboard/thank-you/${paymentId}`,
    '/dashboard/donated',
    '/dashboard/paymenthistory',
    '/dashboard/verification',
    '/dashboard/two-factor',
    checkoutUrl!,
  ],
  raiser: ({ ownFundId }) => [
    '/dashboard',
    '/dashboard/requestfund',
    '/dashboard/raisedfund',
    `/dashboard/raisedfund/updatefund?id=${ownFundId}`,
    `/dashboard/raisedfund/withdraw?id=${ownFundId}`,
  ],
  admin: () => [
    '/dashboard/admin/overview',
    '/dashboard/admin/manageUsers',
    '/dashboard/admin/manageverification',
    '/dashboard/admin/managerequestedfund',
    '/dashboard/admin/managewithdrawals',
    '/dashboard/admin/managepayments',
    '/dashboard/admin/messages',
  ],
};

async function anyFundId(request: APIRequestContext): Promise<string> {
  // A demo fund (the one with most donors), not the newest: the newest may be a fund another
  // test has just approved and is about to close.
  const res = await request.get('/api/funds?sort=most-donors&pageSize=1');
  const id = ((await res.json()) as { items: { id: string }[] }).items[0]?.id;
  if (!id) throw new Error('no approved fund');
  return id;
}

/** The demo admin, signed in on `admin` (a cookie jar of its own). */
async function signInDemoAdmin(admin: APIRequestContext): Promise<void> {
  const signIn = await admin.post('/api/auth/sign-in/email', {
    headers: SITE_ORIGIN,
    data: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
}

/** A fund of a new raiser's, approved and then closed for good by the demo admin. */
async function closedFund(raiser: APIRequestContext, admin: APIRequestContext): Promise<string> {
  const account = await registerViaApi(raiser, { name: 'Salma Begum' });
  await signInDemoAdmin(admin);
  const found = await admin.get(`/api/admin/users?q=${encodeURIComponent(account.email)}`);
  const [user] = ((await found.json()) as { items: { id: string }[] }).items;
  const promoted = await admin.patch(`/api/admin/users/${user!.id}/role`, {
    data: { role: 'verified' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  const created = await raiser.post('/api/funds', {
    data: {
      name: `Winter blankets for Kurigram ${Date.now().toString(36)}`,
      image: '/images/funds/relief-fund.webp',
      description: 'Blankets for two hundred families before the cold wave.',
      cause: 'relief-fund',
      goalTk: 80_000,
      suggestedTk: 500,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const approved = await admin.patch(`/api/admin/funds/${id}`, {
    data: { status: 'approved', version: await shownFundVersion(admin, id, 'pending') },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const closed = await admin.put(`/api/admin/funds/${id}/hold`, {
    data: {
      action: 'close',
      reason: 'The organiser asked us to close it: the blankets were bought.',
      version: await shownFundVersion(admin, id, 'approved'),
    },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  return id;
}

/** Signs the page in as a new account of its own, in `lang`, with what `role` needs. */
async function signInAs(
  page: Page,
  admin: APIRequestContext,
  role: Exclude<Role, 'visitor'>,
  lang: Lang,
  ids: Ids,
) {
  // A Bangla name, as many donors have: it shows on pages in both languages.
  const account = await registerViaApi(page.request, { name: 'রহিমা খাতুন' });
  await signInDemoAdmin(admin);
  if (role !== 'donor') {
    const found = await admin.get(`/api/admin/users?q=${encodeURIComponent(account.email)}`);
    const [user] = ((await found.json()) as { items: { id: string }[] }).items;
    const changed = await admin.patch(`/api/admin/users/${user!.id}/role`, {
      data: { role: role === 'admin' ? 'admin' : 'verified' },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  }
  const chosen = await page.request.put('/api/me/language', { data: { language: lang } });
  expect(chosen.status(), await chosen.text()).toBe(200);
  if (role === 'donor') {
    ids.paymentId = await donateViaApi(page.request, ids.fundId, 750);
    const started = await page.request.post('/api/payments/checkout', {
      data: { fundId: ids.fundId, amountTk: 500, method: 'bkash' },
    });
    expect(started.status(), await started.text()).toBe(201);
    ids.checkoutUrl = new URL(
      ((await started.json()) as { redirectUrl: string }).redirectUrl,
      'http://localhost',
    ).pathname;
  }
  if (role === 'raiser') {
    const created = await page.request.post('/api/funds', {
      data: {
        name: `নলকূপ for Char Kukri-Mukri ${Date.now().toString(36)}`,
        image: '/images/funds/relief-fund.webp',
        description: 'চরের বিশটি পরিবারের জন্য নিরাপদ পানি। Clean water for twenty families.',
        cause: 'relief-fund',
        goalTk: 150_000,
        suggestedTk: 500,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const decided = await admin.patch(`/api/admin/funds/${id}`, {
      data: {
        status: 'approved',
        feedback: null,
        version: await shownFundVersion(admin, id, 'pending'),
      },
    });
    expect(decided.status(), await decided.text()).toBe(200);
    ids.ownFundId = id;
  }
}

/** The elements that stick out past the right edge of the screen, named for the message. */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const culprits: string[] = [];
    if (scrollWidth > width) {
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.right > width + 0.5 && culprits.length < 5) {
          const cls = typeof el.className === 'string' ? el.className.slice(0, 60) : '';
          culprits.push(
            `<${el.tagName.toLowerCase()} class="${cls}"> right=${Math.round(r.right)}`,
          );
        }
      }
    }
    return { width, scrollWidth, culprits };
  });
}

/**
 * A run of Bengali letters (no space: Chromium names every font that drew a glyph of the
 * node, and a space is drawn by a Latin font).
 */
const BENGALI_RUN = '[\\u0980-\\u09FF\\u200C\\u200D]+';

/**
 * Puts each run of Bengali letters in a span of its own (it keeps the style it had), so
 * the fonts that drew it can be asked for; answers how many runs there are. The text
 * nodes it splits are kept, for `unmarkBengaliRuns` to put back: the app goes on with the
 * same page, and React holds on to them.
 */
function markBengaliRuns(page: Page): Promise<number> {
  return page.evaluate((pattern) => {
    const run = new RegExp(pattern, 'g');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest('script,style,noscript,[aria-hidden="true"]')) continue;
      // Only what a person sees: a closed menu's letters load their font when it opens.
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (new RegExp(pattern).test((n as Text).data)) texts.push(n as Text);
    }
    let count = 0;
    const marked: [Text, Node[]][] = [];
    // One span per run as it is drawn (its letters, weight, style and fonts): the same
    // words in the same style are drawn with the same fonts.
    const seen = new Set<string>();
    for (const text of texts) {
      const style = getComputedStyle(text.parentElement!);
      const drawnAs = `${style.fontFamily}|${style.fontWeight}|${style.fontStyle}`;
      const parts = text.data.split(new RegExp(`(${pattern})`));
      const fragment = document.createDocumentFragment();
      const before = count;
      for (const part of parts) {
        if (!part) continue;
        const key = `${drawnAs}|${part}`;
        if (run.test(part) && !seen.has(key)) {
          seen.add(key);
          const span = document.createElement('span');
          span.dataset.bnRun = String(count++);
          span.textContent = part;
          fragment.append(span);
        } else fragment.append(part);
        run.lastIndex = 0;
      }
      if (count === before) continue;
      marked.push([text, Array.from(fragment.childNodes)]);
      text.replaceWith(fragment);
    }
    (window as unknown as { bnRunsMarked?: typeof marked }).bnRunsMarked = marked;
    return count;
  }, BENGALI_RUN);
}

/** Puts back the text nodes `markBengaliRuns` split. */
function unmarkBengaliRuns(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { bnRunsMarked?: [Text, Node[]][] };
    for (const [text, parts] of w.bnRunsMarked ?? []) {
      parts[0]?.parentNode?.insertBefore(text, parts[0]);
      for (const part of parts) part.parentNode?.removeChild(part);
    }
    w.bnRunsMarked = [];
  });
}

/**
 * The Bengali runs some font other than the site's own drew (a box on these machines).
 * The page is left as it was unless `keepMarks` (its last look).
 */
async function boxedRuns(page: Page, cdp: CDPSession, keepMarks = false): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  if ((await markBengaliRuns(page)) === 0) return [];
  try {
    return await fontsOfMarkedRuns(page, cdp);
  } finally {
    if (!keepMarks) await unmarkBengaliRuns(page);
  }
}

async function fontsOfMarkedRuns(page: Page, cdp: CDPSession): Promise<string[]> {
  // Laid out again with the spans, and every font a run needs loaded: a face the page
  // asks for only now (a weight no earlier text used) would otherwise be measured while
  // the fallback (Arial's stand-in, Liberation Sans) still stands in for it.
  await page.evaluate(async () => {
    void document.body.offsetHeight;
    await Promise.all(
      Array.from(document.querySelectorAll<HTMLElement>('[data-bn-run]')).map((el) => {
        const s = getComputedStyle(el);
        return document.fonts.load(
          `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`,
          el.textContent ?? '',
        );
      }),
    );
    void document.body.offsetHeight;
    await document.fonts.ready;
  });
  await page.waitForFunction(() => document.fonts.status === 'loaded');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
    nodeId: root.nodeId,
    selector: '[data-bn-run]',
  });
  const bad: string[] = [];
  for (const nodeId of nodeIds.slice(0, 150)) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const foreign = fonts.filter((f) => !f.isCustomFont);
    if (foreign.length === 0) continue;
    const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
    const { computedStyle } = await cdp.send('CSS.getComputedStyleForNode', { nodeId });
    const style = (name: string) => computedStyle.find((p) => p.name === name)?.value;
    bad.push(
      `${outerHTML.slice(0, 80)} (weight ${style('font-weight')}, ${style('font-family')}) drawn with ${foreign.map((f) => f.familyName).join(', ')}`,
    );
    if (bad.length >= 5) break;
  }
  return bad;
}

/**
 * The bar's items as they are drawn (the brand, the language switch, the avatar, Log Out,
 * the menu button): any two that overlap, or one past the screen's edge ("Easy Fund"
 * running into the language switch).
 */
function headerOverlaps(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('header nav');
    if (!bar) return [];
    const items = Array.from(bar.querySelectorAll('a, button'))
      .filter((el) => !el.closest('ul') && el.checkVisibility({ checkVisibilityCSS: true }))
      .map((el) => ({
        name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
        box: el.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    items.forEach(({ name, box }, i) => {
      if (box.left < -0.5 || box.right > width + 0.5)
        problems.push(
          `"${name}" is outside the screen (${Math.round(box.left)}–${Math.round(box.right)} px)`,
        );
      for (const other of items.slice(i + 1)) {
        const b = other.box;
        const apart =
          box.right <= b.left + 0.5 ||
          b.right <= box.left + 0.5 ||
          box.bottom <= b.top + 0.5 ||
          b.bottom <= box.top + 0.5;
        if (!apart) problems.push(`"${name}" overlaps "${other.name}"`);
      }
    });
    return problems;
  });
}

/**
 * Notices (`role="status"`) that wrap a word or two per line: a notice squeezed into a
 * column narrower than the screen's.
 */
function squeezedNotices(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const screen = document.documentElement.clientWidth;
    for (const notice of Array.from(document.querySelectorAll('main [role="status"]'))) {
      if (!notice.checkVisibility() || !notice.textContent?.trim()) continue;
      const box = notice.getBoundingClientRect();
      for (const block of Array.from(notice.querySelectorAll('strong, p, span'))) {
        const words = (block.textContent ?? '').trim().split(/\s+/).filter(Boolean).length;
        if (words < 4) continue;
        // Lines: the tops of the text's pieces, those closer than most of a line height
        // apart on one line (pieces of one line in different fonts start a little apart).
        const range = document.createRange();
        range.selectNodeContents(block);
        const step = parseFloat(getComputedStyle(block).fontSize) * 0.8;
        const tops = Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => r.top)
          .sort((a, b) => a - b);
        const lines = tops.filter((top, i) => i === 0 || top - tops[i - 1]! > step).length;
        if (lines > 1 && words / lines < 2.5)
          problems.push(
            `"${block.textContent!.trim().slice(0, 40)}…": ${words} words on ${lines} lines, the notice ${Math.round(box.width)} px wide on a ${screen} px screen`,
          );
      }
    }
    return problems;
  });
}

/** The language the next page is sent in: the cookie, and the account's when signed in. */
async function chooseLanguage(page: Page, baseURL: string, lang: Lang, signedIn: boolean) {
  await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL }]);
  if (!signedIn) return;
  const chosen = await page.request.put('/api/me/language', { data: { language: lang } });
  expect(chosen.status(), await chosen.text()).toBe(200);
}

/** Pages of the server's own, outside the app (the test gateway's checkout). */
const serverPage = (route: string) => route.startsWith('/test-gateway/');

/**
 * Every route in `lang`: the first page is loaded and the others are opened inside the app
 * (a page of the server's own is loaded). `control`: on the last page, the check itself
 * must see a box once the site's fonts are taken away.
 */
async function checkRoutes(
  page: Page,
  baseURL: string,
  routes: string[],
  lang: Lang,
  { signedIn, control }: { signedIn: boolean; control: boolean },
) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const quiet = networkQuiet(page);
  const problems: string[] = [];
  await chooseLanguage(page, baseURL, lang, signedIn);
  let loaded = false;
  for (const route of routes) {
    if (loaded && !serverPage(route)) await openInApp(page, route);
    else await page.goto(route);
    loaded = !serverPage(route);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('main').first()).toBeVisible();
    await expect(page.locator('main [aria-busy="true"], main .loading')).toHaveCount(0);
    await quiet();
    const at = `${route} (${lang})`;
    const { width, scrollWidth, culprits } = await overflowOf(page);
    if (scrollWidth > width)
      problems.push(
        `${at}: ${scrollWidth} px wide on a ${width} px screen: ${culprits.join('; ')}`,
      );
    for (const overlap of await headerOverlaps(page)) problems.push(`${at}: ${overlap}`);
    for (const notice of await squeezedNotices(page)) problems.push(`${at}: ${notice}`);
    for (const run of await boxedRuns(page, cdp)) problems.push(`${at}: ${run}`);
  }
  expect(problems, problems.join('\n')).toEqual([]);
  if (control) {
    // The check itself sees a box: without the site's fonts, this machine has none.
    await page.addStyleTag({ content: '* { font-family: sans-serif !important; }' });
    expect((await boxedRuns(page, cdp, true)).length).toBeGreaterThan(0);
  }
}

for (const role of ['visitor', 'donor', 'raiser', 'admin'] as const) {
  // One set-up per role (its account, fund and payments), then its pages in English and in
  // বাংলা, a test each, in order, on one page.
  test.describe(`every page of a ${role}`, () => {
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
    let routes: string[];
    test.beforeAll(async ({ browser, playwright }) => {
      test.setTimeout(3 * test.info().timeout);
      page = await browser.newPage();
      const admin = await playwright.request.newContext({ baseURL });
      const ids: Ids = { fundId: await anyFundId(page.request) };
      if (role === 'visitor') {
        const raiser = await playwright.request.newContext({ baseURL });
        ids.closedFundId = await closedFund(raiser, admin);
        await raiser.dispose();
      }
      // Signed in, the account's language sets the page's (and its cookie).
      if (role !== 'visitor') await signInAs(page, admin, role, 'en', ids);
      await admin.dispose();
      routes = ROUTES[role](ids);
    });
    test.afterAll(() => page.close());
    for (const lang of ['en', 'bn'] as const) {
      test(`fits the screen and draws every Bengali letter in ${lang === 'en' ? 'English' : 'বাংলা'}`, async () => {
        test.slow();
        await checkRoutes(page, baseURL, routes, lang, {
          signedIn: role !== 'visitor',
          control: role === 'visitor' && lang === 'bn',
        });
      });
    }
  });
}
