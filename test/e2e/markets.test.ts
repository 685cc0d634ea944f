// The market page against a live server with the market-maker bot: every market with prices, search, sort, and a
// favourite that survives a reload (in this browser signed out, on the account signed in, merged at first sign-in);
// screenshots in en, zh-CN and th.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API } from '../../server/contract/api.ts';
import { createUser, signInThroughUi } from './accounts.ts';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const MARKETS = 12;
const USER = { email: 'watch@example.com', password: 'Secret12345' };

describe.skipIf(skip !== null)('market page', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startTestServer({ bots: true });
    await createUser(server, USER);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const rows = () => page.getByTestId('market-row');
  const symbols = () => rows().evaluateAll((els) => els.map((e) => e.getAttribute('data-symbol') ?? ''));
  const prices = () => page.getByTestId('last-price').allTextContents();

  it('lists all markets with prices once the bot trades', async () => {
    await page.goto(`${server.url}/quotation`);
    await page.getByTestId('page-quotation').waitFor();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(MARKETS);
    // The bot's crossing orders are random per visit; on a loaded 2-core CI machine a market can take a while.
    await expect.poll(async () => (await prices()).filter((p) => p !== '--').length, { timeout: 60_000 }).toBe(MARKETS);
  }, 90_000);

  it('filters by search', async () => {
    await page.getByTestId('market-search').fill('eth');
    await expect.poll(symbols).toEqual(['ETHUSDT']);
    await page.getByTestId('market-search').fill('');
    await expect.poll(() => rows().count()).toBe(MARKETS);
  });

  it('sorts by pair both ways', async () => {
    await page.getByTestId('sort-symbol').click();
    const up = await symbols();
    expect(up).toEqual([...up].sort());
    await page.getByTestId('sort-symbol').click();
    const down = await symbols();
    expect(down).toEqual([...up].reverse());
  });

  it('keeps a favourite after a reload, in the watchlist tab', async () => {
    await page.locator('[data-symbol="SOLUSDT"]').getByTestId('favourite').click();
    await page.reload();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(MARKETS);
    expect(await page.locator('[data-symbol="SOLUSDT"]').getByTestId('favourite').getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('tab', { name: 'Watchlist' }).click();
    await expect.poll(symbols).toEqual(['SOLUSDT']);
  });

  const starred = (symbol: string) => page.locator(`[data-symbol="${symbol}"]`).getByTestId('favourite').getAttribute('aria-pressed');
  const serverList = () =>
    page.evaluate(async (path) => {
      const r = await fetch(path, { headers: { ticket: localStorage.getItem('token') ?? '' } });
      return ((await r.json()) as { data: { symbols: string[] } }).data.symbols;
    }, API.favouritesList);

  it('keeps a favourite on the account when signed in, merged with this browser\'s list at first sign-in', async () => {
    await signInThroughUi(page, server.url, USER.email, USER.password);
    await page.goto(`${server.url}/quotation`);
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(MARKETS);
    // The list this browser kept signed out went to the account.
    await expect.poll(serverList).toEqual(['SOLUSDT']);
    await expect.poll(() => starred('SOLUSDT')).toBe('true');
    await page.locator('[data-symbol="ETHUSDT"]').getByTestId('favourite').click();
    await expect.poll(serverList).toEqual(['SOLUSDT', 'ETHUSDT']);
    await page.reload();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(MARKETS);
    await expect.poll(() => starred('ETHUSDT')).toBe('true');
    await page.getByRole('tab', { name: 'Watchlist' }).click();
    await expect.poll(async () => (await symbols()).sort()).toEqual(['ETHUSDT', 'SOLUSDT']);
    expect(await page.getByTestId('watchlist-note').textContent()).toContain('saved to your account');

    // Another browser signed in as the same user sees the account's list.
    const other = await launchBrowser();
    try {
      const otherPage = await other.context.newPage();
      await signInThroughUi(otherPage, server.url, USER.email, USER.password);
      await otherPage.goto(`${server.url}/quotation`);
      await expect.poll(() => otherPage.getByTestId('market-row').count(), { timeout: 20_000 }).toBe(MARKETS);
      await expect
        .poll(() => otherPage.locator('[data-symbol="ETHUSDT"]').getByTestId('favourite').getAttribute('aria-pressed'))
        .toBe('true');
    } finally {
      await other.close();
    }

    // Signed out, this browser's own list shows again.
    await signOut();
    await page.goto(`${server.url}/quotation`);
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(MARKETS);
    expect(await starred('SOLUSDT')).toBe('true');
    expect(await starred('ETHUSDT')).toBe('false');
  });

  // Logout answers, then the page goes to the login page: leaving before that would keep the session.
  async function signOut() {
    await page.getByTestId('user-menu').hover();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login\b/);
  }

  it('keeps a star clicked while the account\'s list is still loading, on the account and not in this browser', async () => {
    // The account's list is held back until the star is clicked, as on a slow connection.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${API.favouritesList}`, async (route) => {
      await held;
      await route.continue();
    }, { times: 1 });
    // Signed in from the login page, which goes on to the market page: one page, so the held request stays held.
    await page.goto(`${server.url}/login?statusType=0&redirect=${encodeURIComponent('/quotation')}`);
    await page.locator('input[name="account"]').fill(USER.email);
    await page.locator('input[name="password"]').fill(USER.password);
    await page.getByTestId('submit').click();
    await page.getByTestId('page-quotation').waitFor();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(MARKETS);
    await page.locator('[data-symbol="XRPUSDT"]').getByTestId('favourite').click();
    expect(await starred('XRPUSDT')).toBe('true');
    release();
    await expect.poll(serverList).toEqual(['SOLUSDT', 'ETHUSDT', 'XRPUSDT']);
    await expect.poll(() => starred('ETHUSDT')).toBe('true');
    expect(await starred('XRPUSDT')).toBe('true');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('favouriteMarkets'))) ?? '[]')).toEqual(['SOLUSDT']);
    // Signed in, the account's three stars, in English and Chinese.
    for (const lang of ['en', 'zh-CN']) {
      await page.goto(`${server.url}/quotation?lang=${lang}`);
      await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(MARKETS);
      await expect.poll(() => starred('XRPUSDT')).toBe('true');
      await screenshot(page, `markets-signed-in-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await signOut();
    await page.goto(`${server.url}/quotation`);
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(MARKETS);
    expect(await starred('XRPUSDT')).toBe('false');
  });

  it('looks right in en, zh-CN and th, with no console errors', async () => {
    for (const lang of ['en', 'zh-CN', 'th']) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${server.url}/quotation`);
      await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(MARKETS);
      await page.waitForTimeout(800);
      await screenshot(page, `markets-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    expect(errors).toEqual([]);
  });
});
