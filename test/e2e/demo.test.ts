// A fresh demo exchange looks like a real market: the server starts with a replayed past (six hours here, a week
// with `npm start`) and the market maker running, so the terminal opens on a chart full of candles and a book 30
// levels deep a side; clicking a level fills the order form at the market's tick and step precision. Screenshots
// in en, ja and th.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startServer, type ServerHandle } from '../../server/server.ts';
import { browserSkipReason, launchBrowser, SCREEN_DIR, screenshot, watchErrors, type Browser } from './browser.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const PAST_MS = 6 * 3_600_000;

describe.skipIf(skip !== null)('demo market at first start', () => {
  let server: ServerHandle;
  let dataDir: string;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let started = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'openex-e2e-demo-'));
    const staticDir = process.env['E2E_DIST'];
    const t0 = Date.now();
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, logger: false, ...(staticDir ? { staticDir } : {}), bots: true, backfillMs: PAST_MS });
    started = Date.now() - t0;
    console.log(`server with six hours of history ready in ${started} ms`);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    errors = watchErrors(page);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const book = () => page.getByTestId('book-canvas');
  const shown = async (side: 'bids' | 'asks') => ((await book().getAttribute(`data-${side}`)) ?? '').split(' ').filter(Boolean);
  /** Clicks the middle of the row showing `price` (bids below the mid strip, asks above it, best next to it). */
  const clickLevel = async (side: 'bids' | 'asks', i: number) => {
    const canvas = book();
    const [row, mid, perSide] = await Promise.all(['data-row-height', 'data-mid-height', 'data-per-side'].map(async (a) => Number(await canvas.getAttribute(a))));
    const top = side === 'bids' ? perSide! * row! + mid! + i * row! : (perSide! - 1 - i) * row!;
    await canvas.click({ position: { x: 20, y: top + row! / 2 }, timeout: 5_000 });
  };
  const open = async (lang: string) => {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    const klines = page.waitForResponse((r) => r.url().includes('/api/v3/klines') && r.url().includes('BTCUSDT') && r.url().includes('interval=1m'));
    await page.goto(`${server.url}/currencyTransaction?symbol=BTCUSDT`);
    await page.getByTestId('page-currencyTransaction').waitFor();
    return (await (await klines).json()) as unknown[];
  };

  it('opens on a chart of the replayed past: a candle for every minute', { timeout: 60_000 }, async () => {
    await page.goto(server.url);
    const bars = await open('en');
    // Six hours of one-minute candles (the chart asks for its window of them), all from recorded trades.
    expect(bars.length).toBeGreaterThanOrEqual(300);
    const times = bars.map((b) => (Array.isArray(b) ? Number(b[0]) : NaN));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(60_000);
    await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
  });

  it('shows a book 30 levels deep a side in a tall panel', { timeout: 60_000 }, async () => {
    // The stream asks for up to 60 levels a side; a tall window shows more rows than the desk layout's default.
    await page.setViewportSize({ width: 1440, height: 2000 });
    await expect.poll(async () => (await shown('bids')).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(30);
    await expect.poll(async () => (await shown('asks')).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(30);
    const bids = (await shown('bids')).map(Number);
    const asks = (await shown('asks')).map(Number);
    expect(Math.max(...bids)).toBeLessThan(Math.min(...asks));
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('fills the order form at the tick and step precision when a level is clicked or entered', { timeout: 60_000 }, async () => {
    await expect.poll(async () => (await shown('bids')).length, { timeout: 20_000 }).toBeGreaterThan(2);
    const price = page.locator('input[name="price"]');
    const amount = page.locator('input[name="amount"]');
    await screenshot(page, 'demo-before-pick');
    await clickLevel('bids', 2);
    // BTC/USDT: tick 0.01, step 0.00001 → "95256.00" and "1.23456", never "95256.00000000".
    await expect.poll(() => price.inputValue()).toMatch(/^\d+\.\d{2}$/);
    expect(await amount.inputValue({ timeout: 2_000 })).toMatch(/^\d+\.\d{5}$/);
    expect(Number(await amount.inputValue({ timeout: 2_000 }))).toBeGreaterThan(0);
    // The bid's price is in the field already: wait for the ask's to replace it (a loaded machine may take a frame).
    const bidPicked = await price.inputValue();
    await clickLevel('asks', 0);
    await expect.poll(() => price.inputValue()).not.toBe(bidPicked);
    expect(await price.inputValue()).toMatch(/^\d+\.\d{2}$/);
    const ask = Number(await price.inputValue());
    expect(ask).toBeGreaterThan(Number((await shown('bids'))[0]));
    // The keyboard: arrows then Enter on the focused book.
    await price.fill('');
    await book().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => price.inputValue()).toMatch(/^\d+\.\d{2}$/);
    expect(await amount.inputValue()).toMatch(/^\d+\.\d{5}$/);
    await screenshot(page, 'demo-picked-en');
  });

  it('looks right in en, ja and th, with no console errors', { timeout: 90_000 }, async () => {
    for (const lang of ['en', 'ja', 'th']) {
      await open(lang);
      await expect.poll(async () => (await shown('bids')).length, { timeout: 20_000 }).toBeGreaterThan(0);
      await page.waitForTimeout(2000);
      await screenshot(page, `demo-${lang}`);
      await page.getByTestId('order-book').screenshot({ path: join(SCREEN_DIR, `demo-book-${lang}.png`) });
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    expect(errors).toEqual([]);
  });
});
