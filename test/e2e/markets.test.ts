// The market page against a live server with the market-maker bot: every market with prices, search, sort, and a
// favourite that survives a reload; screenshots in en, zh-CN and th.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const MARKETS = 12;

describe.skipIf(skip !== null)('market page', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startTestServer({ bots: true });
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
    await expect.poll(async () => (await prices()).filter((p) => p !== '--').length, { timeout: 20_000 }).toBe(MARKETS);
  });

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
