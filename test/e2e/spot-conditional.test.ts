// Conditional orders on the spot terminal against a live server (no bots: two other users make every trade, so
// the last price is what the test says): a user places a stop-limit sell, a trailing stop-market buy and an OCO
// sell from the page, checked as typed (the condition derived from the last price, an OCO priced on the wrong side
// refused before sending), and sees them in the conditional orders view; the market falls through the stop-limit's
// trigger, which fires and rests in the open orders with its trigger shown, then fills into the history; cancelling
// one OCO leg takes both away. Screenshots in en, zh-CN and th.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { browserSkipReason, launchBrowser, SCREEN_DIR, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';
import { createUser, signInThroughUi } from './accounts.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const USER = { email: 'stops@example.com', password: 'Stops12345678' };
const MAKER = { email: 'stops-maker@example.com', password: 'Stops12345678' };
const TAKER = { email: 'stops-taker@example.com', password: 'Stops12345678' };

describe.skipIf(skip !== null)('spot conditional orders', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const ids = { user: 0, maker: 0, taker: 0 };

  async function userId(email: string): Promise<number> {
    const user = await server.handle.store.users.findByEmail(email);
    if (!user) throw new Error(`${email} missing`);
    return user.id;
  }
  async function credit(user: number, asset: string, amount: string): Promise<void> {
    const r = await server.handle.trading.desks.byWallet.coin.adjust({ user, asset, amount, action: 'credit', memo: 'e2e' });
    if (!r.ok) throw new Error(`credit refused: ${r.code}`);
  }
  async function limit(user: number, side: 'buy' | 'sell', price: string, qty: string): Promise<number> {
    const r = await server.handle.trading.desks.spot.place({ user, symbol: 'BTCUSDT', side, type: 'limit', price, qty });
    if (!r.ok) throw new Error(`order refused: ${r.code}`);
    return r.value.order.orderId;
  }
  /** A trade at `price` between the two other users: the maker's sell rests, the taker's buy takes all of it. */
  async function trade(price: string, qty = '0.001'): Promise<void> {
    await limit(ids.maker, 'sell', price, qty);
    await limit(ids.taker, 'buy', price, qty);
  }

  /**
   * The viewport only (1440 × 1300 holds the whole desk): a full-page capture resizes the page, and the terminal
   * remounts its panels on that (form and list state start over), which raced the steps after it.
   */
  const shot = async (name: string) => {
    mkdirSync(SCREEN_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREEN_DIR, `${name}.png`) });
  };
  const form = () => page.getByTestId('order-form');
  const field = (name: string) => form().locator(`input[name="${name}"]`);
  const conditionalRows = () => page.getByTestId('conditional-orders').getByTestId('conditional-row');
  const openRows = () => page.getByTestId('open-orders').getByTestId('order-row');
  const view = async (which: 'orders' | 'conditional') => page.getByTestId(`open-view-${which}`).click();
  const triggers = async (rows: Locator) => (await rows.getByTestId('trigger-condition').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
  const typeIn = async (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) await field(name).fill(value);
  };

  beforeAll(async () => {
    server = await startTestServer();
    for (const u of [USER, MAKER, TAKER]) await createUser(server, u);
    ids.user = await userId(USER.email);
    ids.maker = await userId(MAKER.email);
    ids.taker = await userId(TAKER.email);
    await credit(ids.user, 'USDT', '100000');
    await credit(ids.user, 'BTC', '1');
    await credit(ids.maker, 'BTC', '10');
    await credit(ids.taker, 'USDT', '1000000');
    await trade('40000');
    browser = await launchBrowser();
    page = await browser.context.newPage();
    // Tall enough that the dock's entry panel shows the longest form (OCO) whole; at 900 px it scrolls, as the limit
    // form's already does, and the screenshots would show half a form.
    await page.setViewportSize({ width: 1440, height: 1300 });
    errors = watchErrors(page);
  });
  // A failed step leaves its page behind, to be looked at.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await shot(`spot-conditional-failed-${ctx.task.name.slice(0, 24).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('derives a stop-limit sell below the last price as a stop-loss and places it', async () => {
    await signInThroughUi(page, server.url, USER.email, USER.password);
    await page.goto(`${server.url}/currencyTransaction?symbol=BTCUSDT`);
    await page.getByTestId('side-sell').click();
    await page.getByTestId('type-stopLimit').click();
    await expect.poll(() => form().getByTestId('last-price').textContent(), { timeout: 15_000 }).toBe('40,000.00');
    await typeIn({ stop: '39000', price: '38900', amount: '0.01' });
    const hint = form().getByTestId('trigger-hint');
    await expect.poll(() => hint.getAttribute('data-condition')).toBe('stop_loss');
    await expect.poll(() => hint.textContent()).toContain('≤ 39,000.00');
    await expect.poll(() => form().getByTestId('held').textContent()).toBe('0.010000 BTC');
    // The same trigger above the last price is a take-profit.
    await field('stop').fill('41000');
    await expect.poll(() => hint.getAttribute('data-condition')).toBe('take_profit');
    await field('stop').fill('39000');
    await page.getByTestId('place-order').click();
    await view('conditional');
    await expect.poll(() => conditionalRows().count(), { timeout: 10_000 }).toBe(1);
    expect(await triggers(conditionalRows())).toEqual(['≤ 39,000.00']);
    expect(await conditionalRows().first().getByTestId('order-type').textContent()).toBe('Stop limit');
  });

  it('places a trailing stop-market buy that trails from now', async () => {
    await page.getByTestId('side-buy').click();
    await page.getByTestId('type-stopMarket').click();
    await typeIn({ stop: '', amount: '0.01', trailing: '1.5' });
    const hint = form().getByTestId('trigger-hint');
    await expect.poll(() => hint.getAttribute('data-condition')).toBe('stop_loss');
    await expect.poll(() => hint.textContent()).toContain('1.50 %');
    // Held at the lowest price it can fire at (last × 1.015), marked approximate: the server adds the price band.
    await expect.poll(() => form().getByTestId('held').textContent()).toBe('≈ 406.00 USDT');
    // Out of range, it says so as it is typed.
    await field('trailing').fill('25');
    await expect.poll(() => form().getByTestId('order-error').textContent()).toContain('20%');
    await field('trailing').fill('1.5');
    await expect.poll(() => form().getByTestId('order-error').count()).toBe(0);
    await page.getByTestId('place-order').click();
    await expect.poll(() => conditionalRows().count(), { timeout: 10_000 }).toBe(2);
    expect(await triggers(conditionalRows())).toContain('Trailing 1.50 %');
  });

  it('checks an OCO sell against the last price as it is typed, then places both legs', async () => {
    await page.getByTestId('side-sell').click();
    await page.getByTestId('type-oco').click();
    await typeIn({ price: '39500', stop: '38000', stopLimit: '37900', amount: '0.01' });
    const error = form().getByTestId('order-error');
    await expect.poll(() => error.textContent()).toBe('For a sell OCO the limit price must be above the last price (40,000.00).');
    await expect.poll(() => field('price').getAttribute('aria-invalid')).toBe('true');
    await field('price').fill('42000');
    await field('stop').fill('40100');
    await expect.poll(() => error.textContent()).toContain('trigger price must be below the last price');
    await field('stop').fill('38000');
    await expect.poll(() => error.count()).toBe(0);
    await shot('spot-conditional-oco-form-en');
    await page.getByTestId('place-order').click();
    await expect.poll(() => conditionalRows().count(), { timeout: 10_000 }).toBe(3);
    const oco = conditionalRows().filter({ has: page.getByTestId('oco-badge') });
    expect(await oco.count()).toBe(1);
    expect(await triggers(oco)).toEqual(['≤ 38,000.00']);
    // The limit leg works in the book: with the open orders, badged.
    await view('orders');
    await expect.poll(() => openRows().filter({ has: page.getByTestId('oco-badge') }).count(), { timeout: 10_000 }).toBe(1);
    await view('conditional');
    await shot('spot-conditional-en');
  });

  it('fires the stop-limit when the market falls through its trigger: it rests, then fills into the history', async () => {
    await trade('38950');
    await view('conditional');
    await expect.poll(() => conditionalRows().count(), { timeout: 10_000 }).toBe(2);
    await view('orders');
    const fired = openRows().filter({ has: page.locator('[data-triggered="true"]') });
    await expect.poll(() => fired.count(), { timeout: 10_000 }).toBe(1);
    expect((await triggers(fired))[0]).toBe('≤ 39,000.00Triggered');
    expect(await fired.textContent()).toContain('38,900');
    await shot('spot-conditional-fired-en');
    // The taker buys it.
    await limit(ids.taker, 'buy', '38900', '0.01');
    await expect.poll(() => fired.count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('tab', { name: 'Order history' }).click();
    await expect.poll(() => page.getByTestId('order-history').locator('[data-status="completed"]').count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('tab', { name: 'Open orders' }).click();
  });

  it('cancels one OCO leg and both go', async () => {
    await view('conditional');
    const oco = conditionalRows().filter({ has: page.getByTestId('oco-badge') });
    await expect.poll(() => oco.count(), { timeout: 10_000 }).toBe(1);
    await oco.getByTestId('cancel-order').click();
    await expect.poll(() => oco.count(), { timeout: 10_000 }).toBe(0);
    expect(await conditionalRows().count()).toBe(1);
    await view('orders');
    await expect.poll(() => openRows().filter({ has: page.getByTestId('oco-badge') }).count(), { timeout: 10_000 }).toBe(0);
  });

  it('looks right in en, zh-CN and th, with no console errors', async () => {
    for (const lang of ['en', 'zh-CN', 'th']) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${server.url}/currencyTransaction?symbol=BTCUSDT`);
      await page.getByTestId('type-stopLimit').click();
      await expect.poll(() => form().getByTestId('last-price').textContent(), { timeout: 15_000 }).toBe('38,900.00');
      await typeIn({ stop: '40000', price: '40100', amount: '0.01', trailing: '2' });
      await form().getByTestId('trigger-hint').waitFor();
      await view('conditional');
      await expect.poll(() => conditionalRows().count(), { timeout: 10_000 }).toBe(1);
      await shot(`spot-conditional-${lang}`);
      await form().screenshot({ path: join(SCREEN_DIR, `spot-conditional-form-${lang}.png`) });
      await page.getByTestId('account-panel').screenshot({ path: join(SCREEN_DIR, `spot-conditional-list-${lang}.png`) });
      // An OCO sell priced on the wrong side of the last price, refused as typed, in the page's language.
      await page.getByTestId('side-sell').click();
      await page.getByTestId('type-oco').click();
      await typeIn({ price: '38000', stop: '37000', amount: '0.01' });
      await form().getByTestId('order-error').waitFor();
      await expect.poll(() => form().getByTestId('order-error').textContent()).toContain('38,900.00');
      await form().screenshot({ path: join(SCREEN_DIR, `spot-conditional-oco-${lang}.png`) });
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    expect(errors).toEqual([]);
  });
});
