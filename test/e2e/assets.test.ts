// /myassets and the transfer dialog against a live server with the market-maker bot. A user credited through the
// coin desk sees the totals and every account's rows match the server; with the page open, an operator credit, a
// limit order placed and cancelled through the app API, and a market buy's fill each change the page within one
// second and without a reload; the transfer dialog refuses 0, more than available and the same account in the
// user's language, then moves USDT coin → contract (both tabs change, the transfer is in the records); the dialog
// opens from /currencyTransaction and /contractTransaction too; a tab whose socket stalled (so it shows an old
// balance) gets the server's own refusal in its language. Screenshots in en, zh-CN and th.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';
import { createUser, signInThroughUi } from './accounts.ts';
import { API } from '../../server/contract/index.ts';
import { formatDecimal } from '../../src/format/decimal.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const USER = { email: 'assets@example.com', password: 'Assets12345678' };
/** The page must show a balance event within this (the "within one second"). */
const LIVE_MS = 1_000;

describe.skipIf(skip !== null)('my assets and transfers', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let user = 0;
  const delays: Record<string, number> = {};

  const ok = <T,>(r: { ok: true; value: T } | { ok: false; code: string }, what: string): T => {
    if (!r.ok) throw new Error(`${what} refused: ${r.code}`);
    return r.value;
  };
  const credit = async (asset: string, amount: string) =>
    ok(await server.handle.trading.desks.byWallet.coin.adjust({ user, asset, amount, action: 'credit', memo: 'e2e assets' }), 'credit');
  /** The server's balance of one asset in one account, as the page formats it. */
  async function serverBalance(account: 'coin' | 'contract', asset: string): Promise<{ available: string; frozen: string }> {
    const list = ok(await server.handle.trading.desks.byWallet[account].balances(user), 'balances');
    const b = list.find((x) => x.asset === asset);
    return { available: formatDecimal(b?.available ?? '0', 8), frozen: formatDecimal(b?.frozen ?? '0', 8) };
  }
  /** The app API as the signed-in browser calls it (same ticket). */
  async function app<T>(path: string, body?: object): Promise<T> {
    const ticket = await page.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${server.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { ticket: ticket ?? '', lang: 'en', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const envelope = (await res.json()) as { code: string; msg: string; data: T };
    if (envelope.code !== 'success') throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  }

  const row = (asset: string): Locator => page.locator(`[data-testid="asset-row"][data-key="${asset}"]`);
  const cell = (asset: string, name: 'available' | 'frozen' | 'total' | 'value') => row(asset).getByTestId(`row-${name}`);
  const text = async (l: Locator) => (await l.textContent())?.trim() ?? '';
  const num = (t: string) => Number(t.replace(/,/g, ''));
  /** Waits until the cell shows `expected`, failing LIVE_MS after `started` (the moment the server acknowledged
   *  the change: committed and published); returns how long it took. */
  async function within(asset: string, name: 'available' | 'frozen', expected: string, started: number): Promise<number> {
    await page.waitForFunction(
      ([a, n, e]) => document.querySelector(`[data-testid="asset-row"][data-key="${a}"] [data-testid="row-${n}"]`)?.textContent?.trim() === e,
      [asset, name, expected] as const,
      { timeout: Math.max(50, LIVE_MS - (performance.now() - started)), polling: 'raf' },
    );
    return performance.now() - started;
  }
  const dialog = () => page.getByTestId('transfer-dialog');
  const fieldErrors = () => dialog().getByTestId('field-error');

  beforeAll(async () => {
    server = await startTestServer({ bots: true });
    await createUser(server, USER);
    const found = await server.handle.store.users.findByEmail(USER.email);
    if (!found) throw new Error('test user missing');
    user = found.id;
    await credit('USDT', '10000');
    await credit('BTC', '0.5');
    browser = await launchBrowser();
    page = await browser.context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    console.log(`acknowledged balance change → on the page (ms): ${JSON.stringify(Object.fromEntries(Object.entries(delays).map(([k, v]) => [k, Math.round(v)])))}`);
    await browser?.close();
    await server?.close();
  });

  it('shows the totals and every account with the server numbers, market coins included', async () => {
    await signInThroughUi(page, server.url, USER.email, USER.password);
    await page.goto(`${server.url}/myassets`);
    await page.getByTestId('page-myassets').waitFor();
    await expect.poll(() => text(cell('USDT', 'available')), { timeout: 10_000 }).toBe('10,000.00000000');
    for (const asset of ['USDT', 'BTC']) {
      const b = await serverBalance('coin', asset);
      expect(await text(cell(asset, 'available'))).toBe(b.available);
      expect(await text(cell(asset, 'frozen'))).toBe(b.frozen);
    }
    expect(await text(cell('USDT', 'value'))).toBe('10,000.0000');
    // Coins with a market are listed with nothing in them, as a new user sees them.
    await row('ETH').waitFor();
    expect(await text(cell('ETH', 'available'))).toBe('0.00000000');
    expect(await text(cell('ETH', 'value'))).toBe('0.0000');
    // One snapshot: the total is the sum of the rows (each row rounded to 4 places), BTC at the BTC price.
    await expect.poll(async () => num(await text(cell('BTC', 'value'))), { timeout: 10_000 }).toBeGreaterThan(0);
    const shown = await page.evaluate(() => ({
      rows: [...document.querySelectorAll('[data-testid="row-value"]')].map((e) => e.textContent ?? ''),
      total: document.querySelector('[data-testid="total-usdt"]')?.textContent ?? '',
      coin: document.querySelector('[data-testid="account-total-coin"]')?.textContent ?? '',
      btc: document.querySelector('[data-testid="total-btc"]')?.textContent ?? '',
      btcValue: document.querySelector('[data-testid="asset-row"][data-key="BTC"] [data-testid="row-value"]')?.textContent ?? '',
    }));
    const sum = shown.rows.reduce((s, t) => s + (t === '--' ? 0 : num(t)), 0);
    expect(Math.abs(sum - num(shown.total))).toBeLessThan(0.0001 * shown.rows.length);
    expect(shown.coin).toBe(shown.total);
    const btcPrice = num(shown.btcValue) / 0.5;
    expect(Math.abs(num(shown.btc) - num(shown.total) / btcPrice)).toBeLessThan(0.00000002);
    // The server values the same holdings alike (prices move under the bot: within 2 %).
    const reply = await app<{ totalUsdt: string }>(API.assetBalances);
    expect(Math.abs(num(shown.total) - Number(reply.totalUsdt)) / Number(reply.totalUsdt)).toBeLessThan(0.02);
    // Five accounts, each with its own tab and value.
    for (const a of ['coin', 'contract', 'earn', 'seconds', 'fiat']) await page.getByTestId(`account-tab-${a}`).waitFor();
    expect(await text(page.getByTestId('account-total-contract'))).toBe('0.0000');
    await screenshot(page, 'assets-overview-en');
  });

  it('searches by coin and hides small balances', async () => {
    await page.getByTestId('asset-search').fill('bt');
    await expect.poll(() => page.getByTestId('asset-row').count()).toBe(1);
    expect(await row('BTC').count()).toBe(1);
    await page.getByTestId('asset-search').fill('');
    await page.getByTestId('hide-small').check();
    await expect.poll(() => row('ETH').count()).toBe(0);
    expect(await page.getByTestId('asset-row').count()).toBe(2);
    await page.getByTestId('hide-small').uncheck();
    await row('ETH').waitFor();
  });

  it('shows an operator credit within one second, without a reload', async () => {
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await credit('USDT', '1234.5');
    const started = performance.now();
    delays.credit = await within('USDT', 'available', '11,234.50000000', started);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  it('moves frozen when an order is placed and cancelled through the app API, and shows a fill', async () => {
    const book = (await (await fetch(`${server.url}/api/v3/ticker/bookTicker?symbol=BTCUSDT`)).json()) as { bidPrice: string };
    const price = (Math.floor(Number(book.bidPrice) * 0.98 * 100) / 100).toFixed(2);
    const placed = await app<{ order: { orderNo: number } }>(API.spotPlaceOrder, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price, amount: '0.01' });
    let started = performance.now();
    const held = await serverBalance('coin', 'USDT');
    expect(num(held.frozen)).toBeGreaterThan(0);
    delays.place = await within('USDT', 'frozen', held.frozen, started);
    expect(await text(cell('USDT', 'available'))).toBe(held.available);
    await app(API.spotCancelOrder, { orderNo: placed.order.orderNo });
    started = performance.now();
    delays.cancel = await within('USDT', 'frozen', '0.00000000', started);
    expect(await text(cell('USDT', 'available'))).toBe('11,234.50000000');
    // A market buy fills against the bot's asks: BTC and USDT both move.
    await app(API.spotPlaceOrder, { symbol: 'BTCUSDT', side: 'buy', type: 'market', total: '100' });
    started = performance.now();
    const btc = await serverBalance('coin', 'BTC');
    expect(num(btc.available)).toBeGreaterThan(0.5);
    delays.fill = await within('BTC', 'available', btc.available, started);
    expect(await text(cell('USDT', 'available'))).toBe((await serverBalance('coin', 'USDT')).available);
  });

  it('refuses 0, more than available and the same account in the dialog, in the user language', async () => {
    await row('USDT').getByTestId('row-transfer').click();
    await dialog().waitFor();
    expect(await page.getByTestId('transfer-from').inputValue()).toBe('coin');
    expect(await page.getByTestId('transfer-to').inputValue()).toBe('contract');
    expect(await page.getByTestId('transfer-asset').inputValue()).toBe('USDT');
    const available = (await serverBalance('coin', 'USDT')).available;
    expect(await text(page.getByTestId('transfer-available'))).toBe(`${available} USDT`);
    // The amount box has the focus; Escape-free keyboard use: type and press Enter.
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    await expect.poll(() => fieldErrors().allTextContents()).toEqual(['The amount must be greater than 0.']);
    await page.getByTestId('transfer-amount').fill('99999999');
    await expect.poll(() => fieldErrors().allTextContents()).toEqual(['Insufficient balance.']);
    await page.getByTestId('transfer-all').click();
    expect(num(await page.getByTestId('transfer-amount').inputValue())).toBe(num(available));
    expect(await fieldErrors().count()).toBe(0);
    await page.getByTestId('transfer-to').selectOption('coin');
    await expect.poll(() => fieldErrors().allTextContents()).toEqual(['Please choose two different accounts to transfer between.']);
    await screenshot(page, 'assets-transfer-errors-en');
    // The swap button exchanges the two accounts.
    await page.getByTestId('transfer-to').selectOption('seconds');
    await page.getByTestId('transfer-swap').click();
    expect(await page.getByTestId('transfer-from').inputValue()).toBe('seconds');
    expect(await page.getByTestId('transfer-to').inputValue()).toBe('coin');
    expect(await text(page.getByTestId('transfer-available'))).toBe('0.00000000 USDT');
    // Nothing was sent.
    expect((await app<{ total: number }>(API.assetTransferRecords, {})).total).toBe(0);
    // Tab and Shift+Tab stay inside the modal dialog.
    for (const key of [...Array<string>(9).fill('Tab'), ...Array<string>(9).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="transfer-dialog"]') !== null)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
  });

  it('moves USDT coin → contract: both accounts change on screen and the transfer is in the records', async () => {
    const before = await serverBalance('coin', 'USDT');
    await page.getByTestId('open-transfer').click();
    await dialog().waitFor();
    await page.getByTestId('transfer-to').selectOption('contract');
    await page.getByTestId('transfer-amount').fill('2500');
    await page.getByTestId('transfer-submit').click();
    await expect.poll(() => dialog().count(), { timeout: 5_000 }).toBe(0);
    const after = await serverBalance('coin', 'USDT');
    expect(num(after.available)).toBeCloseTo(num(before.available) - 2500, 6);
    await expect.poll(() => text(cell('USDT', 'available')), { timeout: LIVE_MS }).toBe(after.available);
    await expect.poll(() => text(page.getByTestId('account-total-contract')), { timeout: LIVE_MS }).toBe('2,500.0000');
    await page.getByTestId('account-tab-contract').click();
    await expect.poll(() => text(cell('USDT', 'available'))).toBe('2,500.00000000');
    expect((await serverBalance('contract', 'USDT')).available).toBe('2,500.00000000');
    await screenshot(page, 'assets-contract-en');
    await page.getByTestId('account-tab-transfers').click();
    const records = page.getByTestId('transfer-row');
    await expect.poll(() => records.count(), { timeout: 5_000 }).toBe(1);
    expect(await text(records.first().getByTestId('transfer-row-amount'))).toBe('2,500.00000000');
    expect(await text(records.first().getByTestId('transfer-row-from'))).toBe('Coin account');
    expect(await text(records.first().getByTestId('transfer-row-to'))).toBe('Contract account');
    const server = await app<{ total: number; list: Array<{ amount: string; from: string; to: string; status: string }> }>(API.assetTransferRecords, {});
    expect(server.total).toBe(1);
    expect(server.list[0]).toMatchObject({ from: 'coin', to: 'contract', status: 'credited' });
    expect(Number(server.list[0]!.amount)).toBe(2500);
  });

  it('opens the dialog from the spot terminal and the contract screen', async () => {
    await page.goto(`${server.url}/currencyTransaction?symbol=BTCUSDT`);
    await page.getByTestId('account-panel').getByTestId('open-transfer').click();
    await dialog().waitFor();
    expect(await page.getByTestId('transfer-from').inputValue()).toBe('coin');
    expect(await page.getByTestId('transfer-asset').inputValue()).toBe('USDT');
    await expect.poll(() => text(page.getByTestId('transfer-available'))).toBe(`${(await serverBalance('coin', 'USDT')).available} USDT`);
    await screenshot(page, 'assets-transfer-spot-en');
    // The dialog is the page's: the panels re-laid out for a narrow window (every panel remounted) leave it open.
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => page.getByTestId('dock').count(), { timeout: 5_000 }).toBe(0);
    expect(await page.getByTestId('transfer-from').inputValue()).toBe('coin');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => page.getByTestId('dock').count(), { timeout: 5_000 }).toBe(1);
    // Move it back from the contract account, from here.
    await page.getByTestId('transfer-from').selectOption('contract');
    await page.getByTestId('transfer-to').selectOption('coin');
    await page.getByTestId('transfer-all').click();
    expect(await page.getByTestId('transfer-amount').inputValue()).toBe('2500');
    await page.getByTestId('transfer-submit').click();
    await expect.poll(() => dialog().count(), { timeout: 5_000 }).toBe(0);
    expect((await serverBalance('contract', 'USDT')).available).toBe('0.00000000');

    await page.goto(`${server.url}/contractTransaction`);
    await expect.poll(() => text(page.getByTestId('form-available')), { timeout: 10_000 }).toBe('0.00 USDT');
    await page.getByTestId('contract-order-form').getByTestId('open-transfer').click();
    await dialog().waitFor();
    expect(await page.getByTestId('transfer-to').inputValue()).toBe('contract');
    await page.getByTestId('transfer-amount').fill('10');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().count(), { timeout: 5_000 }).toBe(0);
    await expect.poll(() => text(page.getByTestId('form-available')), { timeout: LIVE_MS }).toBe('10.00 USDT');
    await screenshot(page, 'assets-contract-page-en');
    // The contract screen's transfer records are the same live list (a panel of its dock).
    await page.locator('[data-testid="dock-tab"][data-panel="transfers"]').click();
    await expect.poll(() => page.getByTestId('transfer-row').count(), { timeout: 5_000 }).toBe(3);
    expect(await text(page.getByTestId('transfer-row').first().getByTestId('transfer-row-amount'))).toBe('10.00000000');
  }, 120_000);

  it('looks right in zh-CN and th', async () => {
    for (const lang of ['zh-CN', 'th']) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${server.url}/myassets`);
      await expect.poll(() => page.getByTestId('asset-row').count(), { timeout: 10_000 }).toBeGreaterThan(2);
      await screenshot(page, `assets-overview-${lang}`);
      await row('USDT').getByTestId('row-transfer').click();
      await dialog().waitFor();
      await page.getByTestId('transfer-amount').fill('0');
      await page.getByTestId('transfer-submit').click();
      await expect.poll(() => fieldErrors().count()).toBe(1);
      const message = await text(fieldErrors().first());
      expect(message).not.toBe('The amount must be greater than 0.');
      expect(message).toMatch(lang === 'th' ? /[\u0e00-\u0e7f]/ : /[\u4e00-\u9fff]/);
      await screenshot(page, `assets-transfer-${lang}`);
      await page.getByTestId('transfer-cancel').click();
      await page.getByTestId('account-tab-transfers').click();
      await expect.poll(() => page.getByTestId('transfer-row').count(), { timeout: 5_000 }).toBe(3);
      await screenshot(page, `assets-records-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    // On a phone the page keeps to the screen's width (the table scrolls inside its panel).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/myassets`);
    await expect.poll(() => page.getByTestId('asset-row').count(), { timeout: 10_000 }).toBeGreaterThan(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'assets-overview-phone-en');
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(errors).toEqual([]);
  });

  it("shows the server's own refusal, in the user's language, when the page's balance is out of date", async () => {
    // A second tab whose socket stops delivering (a stalled network): it still shows the old available balance.
    const stale = await browser.context.newPage();
    const staleErrors = watchErrors(stale);
    let hold = false;
    await stale.routeWebSocket(/\/ws/, (ws) => {
      const upstream = ws.connectToServer();
      upstream.onMessage((message) => {
        if (!hold) ws.send(message);
      });
    });
    await stale.goto(`${server.url}/myassets`);
    await stale.evaluate(() => localStorage.setItem('lang', 'th'));
    await stale.reload();
    const usdtAvailable = stale.locator('[data-testid="asset-row"][data-key="USDT"] [data-testid="row-available"]');
    await expect.poll(async () => (await usdtAvailable.textContent())?.trim(), { timeout: 10_000 }).toBe((await serverBalance('coin', 'USDT')).available);
    await stale.locator('[data-testid="asset-row"][data-key="USDT"]').getByTestId('row-transfer').click();
    await stale.getByTestId('transfer-all').click();
    hold = true;
    // The operator holds 1 USDT meanwhile (admin freeze): the tab doesn't hear of it.
    ok(await server.handle.trading.desks.byWallet.coin.adjust({ user, asset: 'USDT', amount: '1', action: 'freeze', memo: 'e2e hold' }), 'freeze');
    await stale.getByTestId('transfer-submit').click();
    const refusal = stale.getByTestId('transfer-error');
    await refusal.waitFor({ timeout: 5_000 });
    expect((await refusal.textContent())?.trim()).toBe('ยอดคงเหลือไม่เพียงพอ');
    await stale.getByTestId('transfer-dialog').waitFor();
    await screenshot(stale, 'assets-transfer-refused-th');
    expect((await app<{ total: number }>(API.assetTransferRecords, {})).total).toBe(3);
    hold = false;
    ok(await server.handle.trading.desks.byWallet.coin.adjust({ user, asset: 'USDT', amount: '1', action: 'unfreeze', memo: 'e2e release' }), 'unfreeze');
    await stale.evaluate(() => localStorage.setItem('lang', 'en'));
    await stale.close();
    expect(staleErrors).toEqual([]);
  });
});
