// The spot grid bot in the browser (issue 24) against a live server with the demo markets, an hour of replayed
// history and the market maker moving prices. A signed-in user with USDT and a fund password opens the terminal's
// Quantitative tab, Grid: the range comes prefilled ±5 % around the last price on the tick; a tight range around the
// live price (±0.6 %) with 24 grids and 300 USDT shows its preview computed in the browser with the server's module
// (the same ladder and profit per grid at the user's taker fee) and the refusals in words; Backtest replays the
// recorded hour: a chart with the ladder and green/red fills, and its figures. Start (a wrong fund password refused
// in words first) runs the bot: its orders on the bot page's ladder and tables and in the spot page's open orders;
// then a second trader takes its nearest orders on the book, and it fills both ways (a grid buy and a grid sell, not
// the first market buy);
// Stop with "sell the base" ends it and the funds are back (USDT frozen 0, available = credit − investment + what it
// gave back). Screenshots of the form with its preview, the backtest and the running bot page in en, zh-CN and th
// go to .tmp/shots-grid/, each checked for overflow and raw message ids.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { argon2Hasher } from '../../server/accounts/passwords.ts';
import { fromUnits, gridLevels, profitRange, toUnits } from '../../server/contract/index.ts';
import { parsePo } from '../../server/i18n/po.ts';
import { startServer, type ServerHandle } from '../../server/server.ts';
import { formatDecimal } from '../../src/format/decimal.ts';
import { createUser, signInThroughUi } from './accounts.ts';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import type { TestServer } from './server.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);

const ROOT = join(import.meta.dirname, '..', '..');
const SHOTS = join(ROOT, '.tmp', 'shots-grid');
const USER = { email: 'grid-e2e@example.com', password: 'Grid12345678' };
const FUND_PASSWORD = '135790';
const CREDIT = '5000';
const INVESTMENT = '300';
const GRIDS = 24;
const SYMBOL = 'BTCUSDT';
const TICK = toUnits('0.01');
const HISTORY_MS = 3_600_000;
/** What follows from a click. */
const SOON = { timeout: 15_000 };
/** How long the grid gets to show a fill both ways (it takes seconds). */
const FILL_WAIT_MS = 60_000;
/** The second trader who takes the grid's orders. */
const TAKER = { email: 'grid-taker-e2e@example.com', password: 'Taker12345678' };

const catalog = (locale: string) => parsePo(readFileSync(join(ROOT, 'locales', locale, 'messages.po'), 'utf8'));
const text = (locale: string, id: string): string => {
  const t = catalog(locale).get(id);
  if (!t) throw new Error(`no ${id} in locales/${locale}/messages.po`);
  return t;
};
/** Units → the price text the form takes (two places, BTC's tick). */
const priceText = (v: bigint) => {
  const [i, f = ''] = fromUnits(v).split('.');
  return `${i}.${f.padEnd(2, '0').slice(0, 2)}`;
};

describe.skipIf(skip !== null)('spot grid bot', { timeout: 300_000 }, () => {
  let handle: ServerHandle;
  let server: TestServer;
  let dataDir: string;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let userId = 0;
  let botId = 0;
  let lower = '';
  let upper = '';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'openex-e2e-grid-'));
    const staticDir = process.env['E2E_DIST'];
    // An hour of replayed trades (the backtest's history) and the market maker running on.
    handle = await startServer({ port: 0, host: '127.0.0.1', dataDir, logger: false, ...(staticDir ? { staticDir } : {}), bots: true, backfillMs: HISTORY_MS });
    server = {
      handle,
      url: handle.url,
      dataDir,
      advance: () => {
        throw new Error('no movable clock here');
      },
      setIndex: () => {
        throw new Error('no index override here');
      },
      close: () => handle.close(),
    };
    await createUser(server, USER);
    await createUser(server, TAKER);
    const user = await handle.store.users.findByEmail(USER.email);
    if (!user) throw new Error('test user missing');
    userId = user.id;
    const credited = await handle.trading.desks.byWallet.coin.adjust({ user: user.id, asset: 'USDT', amount: CREDIT, action: 'credit', memo: 'e2e' });
    if (!credited.ok) throw new Error(`credit refused: ${credited.code}`);
    await handle.store.users.setFundPassword(user.id, await argon2Hasher().hash(FUND_PASSWORD), Date.now());
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    errors = watchErrors(page);
    await signInThroughUi(page, handle.url, USER.email, USER.password);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const panel = () => page.getByTestId('grid-panel');
  const form = () => page.getByTestId('grid-form');
  const lastPrice = async (): Promise<bigint> => {
    const reply = (await (await fetch(`${handle.url}/api/v3/ticker/price?symbol=${SYMBOL}`)).json()) as { price: string };
    return toUnits(reply.price);
  };

  /** The terminal's Quantitative mode, Grid tab, in a language. */
  async function openGrid(lang: string, height = 1400): Promise<void> {
    await page.setViewportSize({ width: 1440, height });
    await page.goto(`${handle.url}/currencyTransaction?symbol=${SYMBOL}&lang=${lang}`);
    await page.getByTestId('page-currencyTransaction').waitFor();
    await page.getByRole('tab', { name: text(lang, 'trade.mode.quant'), exact: true }).click();
    await page.getByTestId('quant-tab-grid').click();
    await form().waitFor();
    await expect.poll(() => page.getByTestId('grid-lower').inputValue(), SOON).not.toBe('');
  }

  async function fillTight(): Promise<void> {
    await page.getByTestId('grid-view-create').click();
    await form().waitFor();
    await page.getByTestId('grid-lower').fill(lower);
    await page.getByTestId('grid-upper').fill(upper);
    await page.getByTestId('grid-count').fill(String(GRIDS));
    await page.getByTestId('grid-mode-arithmetic').click();
    await page.getByTestId('grid-investment').fill(INVESTMENT);
    await expect.poll(() => page.getByTestId('grid-qty').getAttribute('data-sell-qty'), SOON).not.toBeNull();
  }

  /** The page as it is: nothing wider than the window, no text out of its box, no raw message ids. */
  async function shot(name: string, scope: string): Promise<void> {
    await page.waitForTimeout(400);
    const dialogOpen = (await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0;
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: !dialogOpen });
    await screenshot(page, `grid-${name}`);
    const layout = await page.evaluate((sel) => {
      const spilled = [...document.querySelectorAll<HTMLElement>(`${sel} *, [role="dialog"] *, [role="alertdialog"] *`)]
        .filter((el) => el.children.length === 0 && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow === 'visible' && el.clientWidth > 0)
        .filter((el) => !['INPUT', 'SELECT', 'svg', 'path', 'IMG', 'text', 'line', 'rect', 'polyline', 'g'].includes(el.tagName))
        .map((el) => `${el.tagName}.${el.className}: ${el.textContent?.slice(0, 40)}`);
      return { pageWidth: document.documentElement.scrollWidth, width: window.innerWidth, text: document.body.innerText, spilled };
    }, scope);
    expect(layout.pageWidth, name).toBeLessThanOrEqual(layout.width);
    expect(layout.text, name).not.toMatch(/\b(?:grid|quant|rule|common)\.[a-z][A-Za-z]*(?:\.[A-Za-z]+)*\b/);
    expect(layout.spilled, name).toEqual([]);
  }
  /** Just the grid panel, for a close look at the form. */
  const panelShot = async (name: string) => {
    await panel().screenshot({ path: join(SHOTS, `${name}-panel.png`) });
  };

  it('prefills the range ±5 % around the last price, on the tick', async () => {
    await openGrid('en');
    const low = toUnits(await page.getByTestId('grid-lower').inputValue());
    const high = toUnits(await page.getByTestId('grid-upper').inputValue());
    const last = await lastPrice();
    expect(low % TICK).toBe(0n);
    expect(high % TICK).toBe(0n);
    // Within a few basis points of ±5 % (the price moves between the page's read and this one).
    expect(Number((low * 10_000n) / last)).toBeGreaterThanOrEqual(9480);
    expect(Number((low * 10_000n) / last)).toBeLessThanOrEqual(9520);
    expect(Number((high * 10_000n) / last)).toBeGreaterThanOrEqual(10_480);
    expect(Number((high * 10_000n) / last)).toBeLessThanOrEqual(10_520);
    expect(await page.getByTestId('grid-min').textContent()).toBe('20 USDT');
    await expect.poll(() => page.getByTestId('grid-available').textContent(), SOON).toBe('5,000.00 USDT');
    // Ten grids over ±5 %: a step of about 1 %, well above the fees.
    await page.getByTestId('grid-investment').fill(INVESTMENT);
    await expect.poll(() => page.getByTestId('grid-qty').getAttribute('data-sell-qty'), SOON).not.toBeNull();
    expect(Number(await page.getByTestId('grid-profit').getAttribute('data-min'))).toBeGreaterThan(0);
    expect(await page.getByTestId('grid-loss-warning').count()).toBe(0);
    await shot('en-form-default', '[data-testid="grid-panel"]');
    await panelShot('en-form-default');
  });

  it('previews a tight grid with the server’s own ladder and profit, and refuses in words', async () => {
    // ±0.6 % around the live price, widened (rarely) so the recorded hour's first price is inside too: the backtest
    // starts there.
    const now = Date.now();
    const bars = (await (await fetch(`${handle.url}/api/v3/klines?symbol=${SYMBOL}&interval=1m&startTime=${now - 7 * 86_400_000}&limit=5`)).json()) as string[][];
    const first = toUnits(bars[0]![1]!);
    const last = await lastPrice();
    const lo = (x: bigint) => ((x * 9_940n) / 10_000n / TICK) * TICK;
    const hi = (x: bigint) => (((x * 10_060n) / 10_000n + TICK - 1n) / TICK) * TICK;
    const min = (a: bigint, b: bigint) => (a < b ? a : b);
    const max = (a: bigint, b: bigint) => (a > b ? a : b);
    lower = priceText(min(lo(last), (first * 9_980n) / 10_000n / TICK * TICK));
    upper = priceText(max(hi(last), ((first * 10_020n) / 10_000n / TICK + 1n) * TICK));
    console.log(`grid ${lower} – ${upper} (last ${fromUnits(last)}, history from ${fromUnits(first)})`);

    await fillTight();
    const levels = gridLevels({ lower: toUnits(lower), upper: toUnits(upper), grids: GRIDS, mode: 'arithmetic', tick: TICK });
    if (!levels.ok) throw new Error(`ladder refused: ${levels.code}`);
    // The user's taker rate as the server has it: the profit per grid is the shared module's at that rate.
    const { takerPpm } = await handle.trading.desks.spot.feesOf(userId);
    const profit = profitRange(levels.value, takerPpm);
    await expect.poll(() => page.getByTestId('grid-profit').getAttribute('data-min'), SOON).toBe(profit.min.toString());
    expect(await page.getByTestId('grid-profit').getAttribute('data-max')).toBe(profit.max.toString());
    expect(await page.getByTestId('grid-profit').textContent()).toMatch(/^-?\d+\.\d\d%( – -?\d+\.\d\d%)?$/);
    expect(await page.getByTestId('grid-preview').getAttribute('data-levels')).toBe(String(GRIDS + 1));
    expect(await page.getByTestId('grid-orders').textContent()).toMatch(/^\d+ buy · \d+ sell$/);
    const [buys, sells] = ((await page.getByTestId('grid-orders').textContent()) ?? '').match(/\d+/g)!.map(Number);
    expect(buys! + sells!).toBe(GRIDS); // grids + 1 levels, the one nearest the price empty
    expect(toUnits((await page.getByTestId('grid-qty').getAttribute('data-sell-qty'))!)).toBeGreaterThan(0n);
    expect(await page.getByTestId('grid-problem').count()).toBe(0);
    // A step this fine is under the fees (0.1 % a side by default): the preview says a round loses money.
    expect(await page.getByTestId('grid-loss-warning').count()).toBe(profit.min < 0n ? 1 : 0);
    await page.getByTestId('grid-ladder-toggle').click();
    expect(await page.getByTestId('grid-ladder').getAttribute('data-count')).toBe(String(GRIDS + 1));
    await shot('en-form', '[data-testid="grid-panel"]');
    await panelShot('en-form');
    await page.getByTestId('grid-ladder-toggle').click();

    // Refusals, as the server words them, before anything is sent.
    await page.getByTestId('grid-count').fill('151');
    expect(await page.getByTestId('grid-problem').getAttribute('data-id')).toBe('grid.error.count');
    expect(await page.getByTestId('grid-problem').textContent()).toBe('The number of grids must be a whole number from 2 to 150.');
    await page.getByTestId('grid-count').fill(String(GRIDS));
    await page.getByTestId('grid-upper').fill(priceText(toUnits(lower) + 2n * TICK));
    await page.getByTestId('grid-count').fill('150');
    expect(await page.getByTestId('grid-problem').getAttribute('data-code')).toBe('quant.grid.too.many');
    await page.getByTestId('grid-upper').fill(upper);
    await page.getByTestId('grid-count').fill(String(GRIDS));
    await page.getByTestId('grid-investment').fill('5');
    expect(await page.getByTestId('grid-problem').getAttribute('data-code')).toBe('quant.grid.investment.too.small');
    await page.getByTestId('grid-investment').fill(INVESTMENT);
    await page.getByTestId('grid-lower').fill(priceText(toUnits(upper) - TICK));
    await page.getByTestId('grid-upper').fill(priceText(toUnits(upper) + 100n * TICK));
    expect(await page.getByTestId('grid-problem').getAttribute('data-code')).toBe('quant.grid.price.outside');
    expect(await page.getByTestId('grid-problem').textContent()).toMatch(/^The range must contain the last price, [\d.]+\.$/);
    await fillTight();
    expect(await page.getByTestId('grid-problem').count()).toBe(0);
  });

  it('backtests the grid over the recorded hour: the price, the ladder, green buys and red sells, and the figures', async () => {
    await page.getByTestId('grid-backtest-run').click();
    const dialog = page.getByTestId('grid-backtest');
    await dialog.waitFor();
    const chart = dialog.getByTestId('grid-backtest-chart');
    await chart.waitFor();
    expect(Number(await chart.getAttribute('data-bars'))).toBeGreaterThanOrEqual(3);
    expect(await chart.getAttribute('data-levels')).toBe(String(GRIDS + 1));
    expect(await chart.locator('[data-level]').count()).toBe(GRIDS + 1);
    const buys = Number(await chart.getAttribute('data-buys'));
    const sells = Number(await chart.getAttribute('data-sells'));
    console.log(`backtest: ${await chart.getAttribute('data-bars')} bars, ${buys} buys, ${sells} sells, rounds ${await dialog.getByTestId('grid-backtest-rounds').textContent()}`);
    expect(buys).toBeGreaterThan(0);
    expect(sells).toBeGreaterThan(0);
    // One marker per fill, drawn as triangles in the theme's up and down colours.
    expect(((await dialog.getByTestId('grid-backtest-buys').getAttribute('d')) ?? '').split('M').length - 1).toBe(buys);
    expect(((await dialog.getByTestId('grid-backtest-sells').getAttribute('d')) ?? '').split('M').length - 1).toBe(sells);
    const bars = Number(await dialog.getByTestId('grid-backtest-bars').textContent());
    expect(bars).toBeGreaterThanOrEqual(30);
    expect(await dialog.getByTestId('grid-backtest-pnl').textContent()).toMatch(/^[+-]?\d+\.\d\d USDT$/);
    expect(await dialog.getByTestId('grid-backtest-annualized').textContent()).toMatch(/^-?\d+\.\d\d%$/);
    expect(await dialog.getByTestId('grid-backtest-period').textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d – \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(Number(await dialog.getByTestId('grid-backtest-rounds').textContent())).toBeGreaterThanOrEqual(0);
    await shot('en-backtest', '[data-testid="grid-backtest"]');
    await dialog.getByTestId('grid-backtest-close').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('starts the grid with the fund password (a wrong one refused in words)', async () => {
    await page.getByTestId('grid-start').click();
    expect(await page.getByTestId('grid-problem').getAttribute('data-id')).toBe('grid.error.fundPassword');
    await page.getByTestId('grid-fund-password').fill('000000');
    await page.getByTestId('grid-start').click();
    await page.getByTestId('grid-server-error').waitFor();
    expect(await page.getByTestId('grid-server-error').textContent()).toMatch(/fund password/i);
    expect(await handle.store.quant.byUser({ user: userId, statuses: ['running'], offset: 0, limit: 10 }).then((r) => r.total)).toBe(0);

    await page.getByTestId('grid-fund-password').fill(FUND_PASSWORD);
    await page.getByTestId('grid-start').click();
    const card = page.getByTestId('grid-bot').first();
    await card.waitFor();
    expect(await page.getByTestId('grid-view-running').getAttribute('aria-selected')).toBe('true');
    botId = Number(await card.getAttribute('data-id'));
    expect(botId).toBeGreaterThan(0);
    expect(await card.getByTestId('grid-bot-investment').textContent()).toBe('300.00 USDT');
    expect(await card.getByTestId('grid-bot-range').textContent()).toContain(`${formatDecimal(lower, 2)} – ${formatDecimal(upper, 2)} · 24 grids`);
    expect(await card.getByTestId('grid-bot-pnl').textContent()).toMatch(/^[+-]?\d+\.\d{4}$/);
    await panelShot('en-running');
  });

  it('shows its orders on the bot page (the ladder and the table) and in the spot page’s open orders', async () => {
    await page.getByTestId('grid-bot').first().getByTestId('grid-bot-detail').click();
    await page.getByTestId('page-quantBot').waitFor();
    expect(page.url()).toContain(`/quantBot?id=${botId}`);
    const orders = page.getByTestId('quant-bot-orders');
    await expect.poll(async () => Number(await orders.getAttribute('data-count')), SOON).toBeGreaterThanOrEqual(GRIDS - 2);
    const ladder = page.getByTestId('quant-ladder');
    expect(await ladder.getAttribute('data-count')).toBe(String(GRIDS + 1));
    const rungs = await ladder.getByTestId('quant-ladder-level').evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-level')), e.getAttribute('data-side')] as const));
    // Top down; sells above the price, buys below.
    expect(rungs.map(([l]) => l)).toEqual(Array.from({ length: GRIDS + 1 }, (_, i) => GRIDS - i));
    const sides = rungs.map(([, side]) => side).filter(Boolean);
    expect(sides.length).toBe(Number(await orders.getAttribute('data-count')));
    expect(sides.join('')).toMatch(/^(sell)+(buy)+$/);
    const ids = await orders.getByTestId('quant-bot-order').evaluateAll((els) => els.map((e) => e.getAttribute('data-order-id')));
    await page.getByTestId('quant-bot-back').click();
    await page.getByTestId('page-currencyTransaction').waitFor();
    const openView = page.getByTestId('open-view-orders');
    await expect.poll(async () => Number(((await openView.textContent()) ?? '').match(/\d+/)?.[0]), SOON).toBeGreaterThanOrEqual(ids.length - 2);
    const shown = await page.getByTestId('order-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect(shown.some((key) => ids.includes(key))).toBe(true);
  });

  it('fills both ways when another trader takes its nearest orders: a grid buy and a grid sell', { timeout: FILL_WAIT_MS + 60_000 }, async () => {
    await page.goto(`${handle.url}/quantBot?id=${botId}&lang=en`);
    await page.getByTestId('page-quantBot').waitFor();
    const fills = () =>
      page.getByTestId('quant-bot-fill').evaluateAll((els) => els.map((e) => ({ side: e.getAttribute('data-side'), order: e.getAttribute('data-order-id'), time: Number(e.getAttribute('data-time')) })));
    // A second trader with coins on both sides. Waiting for the demo's own moves took up to two minutes and, once
    // in a clean-clone run, not one fill in 150 s: the grid's fills are a real trader's orders matched on the book.
    const taker = await handle.store.users.findByEmail(TAKER.email);
    const takerId = taker?.id ?? 0;
    expect(takerId).toBeGreaterThan(0);
    for (const [asset, amount] of [['USDT', '100000000'], ['BTC', '1000']] as const) {
      const credited = await handle.trading.desks.byWallet.coin.adjust({ user: takerId, asset, amount, action: 'credit', memo: 'e2e taker' });
      expect(credited.ok).toBe(true);
    }
    /**
     * The taker sends an IOC at the grid's nearest price on one side, for everything on the book at that price or
     * better (the market maker's quotes there included), so the grid's order there is reached whatever sits ahead.
     */
    const take = async (gridSide: 'buy' | 'sell') => {
      const open = await handle.trading.desks.spot.openOrders(userId, SYMBOL);
      if (!open.ok) throw new Error(`open orders refused: ${open.code}`);
      const prices = open.value.filter((o) => o.side === gridSide && o.price !== null).map((o) => toUnits(o.price!));
      if (prices.length === 0) return;
      const target = gridSide === 'buy' ? prices.reduce((a, b) => (b > a ? b : a)) : prices.reduce((a, b) => (b < a ? b : a));
      const depth = (await (await fetch(`${handle.url}/api/v3/depth?symbol=${SYMBOL}&limit=5000`)).json()) as { bids: [string, string][]; asks: [string, string][] };
      const levels = gridSide === 'buy' ? depth.bids.filter(([p]) => toUnits(p) >= target) : depth.asks.filter(([p]) => toUnits(p) <= target);
      const qty = levels.reduce((sum, [, q]) => sum + toUnits(q), 0n);
      if (qty === 0n) return;
      const placed = await handle.trading.desks.spot.place({
        type: 'limit', user: takerId, symbol: SYMBOL, side: gridSide === 'buy' ? 'sell' : 'buy', price: fromUnits(target), qty: fromUnits(qty), tif: 'IOC', stp: 'NONE',
      });
      expect(placed.ok, placed.ok ? '' : placed.code).toBe(true);
    };
    const started = Date.now();
    let seen = { buys: 0, sells: 0 };
    while (Date.now() - started < FILL_WAIT_MS) {
      const list = await fills();
      // Newest first: the oldest fill is the start's market buy; its order's fills are not grid fills.
      const first = list[list.length - 1]?.side === 'buy' ? list[list.length - 1]!.order : null;
      seen = { buys: list.filter((f) => f.side === 'buy' && f.order !== first).length, sells: list.filter((f) => f.side === 'sell').length };
      if (seen.buys > 0 && seen.sells > 0) break;
      // A buy first (its counter sell is then the nearest ask), then a sell.
      if (seen.buys === 0) await take('buy');
      else await take('sell');
      await page.waitForTimeout(1_000);
    }
    console.log(`grid fills after ${Math.round((Date.now() - started) / 1000)} s: ${seen.buys} grid buys, ${seen.sells} sells`);
    expect(seen.buys, `no grid buy filled within ${FILL_WAIT_MS / 1000} s`).toBeGreaterThan(0);
    expect(seen.sells, `no grid sell filled within ${FILL_WAIT_MS / 1000} s`).toBeGreaterThan(0);
    // The card's counters follow: fills counted, the P&L live.
    await expect.poll(async () => Number(await page.getByTestId('quant-bot-fill-count').textContent()), SOON).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('quant-bot-pnl').textContent()).toMatch(/^[+-]?\d+\.\d{4} USDT$/);
    for (const lang of ['en', 'zh-CN', 'th']) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${handle.url}/quantBot?id=${botId}&lang=${lang}`);
      await page.getByTestId('quant-bot-fill').first().waitFor();
      await shot(`${lang}-bot-page`, '[data-testid="page-quantBot"]');
    }
  });

  it('stops with the base sold: everything back, nothing frozen', async () => {
    await page.goto(`${handle.url}/quantBot?id=${botId}&lang=en`);
    await page.getByTestId('quant-bot-stop').click();
    const confirm = page.getByTestId('grid-stop-confirm');
    await confirm.waitFor();
    expect(await confirm.getByTestId('grid-stop-holds').textContent()).toMatch(/^It holds [\d,.]+ BTC and [\d,.]+ USDT\.$/);
    await confirm.getByTestId('grid-stop-sell-base').check();
    await shot('en-stop-confirm', '[data-testid="page-quantBot"]');
    await confirm.getByTestId('grid-stop-yes').click();
    await confirm.waitFor({ state: 'detached' });
    const bot = page.getByTestId('quant-bot');
    await expect.poll(() => bot.getAttribute('data-status'), SOON).toBe('ended');
    const returnedQuote = toUnits((await bot.getAttribute('data-returned-quote'))!);
    const returnedBase = toUnits((await bot.getAttribute('data-returned-base'))!);
    // The base sold: at most a remainder under one lot comes back as BTC.
    expect(returnedBase).toBeLessThan(toUnits('0.00001'));
    expect(await page.getByTestId('quant-bot-orders').getAttribute('data-count')).toBe('0');
    await shot('en-bot-ended', '[data-testid="page-quantBot"]');

    await page.goto(`${handle.url}/myassets?lang=en`);
    await page.getByTestId('page-myassets').waitFor();
    const usdt = page.locator('[data-testid="asset-row"][data-key="USDT"]');
    const expected = toUnits(CREDIT) - toUnits(INVESTMENT) + returnedQuote;
    await expect.poll(() => usdt.getByTestId('row-available').textContent(), SOON).toBe(formatDecimal(fromUnits(expected), 8));
    expect(await usdt.getByTestId('row-frozen').textContent()).toBe('0.00000000');
    console.log(`stopped: ${fromUnits(returnedQuote)} USDT and ${fromUnits(returnedBase)} BTC back of ${INVESTMENT} USDT`);
  });

  it('reads well in Chinese and Thai: the form with its preview and the backtest', async () => {
    for (const lang of ['zh-CN', 'th']) {
      await openGrid(lang);
      await page.getByTestId('grid-view-create').click();
      await page.getByTestId('grid-investment').fill(INVESTMENT);
      await expect.poll(() => page.getByTestId('grid-qty').getAttribute('data-sell-qty'), SOON).not.toBeNull();
      await panelShot(`${lang}-form-default`);
      await fillTight();
      await page.getByTestId('grid-ladder-toggle').click();
      await shot(`${lang}-form`, '[data-testid="grid-panel"]');
      await panelShot(`${lang}-form`);
      await page.getByTestId('grid-backtest-run').click();
      await page.getByTestId('grid-backtest-chart').waitFor();
      await shot(`${lang}-backtest`, '[data-testid="grid-backtest"]');
      await page.getByTestId('grid-backtest-close').click();
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('logged no errors in the page', () => {
    expect(errors).toEqual([]);
  });
});
