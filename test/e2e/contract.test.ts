// The contract terminal against a live server with the market-maker bot (which quotes every perpetual): a user
// moves USDT to the contract account through the transfer dialog, sets 20× and opens a long at the market, watches
// the unrealized P&L follow the mark as the index moves, sets a take-profit, closes half with a reduce-only order,
// closes the rest with the one-key close, and finds the closed orders with their fees and the ledger's entries in
// /assetRecords; then an isolated 50× long is liquidated when the index falls past its liquidation price (the test
// harness's index override, which no running exchange has), with the notice and the closing mode "liquidation".
// Screenshots in en, zh-CN and th.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, screenshot } from './browser.ts';
import type { TestServer } from './server.ts';
import { startBrowserSession, type BrowserSession } from './harness.ts';
import { signInThroughUi } from './accounts.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const USER = { email: 'perp@example.com', password: 'Perp12345678' };
const SYMBOL = 'BTCUSDT';

const num = (text: string | null): number => Number((text ?? '').replace(/[^\d.-]/g, ''));

describe.skipIf(skip !== null)('contract terminal', { timeout: 90_000 }, () => {
  let session: BrowserSession;
  let server: TestServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    session = await startBrowserSession({ bots: true, user: USER, coinUsdt: '50000' });
    ({ server, page, errors } = session);
    await signInThroughUi(page, server.url, USER.email, USER.password);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  const form = () => page.getByTestId('contract-order-form');
  const row = () => page.getByTestId('position-row');
  const mark = async () => num(await page.getByTestId('contract-mark').textContent());
  /** Brings a dock panel to the front of its tab group (the layout, active tabs included, is kept across visits). */
  const tab = (panel: string) => page.locator(`[data-testid="dock-tab"][data-panel="${panel}"]`).click();

  async function openTerminal(lang = 'en'): Promise<void> {
    await page.goto(`${server.url}/contractTransaction?symbol=${SYMBOL}&lang=${lang}`);
    await page.getByTestId('page-contractTransaction').waitFor();
    // The perpetual's own book (the bot's quotes) and a mark.
    await expect.poll(async () => ((await page.getByTestId('book-canvas').getAttribute('data-bids')) ?? '').length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(mark, { timeout: 20_000 }).toBeGreaterThan(0);
    await tab('positions');
  }

  /** Sets the leverage through the form's dialog. */
  async function setLeverage(leverage: number): Promise<void> {
    await form().getByTestId('leverage').click();
    const dialog = page.getByTestId('leverage-dialog');
    await dialog.locator('input[name="leverage"]').fill(String(leverage));
    await dialog.getByTestId('leverage-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => form().getByTestId('leverage').textContent()).toBe(`${leverage}×`);
  }

  async function marketOrder(side: 'long' | 'short', lots: number, reduceOnly = false): Promise<void> {
    await form().getByTestId('kind-market').click();
    await form().getByTestId('unit-lots').click();
    const box = form().getByTestId('reduce-only');
    if ((await box.isChecked()) !== reduceOnly) await box.click();
    await form().locator('input[name="size"]').fill(String(lots));
    await form().getByTestId(side === 'long' ? 'open-long' : 'open-short').click();
  }

  it('moves USDT to the contract account through the transfer dialog', async () => {
    await openTerminal();
    await form().getByTestId('open-transfer').click();
    const dialog = page.getByTestId('transfer-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('transfer-to').inputValue()).toBe('contract');
    await dialog.getByTestId('transfer-amount').fill('10000');
    await dialog.getByTestId('transfer-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => num(await form().getByTestId('form-available').textContent())).toBe(10_000);
    await screenshot(page, 'contract-funded-en');
  });

  it('opens a 20× long at the market and its unrealized P&L follows the mark', async () => {
    await form().getByTestId('leverage').click();
    const dialog = page.getByTestId('leverage-dialog');
    await dialog.locator('input[name="leverage"]').fill('20');
    await expect.poll(async () => num(await dialog.getByTestId('leverage-max-notional').textContent())).toBeGreaterThan(0);
    await dialog.getByTestId('leverage-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => form().getByTestId('leverage').textContent()).toBe('20×');

    // 2,000 lots = 0.02 BTC: the form prices it before sending.
    await form().getByTestId('kind-market').click();
    await form().locator('input[name="size"]').fill('2000');
    await expect.poll(async () => num(await form().getByTestId('order-cost').textContent())).toBeGreaterThan(0);
    // A cross long this small on 10,000 USDT cannot be liquidated at any price: no estimate, as on Binance.
    expect(await form().getByTestId('est-liquidation').textContent()).toBe('--');
    await marketOrder('long', 2000);
    await row().waitFor({ timeout: 15_000 });
    expect(await row().getByTestId('position-size').textContent()).toContain('0.02');
    const entry = num(await row().getByTestId('position-entry').textContent());
    expect(entry).toBeGreaterThan(0);
    expect(await row().getByTestId('position-leverage').textContent()).toContain('20');

    // The index (and so the mark) rises 1 %: the row's mark and P&L follow without a reload.
    const before = num(await row().getByTestId('position-pnl').textContent());
    const target = Math.round(entry * 1.01);
    server.setIndex(SYMBOL, String(target));
    await expect.poll(async () => num(await row().getByTestId('position-mark').textContent()), { timeout: 20_000 }).toBeGreaterThan(entry * 1.005);
    const pnl = num(await row().getByTestId('position-pnl').textContent());
    const shownMark = num(await row().getByTestId('position-mark').textContent());
    expect(pnl).toBeGreaterThan(before);
    // P&L = 0.02 BTC × (mark − entry), to the cent the row rounds to.
    expect(Math.abs(pnl - 0.02 * (shownMark - entry))).toBeLessThan(0.05);
    await screenshot(page, 'contract-position-en');
  });

  it('sets a take-profit on the position, checked as typed', async () => {
    await row().getByTestId('position-edit-tpsl').click();
    const dialog = page.getByTestId('tpsl-dialog');
    await dialog.waitFor();
    const m = await mark();
    // Below the mark is not a long's take-profit: the dialog says so before anything is sent.
    await dialog.getByTestId('tpsl-takeProfit').fill(String(Math.round(m * 0.9)));
    await dialog.getByTestId('field-error').first().waitFor();
    const tp = String(Math.round(m * 1.2));
    await dialog.getByTestId('tpsl-takeProfit').fill(tp);
    await dialog.getByTestId('dialog-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => num(await row().getByTestId('position-tp').textContent())).toBe(Number(tp));
  });

  it('closes half with a reduce-only market order, then the rest with the one-key close', async () => {
    await marketOrder('short', 1000, true);
    await expect.poll(async () => (await row().getByTestId('position-size').textContent()) ?? '', { timeout: 15_000 }).toContain('0.01');
    await page.getByTestId('positions-close-all').click();
    await page.getByTestId('positions-close-all-yes').click();
    await row().waitFor({ state: 'detached', timeout: 15_000 });
    // Closed orders: the opening and both closing orders, with fees and a result.
    await tab('history');
    const closed = page.getByTestId('closed-order-row');
    await expect.poll(() => closed.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const modes = await page.getByTestId('order-close-mode').allTextContents();
    expect(modes.filter((m) => m.includes('Manual')).length).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'contract-closed-en');
    server.setIndex(SYMBOL, null);
  });

  it('shows the contract entries of the ledger in the asset records', async () => {
    await page.goto(`${server.url}/assetRecords?lang=en`);
    await page.getByTestId('page-assetRecords').waitFor();
    const text = async () => (await page.locator('main').textContent()) ?? '';
    // The transfer in, the margin held and released, the opening fee and the closes' income, each a ledger entry.
    for (const type of ['Transfer in', 'Long margin', 'Open long fee', 'Contract income']) await expect.poll(text, { timeout: 15_000 }).toContain(type);
    await screenshot(page, 'contract-records-en');
  });

  it('liquidates an isolated 50× long when the index falls past its liquidation price, with a notice', async () => {
    await openTerminal();
    await form().getByTestId('margin-isolated').click();
    await expect.poll(() => form().getByTestId('margin-isolated').getAttribute('aria-pressed')).toBe('true');
    await setLeverage(50);
    await form().getByTestId('kind-market').click();
    await form().locator('input[name="size"]').fill('2000');
    await expect.poll(async () => num(await form().getByTestId('est-liquidation').textContent())).toBeGreaterThan(0);
    const estimated = num(await form().getByTestId('est-liquidation').textContent());
    await marketOrder('long', 2000);
    await row().waitFor({ timeout: 15_000 });
    expect(await row().getByTestId('position-margin-type').textContent()).toMatch(/Isolated/);
    // The form's estimate was the engine's formula at the price it assumed; the fill's price moves it a little.
    expect(Math.abs(num(await row().getByTestId('position-liq').textContent()) - estimated) / estimated).toBeLessThan(0.01);
    const liq = num(await row().getByTestId('position-liq').textContent());
    expect(liq).toBeGreaterThan(0);
    server.setIndex(SYMBOL, String(Math.floor(liq * 0.97)));
    const notice = page.getByTestId('notice').filter({ hasText: 'liquidated' });
    await notice.first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'contract-liquidated-en');
    await row().waitFor({ state: 'detached', timeout: 15_000 });
    await tab('history');
    await expect.poll(async () => (await page.getByTestId('order-close-mode').allTextContents()).some((m) => m.includes('Liquidation')), { timeout: 15_000 }).toBe(true);
    server.setIndex(SYMBOL, null);
  });

  it('accepts a market order whose cost the form shows, near all of the balance, and a plain sell that only closes it', async () => {
    await openTerminal();
    const cross = form().getByTestId('margin-cross');
    if ((await cross.getAttribute('aria-pressed')) !== 'true') await cross.click();
    await expect.poll(() => cross.getAttribute('aria-pressed')).toBe('true');
    await setLeverage(20);
    await form().getByTestId('kind-market').click();
    await form().getByTestId('unit-lots').click();
    // The cost of 100 lots at the market, then as many lots as 96 % of the balance pays for: the engine margins a
    // market order at Binance's assumed price (Ask1 × 1.0005), as the form does, not at the 5 % band.
    // The cost is read again until the size stays in range: the form's context (the leverage just set, the mark)
    // can settle a moment after the first reading, which once halved the cost of the lots worked out from it.
    const size = form().locator('input[name="size"]');
    await size.fill('100');
    await expect
      .poll(
        async () => {
          const cost = num(await form().getByTestId('order-cost').textContent());
          const available = num(await form().getByTestId('form-available').textContent());
          if (cost > 0.9 * available && cost < available) return true;
          if (cost > 0) await size.fill(String(Math.floor((Number(await size.inputValue()) * 0.96 * available) / cost)));
          return false;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
    const lots = Number(await size.inputValue());
    await marketOrder('long', lots);
    await row().waitFor({ timeout: 15_000 });
    expect(await form().getByTestId('order-refusal').count()).toBe(0);
    await screenshot(page, 'contract-market-most-en');
    // A plain (not reduce-only) market sell of the position only closes it: the form asks for its fee alone, and the
    // desk takes it with almost nothing available.
    // The row's size cell shows the lots first, then the coins.
    const held = num(await row().getByTestId('position-size').locator('span').first().textContent());
    expect(held).toBeGreaterThan(0);
    await marketOrder('short', held);
    await row().waitFor({ state: 'detached', timeout: 15_000 });
    expect(await form().getByTestId('order-refusal').count()).toBe(0);
  });

  for (const lang of ['zh-CN', 'th'] as const) {
    it(`renders the terminal with a position in ${lang}`, async () => {
      await openTerminal(lang);
      const cross = form().getByTestId('margin-cross');
      if ((await cross.getAttribute('aria-pressed')) !== 'true') await cross.click();
      await marketOrder('long', 1000);
      await row().waitFor({ timeout: 15_000 });
      await page.waitForTimeout(1500);
      await screenshot(page, `contract-terminal-${lang}`);
      await page.getByTestId('positions-close-all').click();
      await page.getByTestId('positions-close-all-yes').click();
      await row().waitFor({ state: 'detached', timeout: 15_000 });
    });
  }

  it('had no page errors', () => {
    expect(errors).toEqual([]);
  });
});
