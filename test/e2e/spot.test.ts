// The spot terminal against a live server with the market-maker bot: a user credited with USDT places a limit buy
// below the market through the UI (seen in open orders and in the book), cancels it, then buys at the market and
// sees the trade and the balance change; screenshots in en, zh-CN and th.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { browserSkipReason, SCREEN_DIR, screenshot } from './browser.ts';
import type { TestServer } from './server.ts';
import { startBrowserSession, type BrowserSession } from './harness.ts';
import { signInThroughUi } from './accounts.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const USER = { email: 'spot@example.com', password: 'Spot12345678' };

describe.skipIf(skip !== null)('spot terminal', () => {
  let session: BrowserSession;
  let server: TestServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    session = await startBrowserSession({ bots: true, user: USER, coinUsdt: '50000' });
    ({ server, page, errors } = session);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  // The canvas book keeps the prices it shows (best first) and its row geometry in data attributes, once a frame.
  const book = () => page.getByTestId('book-canvas');
  const shown = async (side: 'bids' | 'asks') => ((await book().getAttribute(`data-${side}`)) ?? '').split(' ').filter(Boolean);
  const bidPrices = async () => (await shown('bids')).map(Number);
  /** Clicks the middle of the row showing `price` (bids below the mid strip, asks above it, best next to it). */
  const clickLevel = async (side: 'bids' | 'asks', price: string) => {
    const canvas = book();
    const [row, mid, perSide] = await Promise.all(['data-row-height', 'data-mid-height', 'data-per-side'].map(async (a) => Number(await canvas.getAttribute(a))));
    const i = (await shown(side)).indexOf(price);
    if (i < 0) throw new Error(`${price} is not shown in the ${side}`);
    const top = side === 'bids' ? perSide! * row! + mid! + i * row! : (perSide! - 1 - i) * row!;
    await canvas.click({ position: { x: 20, y: top + row! / 2 } });
  };
  const tab = (name: string) => page.getByRole('tab', { name }).click();
  const available = async () => Number((await page.getByTestId('available').textContent())?.replace(/[^\d.]/g, '') ?? 'NaN');

  it('shows the market to a visitor, with a prompt to log in', async () => {
    await page.goto(`${server.url}/currencyTransaction?symbol=BTCUSDT`);
    await page.getByTestId('page-currencyTransaction').waitFor();
    await expect.poll(async () => (await bidPrices()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByTestId('candle-chart').waitFor();
    await page.getByTestId('login-to-trade').waitFor();
    await page.getByTestId('signin-prompt').waitFor();
  });

  it('shows the depth chart as a tab beside the candles, with a readout under the pointer', async () => {
    const canvas = page.getByTestId('depth-chart').locator('canvas');
    // Pixels of the bid (green) and ask (red) curves drawn on the canvas.
    const painted = () =>
      canvas.evaluate((el) => {
        const cv = el as HTMLCanvasElement;
        const data = cv.getContext('2d')?.getImageData(0, 0, cv.width, cv.height).data ?? new Uint8ClampedArray();
        let green = 0;
        let red = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 1]! > 150 && data[i]! < 60) green++;
          if (data[i]! > 200 && data[i + 1]! < 90) red++;
        }
        return { width: cv.width, green, red };
      });
    await page.getByTestId('chart-view-depth').click();
    await canvas.waitFor();
    expect(await page.getByTestId('candle-chart').count()).toBe(0);
    await expect.poll(async () => {
      const p = await painted();
      return p.width > 0 && p.green > 0 && p.red > 0;
    }, { timeout: 20_000 }).toBe(true);
    const box = await canvas.boundingBox();
    if (!box) throw new Error('depth canvas not laid out');
    const before = (await painted()).green;
    // Over the bids (left of the mid): a marker and a readout box join the drawing.
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await expect.poll(async () => (await painted()).green, { timeout: 5_000 }).toBeGreaterThan(before);
    await screenshot(page, 'spot-depth');
    await page.getByTestId('chart-view-candles').click();
    await page.getByTestId('candle-chart').waitFor();
  });

  it('places a limit buy below the market, sees it in open orders and the book, and cancels it', async () => {
    await signInThroughUi(page, server.url, USER.email, USER.password);
    await page.goto(`${server.url}/currencyTransaction?symbol=BTCUSDT`);
    await expect.poll(async () => (await bidPrices()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(available, { timeout: 10_000 }).toBe(50000);
    const best = Math.max(...(await bidPrices()));
    // 0.2 % below the best bid: inside the rows the panel shows of the bot's 30-level book, far from being hit.
    const price = (Math.floor(best * 0.998 * 100) / 100).toFixed(2);
    await page.locator('input[name="price"]').fill(price);
    await page.locator('input[name="amount"]').fill('0.01');
    await page.getByTestId('place-order').click();
    await expect.poll(() => page.getByTestId('cancel-order').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await bidPrices()).includes(Number(price)), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'spot-open-order-en');
    // The order's level on the canvas hands its price back to the form when clicked.
    await page.locator('input[name="price"]').fill('');
    const level = (await shown('bids')).find((p) => Number(p) === Number(price));
    if (!level) throw new Error(`order price ${price} missing from the book`);
    await expect.poll(async () => {
      await clickLevel('bids', level);
      return page.locator('input[name="price"]').inputValue();
    }, { timeout: 10_000 }).toBe(Number(level).toFixed(2)); // at the market's tick (0.01), not the feed's 8 decimals
    await page.getByTestId('cancel-order').click();
    await expect.poll(() => page.getByTestId('cancel-order').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await bidPrices()).includes(Number(price)), { timeout: 10_000 }).toBe(false);
  });

  it('picks a price from the canvas book by click and by keyboard, and follows the panel height', async () => {
    await expect.poll(async () => (await shown('asks')).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const price = page.locator('input[name="price"]');
    const bestAsk = (await shown('asks'))[0]!;
    await clickLevel('asks', bestAsk);
    // The book moves under the bot's quotes: the picked price is one the book showed a moment ago.
    await expect.poll(() => price.inputValue()).not.toBe('');
    expect(Number(await price.inputValue())).toBeGreaterThan(0);
    // Keyboard: focus the canvas, the first Down lights the best bid, Enter picks it.
    await price.fill('');
    await book().focus();
    await page.keyboard.press('ArrowDown');
    const best = (await shown('bids'))[0];
    await page.keyboard.press('Enter');
    await expect.poll(() => price.inputValue()).not.toBe('');
    expect(Math.abs(Number(await price.inputValue()) - Number(best)) / Number(best)).toBeLessThan(0.01);
    expect(await book().getAttribute('aria-label')).toBeTruthy();
    // Crisp: the backing store is the CSS size times the device pixel ratio; the rows shown fit the height.
    const size = await book().evaluate((el) => {
      const cv = el as HTMLCanvasElement;
      return { w: cv.width, h: cv.height, cssW: cv.clientWidth, cssH: cv.clientHeight, ratio: devicePixelRatio, perSide: Number(cv.dataset['perSide']), row: Number(cv.dataset['rowHeight']), mid: Number(cv.dataset['midHeight']) };
    });
    expect(size.w).toBe(Math.round(size.cssW * size.ratio));
    expect(size.h).toBe(Math.round(size.cssH * size.ratio));
    expect(size.perSide).toBe(Math.floor((size.cssH - size.mid) / (2 * size.row)));
    expect(size.perSide).toBeGreaterThan(0);
  });

  it("shows the server's refusal by its message", async () => {
    // A price off the market's step passes the form's own checks; the server refuses it.
    await page.locator('input[name="price"]').fill('90000.123456');
    await page.locator('input[name="amount"]').fill('0.01');
    await page.getByTestId('place-order').click();
    await expect.poll(() => page.getByTestId('order-refusal').textContent()).toContain("multiple of 0.01");
    expect(await page.getByTestId('cancel-order').count()).toBe(0);
  });

  it('refuses an empty amount before sending, with the rule message', async () => {
    await page.getByTestId('type-market').click();
    await page.getByTestId('place-order').click();
    await page.getByTestId('order-error').waitFor();
  });

  it('buys at the market: a trade in the history, the balance and the candle change', async () => {
    const before = await available();
    const bar = async () => {
      const d = await page.getByTestId('candle-chart').evaluate((el) => ({ ...(el as HTMLElement).dataset }));
      return { time: Number(d['lastTime'] ?? 0), volume: Number(d['lastVolume'] ?? 0) };
    };
    const barBefore = await bar();
    await page.locator('input[name="total"]').fill('200');
    await page.getByTestId('place-order').click();
    await expect.poll(available, { timeout: 10_000 }).toBeLessThan(before);
    // 200 USDT buys at least 0.002 BTC below 100,000: the live bar's volume grows by that much (or a new bar began).
    await expect
      .poll(async () => {
        const now = await bar();
        return now.time > barBefore.time ? now.volume > 0 : now.volume - barBefore.volume >= 0.002;
      }, { timeout: 10_000 })
      .toBe(true);
    await tab('Trade history');
    await expect.poll(() => page.getByTestId('trade-history').locator('tbody tr td').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await tab('Balances');
    await expect.poll(() => page.getByTestId('balances').getByText('BTC', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
  });

  it('looks right in en, zh-CN and th, with no console errors', async () => {
    for (const lang of ['en', 'zh-CN', 'th']) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${server.url}/currencyTransaction?symbol=BTCUSDT`);
      await expect.poll(async () => (await bidPrices()).length, { timeout: 20_000 }).toBeGreaterThan(0);
      await page.waitForTimeout(1500);
      await screenshot(page, `spot-${lang}`);
      // The canvas book alone, at full size, to check its text is crisp and its columns line up with the header.
      await page.getByTestId('order-book').screenshot({ path: join(SCREEN_DIR, `spot-book-${lang}.png`) });
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    expect(errors).toEqual([]);
  });

  it('says up front that a market under maintenance takes no orders', async () => {
    const set = await server.handle.trading.desks.spot.setMarketStatus('ETHUSDT', { maintenance: true });
    expect(set.ok).toBe(true);
    await page.goto(`${server.url}/currencyTransaction?symbol=ETHUSDT`);
    await expect.poll(() => page.getByTestId('market-closed').textContent(), { timeout: 10_000 }).toContain('maintenance');
    expect(await page.getByTestId('place-order').isDisabled()).toBe(true);
  });
});
