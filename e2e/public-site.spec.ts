import { type APIRequestContext, type Page } from '@playwright/test';
import { CAUSES } from '@easyfund/shared/constants';
import { formatTk } from '@easyfund/shared/money';
import {
  appReady,
  DEMO,
  expect,
  loginViaApi,
  loginViaUi,
  SITE_ORIGIN,
  test,
  uniqueEmail,
} from './fixtures';

interface Fund {
  id: string;
  name: string;
  description: string;
  raiserName: string;
  goalPoisha: number;
  raisedPoisha: number;
  donationCount: number;
  donorCount: number;
}

/** One approved demo fund, as its page's API answer reports it now (the list's cards
 *  leave its story out). */
async function demoFund(request: APIRequestContext, name: string): Promise<Fund> {
  const res = await request.get(`/api/funds?q=${encodeURIComponent(name)}`);
  const card = ((await res.json()) as { items: { id: string; name: string }[] }).items.find(
    (f) => f.name === name,
  );
  if (!card) throw new Error(`no approved fund named ${name}`);
  return (await (await request.get(`/api/funds/${card.id}`)).json()) as Fund;
}

/** Signs the request context in as the demo admin. */
async function asAdmin(request: APIRequestContext) {
  const res = await request.post('/api/auth/sign-in/email', {
    data: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  expect(res.status()).toBe(200);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('navbar', () => {
  test(
    'signed out: Home, Donate Now, Contact Us and Login, with the brand',
    { tag: '@smoke' },
    async ({ page }) => {
      await page.goto('/');
      const bar = nav(page);
      await expect(bar.getByRole('link', { name: 'Easy Fund, home' })).toHaveAttribute('href', '/');
      for (const [name, href] of [
        ['Home', '/'],
        ['Donate Now', '/donatenow'],
        ['Contact Us', '/contactus'],
        ['Login', '/login'],
      ] as const) {
        await expect(bar.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      await expect(bar.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
      await expect(bar.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
    },
  );

  test('signed in: Dashboard, the round avatar and Log Out; no Login', async ({ page }) => {
    await loginViaApi(page, DEMO.donor.email, DEMO.donor.password);
    await page.goto('/');
    const bar = nav(page);
    await expect(bar.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    const avatar = bar.getByRole('img', { name: DEMO.donor.name });
    await expect(avatar).toBeVisible();
    await expect(avatar.locator('xpath=..')).toHaveClass(/rounded-full/);
    await expect(bar.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);

    await bar.getByRole('button', { name: 'Log Out' }).click();
    await expect(bar.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  });

  test('a broken photo falls back to the default avatar', async ({ page }) => {
    const email = uniqueEmail('photo');
    const res = await page.request.post('/api/auth/sign-up/email', {
      headers: SITE_ORIGIN,
      data: { name: 'Broken Photo', email, password: 'photo123', image: '/images/missing.png' },
    });
    expect(res.status()).toBe(200);
    // Sign-up signs nobody in (it answers the same for a registered address).
    await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'photo123' } });
    await page.goto('/');
    await expect(nav(page).getByRole('img', { name: 'Broken Photo' })).toHaveAttribute(
      'src',
      '/images/avatar.svg',
    );
  });

  test('collapses into a keyboard-operable dropdown at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const bar = nav(page);
    const menu = bar.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(bar.getByRole('link', { name: 'Contact Us' })).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(bar.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bar.getByRole('link', { name: 'Contact Us' })).toBeHidden();
    await expect(menu).toBeFocused();

    // Keyboard only: open with Enter, Tab to a link, follow it.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(bar.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/donatenow$/);
    await expect(bar.getByRole('link', { name: 'Contact Us' })).toBeHidden();
  });
});

test.describe('footer', () => {
  test('shows the head office, social icons, Popular and Useful Links and the newsletter', async ({
    page,
  }) => {
    await page.goto('/contactus');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Head Office' })).toBeVisible();
    await expect(footer.getByText('Dhaka 1205, Bangladesh')).toBeVisible();
    await expect(footer.getByRole('link', { name: '+880 1700-000000' })).toHaveAttribute(
      'href',
      'tel:+8801700000000',
    );
    await expect(footer.getByRole('link', { name: 'hello@easyfund.example' })).toBeVisible();
    const social = footer.getByRole('list', { name: 'Easy Fund on social media' });
    await expect(social.getByRole('link')).toHaveCount(5);
    for (const name of ['Facebook', 'X', 'Instagram', 'YouTube', 'LinkedIn'])
      await expect(social.getByRole('link', { name: `Easy Fund on ${name}` })).toBeVisible();

    const popular = footer.getByRole('navigation', { name: 'Popular Links' });
    await expect(popular.getByRole('link')).toHaveText([
      'About Us',
      'Contact Us',
      'Popular Causes',
      'Upcoming Events',
      'Latest Blog',
    ]);
    const useful = footer.getByRole('navigation', { name: 'Useful Links' });
    await expect(useful.getByRole('link')).toHaveText([
      'Terms of use',
      'Privacy policy',
      'Cookies',
      'Help',
      'FQAs',
    ]);
    await expect(footer.getByPlaceholder('Email goes here')).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Submit' })).toBeVisible();
    await expect(footer.getByText("Don't worry, we don't spam!")).toBeVisible();

    await popular.getByRole('link', { name: 'Upcoming Events' }).click();
    await expect(page).toHaveURL(/\/#upcoming-events$/);
    await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeInViewport();
    await useful.getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  });

  test('subscribes to the newsletter once, answering a second subscribe the same way', async ({
    page,
  }) => {
    const email = uniqueEmail('news');
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const input = footer.getByPlaceholder('Email goes here');

    await input.fill('not-an-email');
    await footer.getByRole('button', { name: 'Submit' }).click();
    await expect(footer.getByRole('alert')).toHaveText('Invalid email address');

    await input.fill(email.toUpperCase());
    await footer.getByRole('button', { name: 'Submit' }).click();
    await expect(footer.getByText('Thank you for subscribing!')).toBeVisible();
    await expect(input).toHaveValue('');

    // The answer does not tell whether the address was already on the list.
    await input.fill(email);
    await footer.getByRole('button', { name: 'Submit' }).click();
    await expect(input).toHaveValue('');
    await expect(footer.getByText('Thank you for subscribing!')).toBeVisible();
  });
});

/** Waits until the hero carousel has finished moving (clicks during a move are ignored). */
async function settled(page: Page) {
  await expect(page.locator('.hero-carousel')).toHaveAttribute('data-moving', 'false');
}

test.describe('home', () => {
  test.describe('with motion', () => {
    // The words are typed only for those who have not asked for less motion.
    test.use({ reducedMotion: 'no-preference' });

    test('hero: heading, typed words, Donate Now, and the page title', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveTitle('Home - Easy Fund');
      const active = page.locator('.hero-slide[data-active]');
      await expect(active.getByRole('heading', { name: 'Welcome to our Easy Fund' })).toBeVisible();
      await expect(active.getByText('You can', { exact: true })).toBeVisible();
      const typed = active.locator('.typed-text');
      await expect(typed).toHaveText(/^Volunteer/);
      await expect(typed).toHaveText(/^Donate/);
      await expect(typed).toHaveText(/^Fund Raise!!/);
      const donate = active.getByRole('link', { name: 'Donate Now' });
      await expect(donate).toHaveAttribute('href', '/donatenow');
      await donate.click();
      await expect(page).toHaveURL(/\/donatenow$/);
    });
  });

  test('carousel: the arrows and the dots change the slide, and it loops', async ({ page }) => {
    await page.goto('/');
    // The arrows move the slides once the app runs (the server's page shows the first).
    await appReady(page);
    const active = page.locator('.hero-slide[data-active]');
    const step = async (button: string, expected: string) => {
      await settled(page);
      await page.getByRole('button', { name: button }).click();
      await expect(active).toHaveAttribute('aria-label', expected);
    };
    await expect(active).toHaveAttribute('aria-label', '1 of 2');
    await step('Next slide', '2 of 2');
    await expect(page.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await step('Next slide', '1 of 2');
    await step('Previous slide', '2 of 2');
    await step('Previous slide', '1 of 2');
    await step('Go to slide 2', '2 of 2');
    await step('Go to slide 1', '1 of 2');
    await expect(page.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(active.getByRole('link', { name: 'Donate Now' })).toBeVisible();
  });

  test('with reduced motion the words are shown without typing', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.locator('.hero-slide[data-active] .typed-text')).toHaveText(
      'Volunteer, Donate, Fund Raise!!',
    );
  });

  test.describe('below the hero', () => {
    // One load of the home page for its sections, a test each, in order on one page: the
    // images first, before anything scrolls; What We Do last (its link leaves the page).
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      page = await browser.newPage();
      await page.goto('/');
    });
    test.afterAll(() => page.close());

    test('images are our own files, sized, lazy below the fold, the first hero eager', async () => {
      await expect(page.locator('#latest-blog article')).toHaveCount(3);
      const images = await page.locator('main img').evaluateAll((imgs) =>
        imgs.map((img) => ({
          src: img.getAttribute('src') ?? '',
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          loading: img.getAttribute('loading'),
          priority: img.getAttribute('fetchpriority'),
          below: img.getBoundingClientRect().top > window.innerHeight,
        })),
      );
      expect(images.length).toBeGreaterThanOrEqual(7);
      for (const img of images) {
        expect(img.src, img.src).toMatch(/^\/images\/.+\.webp$/);
        expect(img.width && img.height, img.src).toBeTruthy();
        if (img.below) expect(img.loading, img.src).toBe('lazy');
      }
      expect(images.find((i) => i.src === '/images/home/hero-1.webp')?.priority).toBe('high');
      const res = await page.request.get('/images/home/hero-1-sm.webp');
      expect(res.headers()['content-type']).toBe('image/webp');
    });

    test('blog teaser: three cards by Admin with 15 Comments', async () => {
      const blog = page.locator('#latest-blog');
      await expect(
        blog.getByRole('heading', { name: 'Latest news & articles directly from our blog' }),
      ).toBeVisible();
      const posts = blog.getByRole('article');
      await expect(posts).toHaveCount(3);
      await expect(posts.nth(0)).toContainText('Sylhet');
      await expect(posts.nth(1)).toContainText('Chattogram');
      await expect(posts.nth(2)).toContainText('Food distribution in remote areas');
      for (let i = 0; i < 3; i++) {
        await expect(posts.nth(i)).toContainText('Admin');
        await expect(posts.nth(i)).toContainText('15 Comments');
      }
    });

    test('Upcoming Events with the two cards, then the donate banner', async () => {
      const events = page.locator('#upcoming-events');
      await expect(events.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
      await expect(events.getByText('Be ready for our upcoming charity events')).toBeVisible();
      const eventCards = events.getByRole('article');
      await expect(eventCards).toHaveCount(2);
      // The events recur on their day: shown on its next date, never in the past (decision 012).
      const expected = [
        [
          /\b1 Sept? 20\d\d/,
          '08:00 - 10:00',
          'Dhaka',
          'Educational Support for Less Privileged Children',
        ],
        [/\b10 Sept? 20\d\d/, '10:00 - 13:00', 'Khulna', 'Funds for New School Building'],
      ];
      for (const [i, texts] of expected.entries()) {
        const card = eventCards.nth(i);
        for (const t of texts) await expect(card).toContainText(t);
        await expect(card.getByRole('img')).toHaveCount(0); // decorative: alt=""
        await expect(card.locator('img')).toHaveAttribute(
          'src',
          /^\/images\/home\/event-\d\.webp$/,
        );
        await expect(card.getByRole('link', { name: /^Join Now/ })).toHaveAttribute(
          'href',
          '/donatenow',
        );
      }
      await expect(events.getByText(/slum and its nearby areas/)).toBeVisible();
      await expect(events.getByText(/damaged the old school/)).toBeVisible();

      const banner = page.getByRole('region', {
        name: "Let's donate to needy people for better lives",
      });
      await expect(banner.getByRole('paragraph').filter({ hasText: 'Donate Now' })).toBeVisible();
      await expect(banner.getByText(/verified sources/)).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Donate Now' })).toHaveAttribute(
        'href',
        '/donatenow',
      );
    });

    test('What We Do: the six causes and the statistics strip', async () => {
      const block = page.locator('#what-we-do');
      await expect(block.getByText('What We Do?', { exact: true })).toBeVisible();
      await expect(
        block.getByRole('heading', { name: 'We believe that we can save more lifes with you' }),
      ).toBeVisible();
      for (const cause of CAUSES) {
        await expect(block.getByRole('heading', { name: cause.title, exact: true })).toBeVisible();
        await expect(block.getByText(cause.text, { exact: true })).toBeVisible();
      }
      for (const [value, label] of [
        ['50+', 'Districts'],
        ['400+', 'Volunteers'],
        ['1,00,000', 'Goal'],
        ['45,000', 'Raised'],
      ] as const) {
        const item = block.getByRole('listitem').filter({ hasText: value });
        await expect(item).toContainText(label);
      }
      await block.getByRole('link', { name: 'Health Care' }).click();
      await expect(page).toHaveURL(/\/donatenow\?cause=health-care$/);
    });
  });
});

test.describe('donate now', () => {
  test(
    'lists approved funds as cards, loaded before the page shows',
    { tag: '@smoke' },
    async ({ page, request }) => {
      const fund = await demoFund(request, 'Flood Relief for Sylhet Families');
      await page.goto('/donatenow');
      await expect(page).toHaveTitle('Donate Now - Easy Fund');
      await expect(page.getByRole('heading', { level: 1, name: 'Donate Now' })).toBeVisible();
      // The cards are there as soon as the page is (retrying: a busy machine renders late).
      await expect.poll(() => page.getByRole('article').count()).toBeGreaterThanOrEqual(8);

      const card = page.getByRole('article').filter({ hasText: fund.name });
      await expect(card.getByRole('heading', { name: fund.name })).toBeVisible();
      await expect(card.locator('img')).toHaveAttribute('src', '/images/funds/relief-fund.webp');
      await expect(card).toContainText(`Raised by${fund.raiserName}`);
      await expect(card).toContainText(`Fund raised${formatTk(fund.raisedPoisha)}`);
      await expect(card).toContainText(`Goal${formatTk(fund.goalPoisha)}`);
      await expect(card.getByRole('progressbar')).toHaveAttribute(
        'aria-label',
        new RegExp(`^${formatTk(fund.raisedPoisha)} raised of ${formatTk(fund.goalPoisha)} goal`),
      );
      await card.getByRole('link', { name: /^View Details/ }).click();
      await expect(page).toHaveURL(new RegExp(`/donatenow/${fund.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: fund.name })).toBeVisible();
    },
  );

  test('search and cause filter are kept in the URL; no match has its own state', async ({
    page,
  }) => {
    await page.goto('/donatenow');
    const search = page.getByRole('search', { name: 'Find a fund' });
    await search.getByLabel('Search funds').fill('sylhet');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/donatenow\?q=sylhet$/);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article')).toContainText('Flood Relief for Sylhet Families');

    await page.goto('/donatenow');
    await page.getByLabel('Cause').selectOption({ label: 'Health Care' });
    await expect(page).toHaveURL(/cause=health-care/);
    await expect(page.getByRole('article').first()).toContainText('Health Care');
    await expect(page.getByRole('article').filter({ hasNotText: 'Health Care' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByLabel('Cause')).toHaveValue('health-care');

    await page.goto('/donatenow?q=no-such-fund-anywhere');
    await expect(page.getByLabel('Search funds')).toHaveValue('no-such-fund-anywhere');
    await expect(page.getByRole('heading', { name: 'No funds match your search' })).toBeVisible();
    await page.getByRole('link', { name: 'Show all funds' }).click();
    await expect(page).toHaveURL(/\/donatenow$/);
    // The address changes before the list renders: wait for it.
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThanOrEqual(8);
  });
  test('a list that cannot load shows an error state, and Try again recovers', async ({ page }) => {
    let down = true;
    await page.route(/\/api\/funds(\?.*)?$/, (route) =>
      down
        ? route.fulfill({
            status: 503,
            json: { error: { code: 'unavailable', message: 'Temporarily unavailable' } },
          })
        : route.continue(),
    );
    // A first visit's list comes with the page (the server's render); the browser asks
    // for it on the way from another page.
    await page.goto('/contactus');
    await appReady(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Donate Now' })
      .click();
    await expect(page.getByRole('alert')).toContainText('We could not load the funds');
    await expect(page.getByRole('heading', { level: 1, name: 'Donate Now' })).toBeVisible();
    down = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('article').first()).toBeVisible();
  });
});

test.describe('fund page', () => {
  test(
    'shows the fund: image, name, description, cause, raiser, goal, raised, donors, progress',
    { tag: '@smoke' },
    async ({ page, request }) => {
      const fund = await demoFund(request, 'Heart Surgery for Little Tanvir');
      await page.goto(`/donatenow/${fund.id}`);
      await expect(page).toHaveTitle('Fund Details - Easy Fund');
      await expect(page.getByRole('heading', { level: 1, name: fund.name })).toBeVisible();
      await expect(
        page.getByRole('img', { name: `Illustration for ${fund.name}` }),
      ).toHaveAttribute('src', '/images/funds/health-care.webp');
      await expect(page.getByText(fund.description)).toBeVisible();
      await expect(page.getByText('Health Care', { exact: true }).first()).toBeVisible();
      await expect(page.getByText(`Raised by ${fund.raiserName}`)).toBeVisible();
      const stats = page.locator('dl').first();
      await expect(stats).toContainText(`Goal${formatTk(fund.goalPoisha)}`);
      // The page shows the totals as they were when it loaded: the fund's before the visit,
      // or after a gift another test made to it meanwhile.
      const later = await demoFund(request, 'Heart Surgery for Little Tanvir');
      const either = (f: (x: typeof fund) => string) =>
        new RegExp(
          [f(fund), f(later)].map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
        );
      await expect(stats).toContainText(either((f) => `Fund raised${formatTk(f.raisedPoisha)}`));
      // Donors are distinct people; the donations are counted beside them.
      await expect(stats).toContainText(either((f) => `Donors${f.donorCount}`));
      await expect(
        page.getByText(new RegExp(`^(${fund.donationCount}|${later.donationCount}) donations? ·`)),
      ).toBeVisible();
      await expect(page.getByRole('progressbar').first()).toBeVisible();
      for (const name of ['100Tk', '500Tk', '1,000Tk', 'Other'])
        await expect(page.getByRole('radio', { name })).toBeVisible();
    },
  );

  test('Donate clicked before the session is known still asks to log in', async ({
    page,
    request,
  }) => {
    const fund = await demoFund(request, 'Winter Blankets for the Elderly');
    // A slow connection: the session answers only after the click.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/session', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto(`/donatenow/${fund.id}`);
    await page.getByRole('link', { name: 'Donate', exact: true }).click();
    answer();
    await expect(page.getByRole('dialog', { name: 'You have to Login first' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/donatenow/${fund.id}$`));
  });

  test(
    'signed out, Donate asks to log in first and Login comes back to the fund',
    { tag: '@smoke' },
    async ({ page, request }) => {
      const fund = await demoFund(request, 'Winter Blankets for the Elderly');
      await page.goto(`/donatenow/${fund.id}`);
      await page.getByRole('link', { name: 'Donate', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'You have to Login first' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: 'Add to selected donations' }).click();
      await expect(dialog).toBeVisible();
      const login = dialog.getByRole('link', { name: 'Login' });
      await expect(login).toHaveAttribute('href', `/login?from=/donatenow/${fund.id}`);
      await login.click();
      await expect(page).toHaveURL(/\/login\?from=/);
      await loginViaUi(page, DEMO.donor.email, DEMO.donor.password);
      await expect(page).toHaveURL(new RegExp(`/donatenow/${fund.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: fund.name })).toBeVisible();
    },
  );

  test('the chosen amount reaches the pay page URL', async ({ page, request }) => {
    const fund = await demoFund(request, 'Women Tailoring Startup in Rangpur');
    await loginViaApi(page, DEMO.donor.email, DEMO.donor.password);
    await page.goto(`/donatenow/${fund.id}`);
    await page.getByRole('radio', { name: '500Tk' }).check();
    await page.getByRole('link', { name: 'Donate', exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/dashboard/selecteddonation/pay/${fund.id}\\?amount=500$`),
    );

    await page.goto(`/donatenow/${fund.id}`);
    await page.getByRole('radio', { name: 'Other' }).check();
    const other = page.getByLabel('Other amount (Tk)');
    await expect(other).toBeFocused();
    await other.fill('5');
    await expect(page.getByRole('alert')).toHaveText(
      'Enter a whole amount from 10 Tk to 10,00,000 Tk',
    );
    await page.getByRole('link', { name: 'Donate', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/donatenow/${fund.id}$`));
    await other.fill('2500');
    await expect(page.getByText('Your donation: 2,500 Tk')).toBeVisible();
    await page.getByRole('link', { name: 'Donate', exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/dashboard/selecteddonation/pay/${fund.id}\\?amount=2500$`),
    );
  });

  test('adds the fund to the selected donations once', async ({ page, request }) => {
    const fund = await demoFund(request, 'Orphanage Trust of Chattogram');
    const email = uniqueEmail('cart');
    await page.request.post('/api/auth/sign-up/email', {
      headers: SITE_ORIGIN,
      data: { name: 'Cart Person', email, password: 'cart1234', image: '/images/avatar.svg' },
    });
    await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'cart1234' } });
    await page.goto(`/donatenow/${fund.id}`);
    const add = page.getByRole('button', { name: 'Add to selected donations' });
    await add.click();
    await expect(page.getByRole('status').filter({ hasText: 'Added' })).toHaveText(
      /Added to your selected donations\./,
    );
    await add.click();
    await expect(page.getByText('This fund is already in your selected donations.')).toBeVisible();
    const cart = await page.request.get('/api/cart');
    expect(JSON.stringify(await cart.json())).toContain(fund.id);
  });

  test('an unknown id and a pending fund show a not-found state', async ({ page, request }) => {
    await page.goto('/donatenow/7d1f6c1e-8a38-4a4e-9a53-6a8f1f7f0a11');
    await expect(page.getByRole('heading', { name: 'Fund not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See all funds' })).toHaveAttribute(
      'href',
      '/donatenow',
    );
    await page.goto('/donatenow/not-even-an-id');
    await expect(page.getByRole('heading', { name: 'Fund not found' })).toBeVisible();

    await asAdmin(request);
    const pending = (await (
      await request.get('/api/admin/funds?status=pending&pageSize=100')
    ).json()) as {
      items: { id: string; name: string }[];
    };
    const fund = pending.items.find((f) => f.name === 'Safe Drinking Water for Satkhira');
    expect(fund).toBeTruthy();
    await page.goto(`/donatenow/${fund!.id}`);
    await expect(page.getByRole('heading', { name: 'Fund not found' })).toBeVisible();
  });
});

test.describe('contact us', () => {
  test(
    'validates, stores the message and an admin can read it',
    { tag: '@smoke' },
    async ({ page, request }) => {
      await page.goto('/contactus');
      await expect(page).toHaveTitle('Contact Us - Easy Fund');
      for (const title of ['Location', 'Phone', 'Email'])
        await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();

      const form = page.getByRole('form', { name: 'Contact form' });
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.getByText('Name is required')).toBeVisible();
      await expect(form.getByText('Invalid email address')).toBeVisible();
      await expect(form.getByText('This field is required')).toBeVisible();

      const email = uniqueEmail('contact');
      const message = `Can I volunteer in Khulna? ${email}`;
      await form.getByLabel('Name').fill('Sumon Ahmed');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone').fill('abc');
      await form.getByLabel('Message').fill(message);
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.getByText('Enter a valid phone number')).toBeVisible();
      await form.getByLabel('Phone').fill('+880 1712-345678');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
      await expect(form.getByLabel('Name')).toHaveValue('');

      await asAdmin(request);
      const res = await request.get('/api/admin/contact-messages?pageSize=100');
      const stored = ((await res.json()) as { items: Record<string, unknown>[] }).items.find(
        (m) => m.email === email,
      );
      expect(stored).toMatchObject({ name: 'Sumon Ahmed', phone: '+880 1712-345678', message });
    },
  );
});

test.describe('404', () => {
  test('any other path shows the 404 page with Back to Home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('Page Not Found - Easy Fund');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { name: 'Welcome to our Easy Fund' }).first(),
    ).toBeVisible();
  });
});
