// The spot terminal's dock against a live server with the market-maker bot: tabs dragged between groups and onto
// a group's edge, a splitter dragged and moved by keyboard, a panel closed and restored, a chart and book of
// ETHUSDT beside BTCUSDT with live data, the layout kept over a reload, on the account and on another device
// after sign-in, reset to the default, one column on a narrow screen; screenshots in en, zh-CN and th.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { browserSkipReason, launchBrowser, SCREEN_DIR, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';
import { createUser, signInThroughUi } from './accounts.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const USER = { email: 'layout@example.com', password: 'Layout12345678' };
const DEFAULT_DESK = [['markets'], ['chart'], ['book'], ['entry'], ['trades'], ['account']];

describe.skipIf(skip !== null)('spot terminal layout', () => {
  let server: TestServer;
  let browser: Browser;
  let other: Browser | undefined;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startTestServer({ bots: true });
    await createUser(server, USER);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    // A step that cannot happen fails with its own message well before the test's time runs out.
    page.setDefaultTimeout(10_000);
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await other?.close();
    await browser?.close();
    await server?.close();
  });

  const open = async (p: Page) => {
    await p.goto(`${server.url}/currencyTransaction?symbol=BTCUSDT`);
    await p.getByTestId('dock').waitFor();
  };
  /** The desk as the panel kinds (with their own market) of each group, in document order. */
  const desk = (p: Page) =>
    p.getByTestId('dock-group').evaluateAll((groups) =>
      groups.map((g) => [...g.querySelectorAll<HTMLElement>('[data-testid="dock-tab"]')].map((t) => [t.dataset.kind, t.dataset.symbol].filter(Boolean).join(':'))),
    );
  const tab = (p: Page, kind: string, symbol?: string) =>
    p.locator(`[data-testid="dock-tab"][data-kind="${kind}"]${symbol ? `[data-symbol="${symbol}"]` : ':not([data-symbol])'}`);
  const groupWith = (p: Page, kind: string, symbol?: string) => p.getByTestId('dock-group').filter({ has: tab(p, kind, symbol) });
  const box = async (l: Locator) => {
    const b = await l.boundingBox();
    if (!b) throw new Error('not laid out');
    return b;
  };
  /**
   * A screenshot of the viewport only, for moments with a menu open or a drag under way: a full-page shot resizes
   * the window for a moment, which would close the menu or end the drag.
   */
  async function viewShot(name: string) {
    mkdirSync(SCREEN_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREEN_DIR, `${name}.png`) });
  }
  /** Presses on `from`, moves in steps to (x, y), checks the drop indicator, releases. */
  async function dragTo(from: Locator, x: number, y: number, zone: string, shot?: string) {
    const b = await box(from);
    await page.mouse.move(b.x + b.width / 3, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 3 + 12, b.y + b.height / 2 + 12, { steps: 3 });
    await page.mouse.move(x, y, { steps: 10 });
    await expect.poll(() => page.getByTestId('drop-indicator').getAttribute('data-zone')).toBe(zone);
    await page.getByTestId('dock-ghost').waitFor();
    if (shot) await viewShot(shot);
    await page.mouse.up();
    expect(await page.getByTestId('drop-indicator').count()).toBe(0);
  }
  /** No two groups overlap and each has room to show something. */
  async function tidy(p: Page) {
    const boxes = await p.getByTestId('dock-group').evaluateAll((gs) => gs.map((g) => g.getBoundingClientRect().toJSON() as DOMRect));
    for (const b of boxes) expect(b.width > 100 && b.height > 60, JSON.stringify(b)).toBe(true);
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
        expect(overlap, `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(false);
      }
  }
  /** Green and red pixels on a canvas: a book drawn with live levels. */
  const painted = (canvas: Locator) =>
    canvas.evaluate((el) => {
      const cv = el as HTMLCanvasElement;
      const data = cv.getContext('2d')?.getImageData(0, 0, cv.width, cv.height).data ?? new Uint8ClampedArray();
      let green = 0;
      let red = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 1]! > 150 && data[i]! < 60) green++;
        if (data[i]! > 200 && data[i + 1]! < 90) red++;
      }
      return green > 0 && red > 0;
    });
  const lastPrice = async (group: Locator) => Number(((await group.getByTestId('spot-last').textContent()) ?? '').replace(/[^\d.]/g, ''));

  it('shows the default desk: six panels filling their places, the chart as tall as its leaf', async () => {
    await open(page);
    expect(await desk(page)).toEqual(DEFAULT_DESK);
    await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
    await tidy(page);
    const chart = await box(page.getByTestId('candle-chart'));
    const leaf = await box(groupWith(page, 'chart'));
    expect(chart.height).toBeGreaterThan(leaf.height - 90);
    expect(await page.getByTestId('order-book').count()).toBe(1);
  });

  it('drags a tab into another group, then onto the edge of a group', async () => {
    const strip = await box(tab(page, 'book'));
    await dragTo(tab(page, 'trades'), strip.x + strip.width + 20, strip.y + strip.height / 2, 'tabs');
    expect(await desk(page)).toEqual([['markets'], ['chart'], ['book', 'trades'], ['entry'], ['account']]);
    expect(await tab(page, 'trades').getAttribute('aria-selected')).toBe('true');
    // Out again, under the chart.
    const chart = await box(groupWith(page, 'chart'));
    await dragTo(tab(page, 'trades'), chart.x + chart.width / 2, chart.y + chart.height - 15, 'bottom', 'layout-drag-en');
    expect(await desk(page)).toEqual([['markets'], ['chart'], ['trades'], ['book'], ['entry'], ['account']]);
    const trades = await box(groupWith(page, 'trades'));
    expect(Math.abs(trades.x - chart.x)).toBeLessThan(2);
    expect(trades.y).toBeGreaterThan(chart.y + 100);
    await tidy(page);
  });

  it('resizes with a splitter, by pointer and by keyboard', async () => {
    const bar = page.locator('[data-testid="dock-splitter"][data-split="top"][data-index="0"]');
    const before = (await box(groupWith(page, 'markets'))).width;
    const now = Number(await bar.getAttribute('aria-valuenow'));
    const b = await box(bar);
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + 120, b.y + b.height / 2, { steps: 8 });
    await page.mouse.up();
    const after = (await box(groupWith(page, 'markets'))).width;
    expect(after - before).toBeGreaterThan(100);
    expect(after - before).toBeLessThan(140);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(now);
    await bar.focus();
    const held = Number(await bar.getAttribute('aria-valuenow'));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBe(held - 4);
    // Never below the minimum, however far it is dragged.
    const c = await box(bar);
    await page.mouse.move(c.x + 2, c.y + c.height / 2);
    await page.mouse.down();
    await page.mouse.move(0, c.y + c.height / 2, { steps: 5 });
    await page.mouse.up();
    expect((await box(groupWith(page, 'markets'))).width).toBeGreaterThanOrEqual(135);
  });

  it('closes a panel and restores it from the Panels menu', async () => {
    await tab(page, 'markets').getByTestId('dock-close').click();
    expect(await tab(page, 'markets').count()).toBe(0);
    await page.getByTestId('dock-panels').click();
    await page.locator('[data-testid="dock-restore"][data-kind="markets"]').click();
    await tab(page, 'markets').waitFor();
    await page.getByTestId('dock-panels').click();
    expect(await page.getByTestId('dock-restore').count()).toBe(0);
    await page.keyboard.press('Escape');
    await tidy(page);
  });

  it('moves a panel from the keyboard through its group menu', async () => {
    await groupWith(page, 'trades').getByTestId('dock-group-menu').focus();
    await page.keyboard.press('Enter');
    const list = page.getByTestId('dock-group-menu-list');
    await list.waitFor();
    const focused = () => page.evaluate(() => `${document.activeElement?.getAttribute('role')}:${document.activeElement?.textContent ?? ''}`);
    await expect.poll(focused).toMatch(/^menuitem:/);
    for (let i = 0; i < 12 && !(await focused()).includes('Move into Order book'); i++) await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('menuitem:Move into Order book');
    await page.keyboard.press('Enter');
    expect(await list.count()).toBe(0);
    expect(await groupWith(page, 'book').locator('[data-testid="dock-tab"][data-kind="trades"]').count()).toBe(1);
    // And out again below the book, from the same menu.
    await groupWith(page, 'book').getByTestId('dock-group-menu').click();
    await page.getByTestId('dock-group-menu-list').waitFor();
    await viewShot('layout-group-menu-en');
    await page.getByTestId('dock-group-menu-list').getByRole('menuitem', { name: 'Split downwards' }).click();
    const book = await box(groupWith(page, 'book'));
    const trades = await box(groupWith(page, 'trades'));
    expect(trades.y).toBeGreaterThan(book.y + book.height - 2);
    await tidy(page);
  });

  it('keeps the quantitative robot as its own mode of the entry panel', async () => {
    await page.getByRole('tab', { name: 'Quantitative', exact: true }).click();
    await groupWith(page, 'entry').getByTestId('quant-entry').waitFor();
    expect(await page.getByTestId('order-form').count()).toBe(0);
    await page.getByRole('tab', { name: 'Manual', exact: true }).click();
    await groupWith(page, 'entry').getByTestId('order-form').waitFor();
  });

  it('docks a panel along a whole side of the desk', async () => {
    const dockBox = await box(page.getByTestId('dock'));
    await dragTo(tab(page, 'account'), dockBox.x + dockBox.width - 6, dockBox.y + dockBox.height / 2, 'desk-right', 'layout-drag-desk-en');
    const account = await box(groupWith(page, 'account'));
    expect(account.height).toBeGreaterThan(dockBox.height - 4);
    expect(account.x + account.width).toBeGreaterThan(dockBox.x + dockBox.width - 4);
    expect(account.width).toBeGreaterThan(dockBox.width * 0.2);
    expect(account.width).toBeLessThan(dockBox.width * 0.3);
    await tidy(page);
  });

  it('adds a chart and an order book of ETHUSDT, live, beside BTCUSDT', async () => {
    await page.getByTestId('dock-reset').click();
    expect(await desk(page)).toEqual(DEFAULT_DESK);
    for (const kind of ['chart', 'book']) {
      await page.getByTestId('dock-panels').click();
      await page.getByTestId('dock-add-symbol').selectOption('ETHUSDT');
      if (kind === 'book') await viewShot('layout-panels-menu-en');
      await page.getByTestId(`dock-add-${kind}`).click();
      await tab(page, kind, 'ETHUSDT').waitFor();
    }
    const eth = groupWith(page, 'chart', 'ETHUSDT');
    const btc = groupWith(page, 'chart');
    await expect.poll(() => lastPrice(eth), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => lastPrice(btc), { timeout: 20_000 }).toBeGreaterThan(0);
    // Two different markets: BTC trades far above ETH.
    expect(await lastPrice(btc)).toBeGreaterThan((await lastPrice(eth)) * 5);
    await expect.poll(() => groupWith(page, 'book', 'ETHUSDT').getByTestId('book-canvas').evaluate((el) => el.getBoundingClientRect().height), { timeout: 10_000 }).toBeGreaterThan(100);
    await expect.poll(() => painted(groupWith(page, 'book', 'ETHUSDT').getByTestId('book-canvas')), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => painted(groupWith(page, 'book').getByTestId('book-canvas')), { timeout: 20_000 }).toBe(true);
    // A price picked in the BTC book fills the (BTC) order form; one picked in the ETH book does not.
    const price = page.locator('input[name="price"]');
    const pickIn = async (book: Locator) => {
      const canvas = book.getByTestId('book-canvas');
      // The lowest line of green (bid) text on the canvas, as a fraction of its height.
      const at = await canvas.evaluate((el) => {
        const cv = el as HTMLCanvasElement;
        const data = cv.getContext('2d')?.getImageData(0, 0, cv.width, cv.height).data ?? new Uint8ClampedArray();
        for (let y = cv.height - 1; y >= 0; y--)
          for (let x = 0; x < cv.width / 3; x++) {
            const i = (y * cv.width + x) * 4;
            if (data[i + 1]! > 150 && data[i]! < 60) return y / cv.height;
          }
        return 0.9;
      });
      const b = await box(canvas);
      await page.mouse.click(b.x + b.width / 2, b.y + b.height * at - 3);
    };
    await pickIn(groupWith(page, 'book', 'ETHUSDT'));
    expect(await price.inputValue()).toBe('');
    await pickIn(groupWith(page, 'book'));
    await expect.poll(async () => Number(await price.inputValue())).toBeGreaterThan(10_000);
    await price.fill('');
    // The ETH panels carry their own market picker; the BTC ones follow the page.
    expect(await groupWith(page, 'book', 'ETHUSDT').getByTestId('dock-symbol').inputValue()).toBe('ETHUSDT');
    expect(await groupWith(page, 'book').getByTestId('dock-symbol').count()).toBe(0);
    await tidy(page);
    await page.waitForTimeout(1000);
    await screenshot(page, 'layout-two-markets-en');
  });

  it('keeps the layout over a reload', async () => {
    const before = await desk(page);
    await page.reload();
    await page.getByTestId('dock').waitFor();
    expect(await desk(page)).toEqual(before);
    await tab(page, 'chart', 'ETHUSDT').waitFor();
  });

  it("keeps a signed-in user's layout on the server, and another device gets it after sign-in", async () => {
    await signInThroughUi(page, server.url, USER.email, USER.password);
    await open(page);
    const user = await server.handle.store.users.findByEmail(USER.email);
    if (!user) throw new Error('user missing');
    // The device's layout stays (the account has none yet); a change goes to the server after a pause.
    expect(await desk(page)).toContainEqual(['chart:ETHUSDT']);
    await tab(page, 'trades').getByTestId('dock-close').click();
    const mine = await desk(page);
    await expect.poll(async () => (await server.handle.store.layouts.get(user.id, 'spot'))?.layout ?? '', { timeout: 5_000 }).toContain('ETHUSDT');
    const stored = JSON.parse((await server.handle.store.layouts.get(user.id, 'spot'))!.layout) as { closed: Array<{ kind: string }> };
    expect(stored.closed.map((p) => p.kind)).toContain('trades');

    other = await launchBrowser();
    const second = await other.context.newPage();
    await open(second);
    expect(await desk(second)).toEqual(DEFAULT_DESK);
    await signInThroughUi(second, server.url, USER.email, USER.password);
    await open(second);
    await expect.poll(() => desk(second), { timeout: 10_000 }).toEqual(mine);

    // Reset on the second device: back to the default there, and on the server.
    await second.getByTestId('dock-reset').click();
    expect(await desk(second)).toEqual(DEFAULT_DESK);
    await expect.poll(async () => server.handle.store.layouts.get(user.id, 'spot'), { timeout: 5_000 }).toBeNull();
    await second.reload();
    await second.getByTestId('dock').waitFor();
    await second.waitForTimeout(500);
    expect(await desk(second)).toEqual(DEFAULT_DESK);
    await second.close();
  });

  it('falls back to the default desk when the stored layout is not one it knows', async () => {
    await page.evaluate(() => localStorage.setItem('spotLayout.v1', JSON.stringify({ version: 9, root: { type: 'group' }, closed: [] })));
    await open(page);
    await page.waitForTimeout(500);
    expect(await desk(page)).toEqual(DEFAULT_DESK);
  });

  it('shows one column without drag handles on a narrow screen', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    const klines = page.waitForResponse((r) => r.url().includes('/api/v3/klines') && r.url().includes('BTCUSDT'));
    await page.goto(`${server.url}/currencyTransaction?symbol=BTCUSDT`);
    await page.getByTestId('order-form').waitFor();
    // The screenshot below shows the candles too: the chart has drawn its bars (if the market has any) first.
    const bars = (await (await klines).json()) as unknown[];
    if (bars.length > 0) await page.locator('[data-testid="candle-chart"][data-last-close]').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('dock').count()).toBe(0);
    expect(await page.getByTestId('dock-splitter').count()).toBe(0);
    expect(await page.getByTestId('dock-tab').count()).toBe(0);
    const form = await box(page.getByTestId('order-form'));
    const book = await box(page.getByTestId('order-book'));
    const chart = await box(page.getByTestId('candle-chart'));
    expect(Math.abs(form.x - book.x)).toBeLessThan(4);
    expect(form.width).toBeGreaterThan(700);
    expect(chart.y).toBeLessThan(form.y);
    expect(form.y).toBeLessThan(book.y);
    await expect.poll(() => painted(page.getByTestId('book-canvas')), { timeout: 20_000 }).toBe(true);
    await screenshot(page, 'layout-narrow-en');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('looks right in en, zh-CN and th, with no console errors', async () => {
    await open(page);
    await page.getByTestId('dock-reset').click();
    await page.getByTestId('dock-panels').click();
    await page.getByTestId('dock-add-symbol').selectOption('ETHUSDT');
    await page.getByTestId('dock-add-chart').click();
    for (const lang of ['en', 'zh-CN', 'th']) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await open(page);
      await expect.poll(() => painted(groupWith(page, 'book').getByTestId('book-canvas')), { timeout: 20_000 }).toBe(true);
      await page.waitForTimeout(1500);
      await tidy(page);
      await screenshot(page, `layout-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    expect(errors).toEqual([]);
    // Three full page loads with live books: more than the default 30 s on a loaded CI machine.
  }, 90_000);
});
