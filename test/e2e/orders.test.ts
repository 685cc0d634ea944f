// The orders page (/commin) against a live server: a user with 25 resting limit orders and one filled order sees
// 20 rows by default, changes the page size to 10 and pages through, cancels one (it moves to the history), cancels
// the rest after confirming, and finds the cancelled and the filled orders in the history; screenshots in en, zh-CN
// and th.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';
import { createUser, signInThroughUi } from './accounts.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const USER = { email: 'orders@example.com', password: 'Orders12345678' };
const OTHER = { email: 'orders-other@example.com', password: 'Orders12345678' };
const RESTING = 25;

describe.skipIf(skip !== null)('orders page', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let filledOrder = 0;

  async function userId(email: string): Promise<number> {
    const user = await server.handle.store.users.findByEmail(email);
    if (!user) throw new Error(`${email} missing`);
    return user.id;
  }
  async function credit(user: number, asset: string, amount: string): Promise<void> {
    const r = await server.handle.trading.desks.byWallet.coin.adjust({ user, asset, amount, action: 'credit', memo: 'e2e' });
    if (!r.ok) throw new Error(`credit refused: ${r.code}`);
  }
  async function limit(user: number, side: 'buy' | 'sell', price: string): Promise<number> {
    const r = await server.handle.trading.desks.spot.place({ user, symbol: 'BTCUSDT', side, type: 'limit', price, qty: '0.01' });
    if (!r.ok) throw new Error(`order refused: ${r.code}`);
    return r.value.order.orderId;
  }

  const rows = () => page.getByTestId('order-row');
  const range = () => page.getByTestId('page-range').textContent();

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server, USER);
    await createUser(server, OTHER);
    const me = await userId(USER.email);
    const other = await userId(OTHER.email);
    await credit(me, 'USDT', '100000');
    await credit(other, 'BTC', '1');
    // One filled order: the other user's sell rests, ours takes it.
    await limit(other, 'sell', '1100.00');
    filledOrder = await limit(me, 'buy', '1100.00');
    for (let i = 0; i < RESTING; i += 1) await limit(me, 'buy', (1000 + i).toFixed(2));
    browser = await launchBrowser();
    page = await browser.context.newPage();
    // Tall enough that a 20-row page is all in view (the table is virtualised: rows out of view are not in the DOM).
    await page.setViewportSize({ width: 1440, height: 1500 });
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('asks a signed-out visitor to sign in', async () => {
    await page.goto(`${server.url}/commin?active=1`);
    await page.getByTestId('signin-prompt').waitFor();
  });

  it('lists the current orders, 20 to a page by default', async () => {
    await signInThroughUi(page, server.url, USER.email, USER.password);
    await page.goto(`${server.url}/commin?active=1`);
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(20);
    expect(await range()).toBe('1–20 of 25');
    expect(await page.getByTestId('page-size').inputValue()).toBe('20');
    const sizes = await page.getByTestId('page-size').locator('option:not([disabled])').evaluateAll((els) => els.map((e) => e.textContent));
    expect(sizes).toEqual(['10 / page', '30 / page', '50 / page', '70 / page', '100 / page', '200 / page']);
    // Newest first, limit price and side shown.
    const first = rows().first();
    expect(await first.locator('[data-side]').getAttribute('data-side')).toBe('buy');
    expect(await first.textContent()).toContain('1,024.0000');
    expect(await first.locator('[data-status]').getAttribute('data-status')).toBe('pending');
  });

  it('pages through with 10 rows a page', async () => {
    await page.getByTestId('page-size').selectOption('10');
    await expect.poll(() => rows().count()).toBe(10);
    expect(page.url()).toContain('size=10');
    expect(await range()).toBe('1–10 of 25');
    await page.getByTestId('page-next').click();
    await expect.poll(range).toBe('11–20 of 25');
    expect(await rows().count()).toBe(10);
    await page.getByTestId('page-3').click();
    await expect.poll(range).toBe('21–25 of 25');
    expect(await rows().count()).toBe(5);
    expect(await page.getByTestId('page-next').isDisabled()).toBe(true);
    await page.getByTestId('page-prev').click();
    await expect.poll(range).toBe('11–20 of 25');
    await page.getByTestId('page-1').click();
    await expect.poll(range).toBe('1–10 of 25');
  });

  it('filters by market and side', async () => {
    await page.getByTestId('filter-side').selectOption('sell');
    await page.getByTestId('empty').waitFor();
    await page.getByTestId('filter-side').selectOption('');
    await expect.poll(() => rows().count()).toBe(10);
    await page.goto(`${server.url}/commin?active=1&symbol=ETHUSDT`);
    await page.getByTestId('empty').waitFor();
    expect(await page.getByTestId('empty').textContent()).toContain('No current orders');
  });

  it('looks right in en, zh-CN and th', async () => {
    for (const lang of ['en', 'zh-CN', 'th']) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${server.url}/commin?active=1&size=10`);
      await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(10);
      await screenshot(page, `orders-current-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto(`${server.url}/commin?active=1&size=10`);
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(10);
  });

  it('cancels one order: gone from the current orders, in the history', async () => {
    const key = await rows().first().getAttribute('data-key');
    expect(key).toBeTruthy();
    await rows().first().getByTestId('cancel-order').click();
    await expect.poll(range, { timeout: 10_000 }).toBe('1–10 of 24');
    expect(await page.locator(`[data-testid="order-row"][data-key="${key}"]`).count()).toBe(0);
    await page.goto(`${server.url}/commin?active=2`);
    const row = page.locator(`[data-testid="order-row"][data-key="${key}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('cancelled');
  });

  it('cancels all after confirming', async () => {
    await page.goto(`${server.url}/commin?active=1`);
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(20);
    await page.getByTestId('cancel-all').click();
    await page.getByTestId('cancel-all-confirm').waitFor();
    await page.getByTestId('cancel-all-no').click();
    expect(await page.getByTestId('cancel-all-confirm').count()).toBe(0);
    expect(await rows().count()).toBe(20);
    await page.getByTestId('cancel-all').click();
    await page.getByTestId('cancel-all-confirm').waitFor();
    await screenshot(page, 'orders-cancel-all-confirm-en');
    await page.getByTestId('cancel-all-yes').click();
    await page.getByTestId('empty').waitFor({ timeout: 10_000 });
    await screenshot(page, 'orders-current-empty-en');
    expect(await rows().count()).toBe(0);
    expect(await page.getByTestId('cancel-all').isDisabled()).toBe(true);
  });

  it('follows the private orders stream: an order placed elsewhere shows up without a reload', async () => {
    const placed = await limit(await userId(USER.email), 'buy', '999.00');
    await page.locator(`[data-testid="order-row"][data-key="${placed}"]`).waitFor({ timeout: 10_000 });
    expect(await range()).toBe('1–1 of 1');
  });

  it('shows the same order table, virtualised, in the spot terminal', async () => {
    await page.goto(`${server.url}/currencyTransaction?symbol=BTCUSDT`);
    await expect.poll(() => page.getByTestId('open-orders').getByTestId('order-row').count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('tab', { name: 'Order history' }).click();
    await expect.poll(() => page.getByTestId('order-history').getByTestId('order-row').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // Virtualised: 26 closed orders, only those in the panel's view are in the DOM.
    expect(await page.getByTestId('order-history').getByTestId('order-row').count()).toBeLessThan(26);
    await screenshot(page, 'orders-spot-history-en');
  });

  it('shows the cancelled and the filled orders in the history, filtered by status', async () => {
    await page.goto(`${server.url}/commin?active=2`);
    await expect.poll(range, { timeout: 10_000 }).toBe('1–20 of 26');
    const filled = page.locator(`[data-testid="order-row"][data-key="${filledOrder}"]`);
    // The filled order is the oldest: on the last page.
    await page.getByTestId('page-2').click();
    await filled.waitFor({ timeout: 10_000 });
    expect(await filled.locator('[data-status]').getAttribute('data-status')).toBe('completed');
    expect(await filled.textContent()).toContain('1,100.0000');
    await page.getByTestId('filter-status').selectOption('completed');
    await expect.poll(range).toBe('1–1 of 1');
    expect(page.url()).not.toContain('page=');
    await page.getByTestId('filter-status').selectOption('cancelled');
    await expect.poll(range).toBe('1–20 of 25');
    for (const lang of ['en', 'zh-CN', 'th']) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${server.url}/commin?active=2&size=10`);
      await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(10);
      await screenshot(page, `orders-history-${lang}`);
    }
  });

  it('had no console errors', () => {
    expect(errors).toEqual([]);
  });
});
