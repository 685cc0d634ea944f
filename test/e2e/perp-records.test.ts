// The perpetuals' records in the browser (issue 20), with the market-maker bot quoting every perpetual: a user holds
// a long in BTCUSDT and one in ETHUSDT through funding settlements of both markets, then sells more BTC than held
// (the fill closes the long and opens a short) and buys the short back. /assetRecords names each fee by what it
// paid for (open or close, long or short) with its market, a flip's fee in its two parts; the terminal's funding
// panel lists only its own market's payments. Screenshots in en, zh-CN and th.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { rate } from '../../server/kernel/index.ts';
import { browserSkipReason, SCREEN_DIR } from './browser.ts';
import type { TestServer } from './server.ts';
import { startBrowserSession, type BrowserSession } from './harness.ts';
import { signInThroughUi } from './accounts.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const USER = { email: 'perp-records@example.com', password: 'PerpRecords1234' };
/** Where the screenshots go: E2E_SHOTS, else the suite's screens. */
const SHOTS = process.env['E2E_SHOTS'] ?? SCREEN_DIR;

describe.skipIf(skip !== null)('perpetual records in the browser', { timeout: 90_000 }, () => {
  let session: BrowserSession;
  let server: TestServer;
  let page: Page;
  let errors: string[];
  let user = 0;

  const shot = async (name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const ok = <T,>(r: { ok: true; value: T } | { ok: false; code: string }, what: string): T => {
    if (!r.ok) throw new Error(`${what} refused: ${r.code}`);
    return r.value;
  };
  const perp = () => server.handle.trading.desks.perp;
  const market = async (symbol: string, side: 'buy' | 'sell', qty: string, reduceOnly = false) => {
    const placed = ok(await perp().place({ user, symbol, side, type: 'market', qty, reduceOnly }), `${side} ${qty} ${symbol}`);
    expect(placed.fills.length, `${side} ${qty} ${symbol} filled`).toBeGreaterThan(0);
    return placed;
  };
  /** Waits until the bot quotes both sides of a perpetual and it has a mark (they come a moment after the start). */
  const quoted = async (symbol: string) => {
    for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
      const r = await perp().depth(symbol, 5);
      // A market order is bounded by the mark: wait for the mark job's first one too (on a loaded machine the quotes
      // can come first).
      const state = await perp().fundingState(symbol);
      if (r.ok && r.value.bids.length > 0 && r.value.asks.length > 0 && state.ok && state.value.lastMarkTime !== null) return;
    }
    throw new Error(`no quotes or no mark in ${symbol}`);
  };

  beforeAll(async () => {
    session = await startBrowserSession({ bots: true, user: USER, coinUsdt: '50000' });
    ({ server, page, errors } = session);
    await page.setViewportSize({ width: 1440, height: 1000 });
    const found = await server.handle.store.users.findByEmail(USER.email);
    if (!found) throw new Error('user missing');
    user = found.id;
    ok(await server.handle.trading.desks.transfers.transfer({ user, asset: 'USDT', amount: '20000', from: 'coin', to: 'contract' }), 'transfer');
    for (const symbol of ['BTCUSDT', 'ETHUSDT']) await quoted(symbol);
    // Longs in both markets, through one funding settlement each (a long pays at a positive rate).
    await market('BTCUSDT', 'buy', '0.01');
    await market('ETHUSDT', 'buy', '0.1');
    for (const symbol of ['BTCUSDT', 'ETHUSDT']) {
      const held = (await perp().positions(user)).find((p) => p.symbol === symbol && p.lots !== 0);
      if (!held?.mark) throw new Error(`no position or mark in ${symbol}`);
      ok(await perp().funding({ symbol, rate: rate(10_000n), mark: held.mark }), `funding ${symbol}`);
    }
    // Sell 0.03 BTC: 0.01 closes the long, 0.02 opens a short; then the short is bought back.
    await market('BTCUSDT', 'sell', '0.03');
    await market('BTCUSDT', 'buy', '0.02', true);
    await signInThroughUi(page, server.url, USER.email, USER.password);
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });

  const rows = () => page.getByTestId('record-row');
  /** The visible rows as [type, market, amount]. */
  const shown = () =>
    rows().evaluateAll((els) =>
      els.map((e) => [
        e.querySelector('[data-type]')?.getAttribute('data-type') ?? '',
        e.querySelector('[data-testid="record-market"]')?.textContent ?? '',
        e.querySelector('[data-sign]')?.textContent ?? '',
      ]),
    );

  it('names every fee in /assetRecords by what it paid for, with its market', async () => {
    const fees = await server.handle.store.records.page({ user, types: ['open_long_fee', 'open_short_fee', 'close_long_fee', 'close_short_fee'] }, 0, 200);
    const types = new Set(fees.rows.map((r) => r.type));
    // The opening buys, the flip's two parts and the closing buy.
    expect(types).toEqual(new Set(['open_long_fee', 'close_long_fee', 'open_short_fee', 'close_short_fee']));
    await page.goto(`${server.url}/assetRecords?account=contract&size=50&lang=en`);
    await expect.poll(async () => rows().count(), { timeout: 15_000 }).toBeGreaterThan(5);
    const all = await shown();
    const feeRows = all.filter(([type]) => type!.endsWith('_fee') && type !== 'holding_fee');
    expect(feeRows.length).toBe(fees.total);
    // Every fee names its market; the sell that closed the long is not an opening fee of a short only.
    for (const [, marketName] of feeRows) expect(['BTC/USDT', 'ETH/USDT']).toContain(marketName);
    expect(await page.locator('main').textContent()).toContain('Close long fee');
    expect(await page.locator('main').textContent()).toContain('Close short fee');
    await shot('perp-records-assets-en');

    // The type filter offers the closing fees.
    await page.getByTestId('filter-type').selectOption('close_long_fee');
    await expect.poll(() => page.url()).toContain('type=close_long_fee');
    await expect.poll(async () => (await shown()).map(([type, marketName]) => `${type} ${marketName}`)).toEqual(
      fees.rows.filter((r) => r.type === 'close_long_fee').map(() => 'close_long_fee BTC/USDT'),
    );
    expect(await rows().first().textContent()).toContain('Close long fee');
    expect(await rows().first().textContent()).toContain('BTC/USDT');

    for (const lang of ['zh-CN', 'th']) {
      await page.goto(`${server.url}/assetRecords?account=contract&size=50&lang=${lang}`);
      await expect.poll(async () => rows().count(), { timeout: 15_000 }).toBeGreaterThan(5);
      await shot(`perp-records-assets-${lang}`);
    }
    const zh = 'zh-CN';
    await page.goto(`${server.url}/assetRecords?account=contract&type=close_long_fee&lang=${zh}`);
    await expect.poll(async () => (await rows().first().textContent()) ?? '', { timeout: 15_000 }).toContain('平多手续费');
  });

  it("lists only the terminal's market's funding payments in its funding panel", async () => {
    const payments = await server.handle.store.records.page({ user, types: ['holding_fee'], wallet: 'contract' }, 0, 20);
    expect(payments.rows.map((r) => r.symbol).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    for (const [symbol, name] of [['BTCUSDT', 'BTC/USDT'], ['ETHUSDT', 'ETH/USDT']] as const) {
      await page.goto(`${server.url}/contractTransaction?symbol=${symbol}&lang=en`);
      await page.getByTestId('page-contractTransaction').waitFor();
      await page.locator('[data-testid="dock-tab"][data-panel="funding"]').click();
      const panel = page.getByTestId('contract-funding');
      await panel.getByTestId('funding-row').first().waitFor({ timeout: 15_000 });
      // One payment: this market's, though the user paid in both.
      await expect.poll(() => panel.getByTestId('funding-row').count()).toBe(1);
      expect(await panel.getByTestId('funding-row').first().textContent()).toContain(name);
      const paid = payments.rows.find((r) => r.symbol === symbol)!;
      expect(await panel.getByTestId('funding-payment').first().textContent()).toMatch(/^-/);
      expect(paid.amount + paid.frozen).toBeLessThan(0n);
      if (symbol === 'BTCUSDT') await shot('perp-records-funding-en');
    }
    await page.goto(`${server.url}/contractTransaction?symbol=BTCUSDT&lang=zh-CN`);
    await page.getByTestId('page-contractTransaction').waitFor();
    await page.locator('[data-testid="dock-tab"][data-panel="funding"]').click();
    await expect.poll(() => page.getByTestId('contract-funding').getByTestId('funding-row').count(), { timeout: 15_000 }).toBe(1);
    await page.waitForTimeout(1000);
    await shot('perp-records-funding-zh-CN');
  });

  it('had no page errors', () => {
    expect(errors).toEqual([]);
  });
});
