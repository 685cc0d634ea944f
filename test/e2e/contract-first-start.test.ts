// A fresh demo exchange's contract terminal at first start: the server replays its past through the perp desk too
// (nine hours here, a week with `npm start`), so /contractTransaction opens on a chart of contract candles over the
// whole past, a 24 h change and high and low made of the replayed trades, the mark-price line's recorded marks, and
// the market's funding settled at the 8-hour boundary the past crossed (the funding panel, signed in). Screenshots in
// en and ja.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startServer, type ServerHandle } from '../../server/server.ts';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { createUser, signInThroughUi } from './accounts.ts';
import type { TestServer } from './server.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
/** Longer than a funding period, so the past holds at least one settlement. */
const PAST_MS = 9 * 3_600_000;
const MINUTE = 60_000;
const SYMBOL = 'BTCUSDT';

type Bar = Array<string | number>;

describe.skipIf(skip !== null)('contract terminal at first start', () => {
  let server: ServerHandle;
  let dataDir: string;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let began = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'openex-e2e-contract-first-'));
    const staticDir = process.env['E2E_DIST'];
    began = Date.now();
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, logger: false, ...(staticDir ? { staticDir } : {}), bots: true, backfillMs: PAST_MS });
    console.log(`server with nine hours of spot and contract history ready in ${Date.now() - began} ms`);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    errors = watchErrors(page);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const open = async (lang: string) => {
    const klines = page.waitForResponse((r) => r.url().includes('/fapi/v1/klines') && r.url().includes(SYMBOL));
    const marks = page.waitForResponse((r) => r.url().includes('/fapi/v1/markPriceKlines') && r.url().includes(SYMBOL));
    await page.goto(`${server.url}/contractTransaction?symbol=${SYMBOL}&lang=${lang}`);
    await page.getByTestId('page-contractTransaction').waitFor();
    return { bars: (await (await klines).json()) as Bar[], marks: (await (await marks).json()) as Bar[] };
  };

  it('opens on contract candles over the whole past, with the mark line and a 24 h change from the replayed trades', { timeout: 90_000 }, async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { bars, marks } = await open('en');
    // The chart's window of bars (its interval's), every one of them traded: the past is there, not a few minutes.
    expect(bars.length).toBeGreaterThanOrEqual(60);
    const step = Number(bars[1]![0]) - Number(bars[0]![0]);
    for (let i = 1; i < bars.length; i++) expect(Number(bars[i]![0]) - Number(bars[i - 1]![0])).toBe(step);
    expect(bars.every((b) => Number(b[8]) > 0)).toBe(true);
    expect(Number(bars[0]![0])).toBeLessThanOrEqual(Date.now() - Math.min(bars.length * step, PAST_MS) + 2 * step);
    // Recorded marks behind the mark line, one bar per bar of trades at least over the past.
    expect(marks.length).toBeGreaterThanOrEqual(bars.length - 1);
    await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
    // The header's 24 h change is the ticker's, computed from the replayed trades (its window opened ~9 h ago).
    const ticker = (await (await page.request.get(`${server.url}/fapi/v1/ticker/24hr?symbol=${SYMBOL}`)).json()) as { openPrice: string; priceChangePercent: string; count: number };
    const first = (await (await page.request.get(`${server.url}/fapi/v1/aggTrades?symbol=${SYMBOL}&startTime=${began - PAST_MS - MINUTE}&limit=1`)).json()) as Array<{ p: string; T: number }>;
    expect(Number(ticker.openPrice)).toBe(Number(first[0]!.p));
    expect(first[0]!.T).toBeLessThan(began - PAST_MS + 2 * MINUTE);
    expect(ticker.count).toBeGreaterThan(500);
    // Live trades move the change while the page polls: the header must show the ticker's value as it is now
    // (fetched again on each look), not as it was when this test read it.
    const shown = (t: { priceChangePercent: string }) => {
      const pct = Number(t.priceChangePercent);
      return `${pct > 0 ? '+' : ''}${pct.toFixed(2)}%`;
    };
    await expect
      .poll(async () => {
        const header = (await page.getByTestId('contract-header').textContent()) ?? '';
        const now = shown((await (await page.request.get(`${server.url}/fapi/v1/ticker/24hr?symbol=${SYMBOL}`)).json()) as { priceChangePercent: string });
        return header.includes(now) ? 'shown' : `header "${header}", ticker ${now}`;
      }, { timeout: 20_000 })
      .toBe('shown');
    await screenshot(page, 'contract-first-start-en');
    expect(errors).toEqual([]);
  });

  it('lists the funding the replayed past settled, at its recorded mark', { timeout: 90_000 }, async () => {
    // The account tables (funding among them) are for a signed-in user.
    const user = { email: 'first-start@example.com', password: 'First12345678' };
    const handle: TestServer = { handle: server, url: server.url, dataDir, advance: () => undefined, setIndex: () => undefined, close: async () => undefined };
    await createUser(handle, user);
    await signInThroughUi(page, server.url, user.email, user.password);
    await open('en');
    await page.locator('[data-testid="dock-tab"][data-panel="funding"]').click();
    const history = page.waitForResponse((r) => r.url().includes('/app/contract/fundingHistory'));
    await page.getByTestId('funding-view-rates').click();
    const reply = (await (await history).json()) as { data: { list: Array<{ time: number; markPrice: string; fundingRate: string }> } };
    const list = reply.data.list;
    expect(list.length).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.getByTestId('funding-rate-row').count(), { timeout: 15_000 }).toBe(list.length);
    const boundary = list.at(-1)!.time;
    expect(boundary % (8 * 3_600_000)).toBe(0);
    expect(boundary).toBeGreaterThan(began - PAST_MS);
    // The mark the settlement used is the one recorded at that instant.
    const [recorded] = await server.store.perp.marks({ symbol: SYMBOL, to: boundary, limit: 1 });
    expect(recorded).toMatchObject({ time: boundary });
    expect(Number(list.at(-1)!.markPrice)).toBe(Number(recorded!.mark) / 1e8);
    await screenshot(page, 'contract-first-start-funding-en');
    await open('ja');
    await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
    await screenshot(page, 'contract-first-start-ja');
    expect(errors).toEqual([]);
  });
});
