// /assetRecords and /rateStandard against a live server. A trader with a few thousand records made through the
// desks (operator credits, orders placed and cancelled, fills with fees, transfers both ways) pages through them,
// filters by type, account, coin and time, and sees the server's numbers; a second user with 100,000 records
// (written straight into the store, as the desks write them) scrolls the whole history in the scrolling view and
// a 200-row page in the pages view while a rAF counter in the page measures frame times (printed, not asserted).
// /rateStandard: the table signed out with a sign-in prompt; signed in, the user's level, volume, distance to the
// next level and pending level, their row highlighted. Screenshots in en, zh-TW, ko and th.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';
import { createUser, signInThroughUi } from './accounts.ts';
import type { NewAssetRecord } from '../../server/store/records.ts';
import { DEFAULT_FEE_TABLE } from '../../server/jobs/fee-table.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const TRADER = { email: 'records@example.com', password: 'Records12345678' };
const OTHER = { email: 'records-other@example.com', password: 'Records12345678' };
const BIG = { email: 'records-big@example.com', password: 'Records12345678' };
const BIG_COUNT = 100_000;
const DAY = 86_400_000;

interface FrameStats {
  frames: number;
  meanMs: number;
  p95Ms: number;
  maxMs: number;
  over50: number;
  /** Main-thread busy time of the renderer per frame. */
  busyMsPerFrame: number;
}

describe.skipIf(skip !== null)('asset records and fee levels', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let trader = 0;
  let big = 0;

  async function userId(email: string): Promise<number> {
    const user = await server.handle.store.users.findByEmail(email);
    if (!user) throw new Error(`${email} missing`);
    return user.id;
  }
  const ok = <T,>(r: { ok: true; value: T } | { ok: false; code: string }, what: string): T => {
    if (!r.ok) throw new Error(`${what} refused: ${r.code}`);
    return r.value;
  };
  async function credit(user: number, asset: string, amount: string, memo: string): Promise<void> {
    ok(await server.handle.trading.desks.byWallet.coin.adjust({ user, asset, amount, action: 'credit', memo }), 'credit');
  }
  /** The server's own count and newest record for a filter: what the page must show. */
  async function serverPage(filter: Omit<Parameters<TestServer['handle']['store']['records']['page']>[0], 'user'> = {}, user = trader) {
    return server.handle.store.records.page({ user, ...filter }, 0, 1);
  }

  const rows = () => page.getByTestId('record-row');
  const range = () => page.getByTestId('page-range').textContent();

  beforeAll(async () => {
    server = await startTestServer();
    for (const u of [TRADER, OTHER, BIG]) await createUser(server, u);
    trader = await userId(TRADER.email);
    big = await userId(BIG.email);
    const other = await userId(OTHER.email);
    const spot = server.handle.trading.desks.spot;
    const started = performance.now();
    // Through the desks, concurrently in batches (each batch goes out in a few group commits).
    await credit(trader, 'USDT', '1000000', 'opening balance');
    await credit(trader, 'BTC', '10', 'opening balance');
    await credit(other, 'BTC', '5', 'opening balance');
    const batch = async <T,>(n: number, size: number, f: (i: number) => Promise<T>) => {
      for (let i = 0; i < n; i += size) await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, k) => f(i + k)));
    };
    await batch(100, 25, (i) => credit(trader, 'USDT', '10', `bonus ${i + 1}`));
    const orders: number[] = [];
    await batch(700, 50, async (i) => {
      const r = ok(await spot.place({ user: trader, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: (500 + (i % 100)).toFixed(2), qty: '0.01' }), 'order');
      orders.push(r.order.orderId);
    });
    await batch(orders.length, 50, async (i) => void ok(await spot.cancel({ user: trader, orderId: orders[i]! }), 'cancel'));
    // Fills with fees: the other user's sells rest, the trader's buys take them.
    for (let i = 0; i < 60; i += 1) {
      ok(await spot.place({ user: other, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '1100.00', qty: '0.01' }), 'sell');
      ok(await spot.place({ user: trader, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1100.00', qty: '0.01' }), 'buy');
    }
    const transfers = server.handle.trading.desks.transfers;
    await batch(300, 50, async (i) => void ok(await transfers.transfer({ user: trader, asset: 'USDT', amount: '1', from: 'coin', to: 'contract' }), 'transfer'));
    await batch(100, 50, async (i) => void ok(await transfers.transfer({ user: trader, asset: 'USDT', amount: '1', from: 'contract', to: 'coin' }), 'transfer back'));
    const made = (await serverPage()).total;
    console.log(`records through the desks: ${made} in ${(performance.now() - started).toFixed(0)} ms`);
    expect(made).toBeGreaterThan(2_500);

    // 100,000 records of another user, as the desks store them, spread over the last 60 days.
    const now = Date.now();
    const types = ['buy_coin', 'sell_coin', 'cancel_buy', 'cancel_sell', 'fee', 'transfer_in', 'transfer_out', 'admin_credit'] as const;
    const assets = ['USDT', 'BTC', 'ETH', 'SOL'] as const;
    for (let i = 0; i < BIG_COUNT; i += 5_000) {
      const chunk: NewAssetRecord[] = [];
      for (let n = i; n < i + 5_000; n += 1) {
        chunk.push({
          user: big, wallet: n % 7 === 0 ? 'contract' : 'coin', asset: assets[n % assets.length]!, type: types[n % types.length]!,
          amount: BigInt((n % 2 ? -1 : 1) * (n + 1)) * 10_000n, frozen: 0n, ref: `order:${n + 1}`, desk: 'coin', seq: n + 1,
          time: now - 60 * DAY + Math.floor((n * 60 * DAY) / BIG_COUNT),
        });
      }
      await server.handle.store.records.insert(chunk);
    }

    // Fee levels as the daily job leaves them: yesterday's recompute applied (the trader at level 1 with 75.5 BTC),
    // today's computed and waiting for 04:00 GMT+8 (level 2).
    // The job's own run of today (made at start-up, everyone at level 0) gives way to one with the trader's volume;
    // the next day's recompute is in and waits for its 04:00.
    const gmt8Midnight = (t: number) => Math.floor((t + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
    const inForce = gmt8Midnight(now - 4 * 3_600_000);
    const db = server.handle.store.db;
    await sql`delete from fee_level_users`.execute(db);
    await sql`delete from fee_level_runs`.execute(db);
    const feeLevels = server.handle.store.feeLevels;
    await feeLevels.insertRun({ recomputeAt: inForce, computedAt: inForce + 60_000, table: DEFAULT_FEE_TABLE, users: 1 }, [
      { user: trader, volume: 7_550_000_000n, level: 1 },
    ]);
    await feeLevels.markApplied(inForce, inForce + 4 * 3_600_000);
    await feeLevels.insertRun({ recomputeAt: inForce + DAY, computedAt: inForce + DAY + 60_000, table: DEFAULT_FEE_TABLE, users: 1 }, [
      { user: trader, volume: 25_000_000_000n, level: 2 },
    ]);

    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 1400 });
    errors = watchErrors(page);
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('asks a signed-out visitor to sign in, and shows the fee table with a prompt for one’s own level', async () => {
    await page.goto(`${server.url}/assetRecords`);
    await page.getByTestId('signin-prompt').waitFor();
    await page.goto(`${server.url}/rateStandard`);
    await expect.poll(() => page.getByTestId('rate-row').count(), { timeout: 15_000 }).toBe(DEFAULT_FEE_TABLE.length);
    await page.getByTestId('signin-prompt').waitFor();
    expect(await page.locator('[data-testid="rate-row"][data-mine]').count()).toBe(0);
    expect(await page.getByTestId('rate-row').first().textContent()).toBe('Level 0≥ 0.000.1%0.1%');
    await screenshot(page, 'rate-standard-signed-out-en');
  });

  it("lists the trader's records newest first, 20 to a page, as the server has them", async () => {
    await signInThroughUi(page, server.url, TRADER.email, TRADER.password);
    await page.goto(`${server.url}/assetRecords`);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(20);
    const { total, rows: [newest] } = await serverPage();
    expect(await range()).toBe(`1–20 of ${total}`);
    const first = rows().first();
    expect(await first.getAttribute('data-key')).toBe(String(newest!.id));
    expect(await first.locator('[data-type]').getAttribute('data-type')).toBe(newest!.type);
    // The newest records are the transfers back: a credit of 1 USDT in the coin account.
    expect(newest!.type).toBe('transfer_in');
    expect(await first.textContent()).toContain('Transfer in');
    expect(await first.locator('[data-sign]').first().textContent()).toBe('+1.0000');
    expect(await first.locator('[data-sign]').first().getAttribute('data-sign')).toBe('in');
  });

  it('pages with the spec sizes', async () => {
    const { total } = await serverPage();
    await page.getByTestId('page-size').selectOption('50');
    await expect.poll(range).toBe(`1–50 of ${total}`);
    expect(page.url()).toContain('size=50');
    // Virtualised: the rows in view (and a margin) are in the DOM, not all 50.
    expect(await rows().count()).toBeGreaterThan(20);
    await page.getByTestId('page-next').click();
    await expect.poll(range).toBe(`51–100 of ${total}`);
    const second = await server.handle.store.records.page({ user: trader }, 50, 50);
    expect(await rows().first().getAttribute('data-key')).toBe(String(second.rows[0]!.id));
    await page.getByTestId('page-prev').click();
    await expect.poll(range).toBe(`1–50 of ${total}`);
  });

  it('filters by type, account, coin and time, each kept in the URL', async () => {
    await page.goto(`${server.url}/assetRecords`);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(20);

    await page.getByTestId('filter-type').selectOption('cancel_buy');
    await expect.poll(() => page.url()).toContain('type=cancel_buy');
    const cancels = await serverPage({ types: ['cancel_buy'] });
    expect(cancels.total).toBe(700);
    await expect.poll(range).toBe('1–20 of 700');
    // The rows follow the count within frames (above).
    await expect.poll(async () => new Set(await rows().locator('[data-type]').evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))))).toEqual(new Set(['cancel_buy']));
    expect(await rows().first().textContent()).toContain('Cancel buy');

    await page.getByTestId('filter-type').selectOption('');
    await page.getByTestId('filter-account').selectOption('contract');
    const contract = await serverPage({ wallet: 'contract' });
    await expect.poll(range).toBe(`1–20 of ${contract.total}`);
    expect(contract.total).toBe(400);

    await page.getByTestId('filter-account').selectOption('');
    await page.getByTestId('filter-asset').selectOption('BTC');
    const btc = await serverPage({ asset: 'BTC' });
    await expect.poll(range).toBe(`1–20 of ${btc.total}`);
    const coins = await rows().evaluateAll((els) => els.map((e) => e.querySelectorAll('td')[2]?.textContent));
    expect(new Set(coins)).toEqual(new Set(['BTC']));

    // Fees: the trader's buys paid their fee in BTC, split out of what they received.
    await page.getByTestId('filter-asset').selectOption('');
    await page.getByTestId('filter-type').selectOption('fee');
    const fees = await serverPage({ types: ['fee'] });
    expect(fees.total).toBe(60);
    await expect.poll(range).toBe('1–20 of 60');
    expect(await rows().first().locator('[data-sign]').first().getAttribute('data-sign')).toBe('out');

    // A quick range: everything was made today.
    await page.getByTestId('filter-type').selectOption('');
    await page.getByTestId('range-7d').click();
    await expect.poll(() => page.url()).toContain('range=7d');
    const { total } = await serverPage();
    await expect.poll(range).toBe(`1–20 of ${total}`);
    expect(await page.getByTestId('range-7d').getAttribute('aria-pressed')).toBe('true');

    // Days from tomorrow on: nothing. A first day after the last: a clear error, no request.
    const tomorrow = new Date(Date.now() + DAY);
    const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    await page.goto(`${server.url}/assetRecords?from=${day(tomorrow)}`);
    await page.getByTestId('empty').waitFor();
    expect(await page.getByTestId('empty').textContent()).toContain('No records match these filters.');
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/app/assets/records')) requests.push(r.url());
    });
    await page.getByTestId('filter-to').fill(day(new Date()));
    await page.getByTestId('records-range-error').waitFor();
    expect(await page.getByTestId('records-range-error').textContent()).toBe('The start date must not be later than the end date.');
    expect(requests).toEqual([]);
    await page.getByTestId('filter-reset').click();
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(20);
    expect(new URL(page.url()).search).toBe('');
  });

  it('shows a new record without a reload when the balance moves', async () => {
    await page.goto(`${server.url}/assetRecords?type=admin_credit`);
    await expect.poll(range, { timeout: 15_000 }).toBe('1–20 of 102');
    await credit(trader, 'USDT', '7', 'live check');
    await expect.poll(range, { timeout: 5_000 }).toBe('1–20 of 103');
    // The list renders its new first row in the frames after the pager's count (its measured rows are laid out
    // again): a loaded CI machine showed the count before the row.
    await expect.poll(() => rows().first().textContent(), { timeout: 5_000 }).toContain('live check');
  });

  it('looks right in en, zh-TW, ko and th', async () => {
    for (const lang of ['en', 'zh-TW', 'ko', 'th']) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${server.url}/assetRecords?size=10`);
      await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(10);
      await screenshot(page, `records-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
  });

  it('shows the fee level table and the signed-in user their level and the way to the next', async () => {
    await page.goto(`${server.url}/rateStandard`);
    await expect.poll(() => page.getByTestId('rate-row').count(), { timeout: 15_000 }).toBe(DEFAULT_FEE_TABLE.length);
    await page.getByTestId('rate-mine').waitFor();
    expect(await page.getByTestId('rate-mine-level').textContent()).toBe('Level 1');
    expect(await page.getByTestId('rate-mine-volume').textContent()).toBe('75.50 BTC');
    expect(await page.getByTestId('rate-mine-maker').textContent()).toBe('0.09%');
    expect(await page.getByTestId('rate-mine-taker').textContent()).toBe('0.095%');
    expect(await page.getByTestId('rate-mine-next').textContent()).toBe('124.50 BTC more 30-day volume to reach level 2.');
    expect(await page.getByTestId('rate-mine-pending').textContent()).toContain('Level 2 (30-day volume 250.00 BTC) applies at');
    const mine = page.locator('[data-testid="rate-row"][data-mine]');
    expect(await mine.count()).toBe(1);
    expect(await mine.getAttribute('data-level')).toBe('1');
    const second = page.getByTestId('rate-row').nth(1);
    expect(await second.textContent()).toContain('≥ 50.00');
    expect(await page.getByTestId('rate-schedule').textContent()).toContain('30 days');
    for (const lang of ['en', 'zh-TW', 'th']) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${server.url}/rateStandard`);
      await page.getByTestId('rate-mine-next').waitFor();
      await screenshot(page, `rate-standard-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
  });

  /** Frame gaps seen by a rAF counter in the page while it scrolls, and the renderer's main-thread busy time per
   *  frame (Chrome's TaskDuration), which says what the page costs whatever else the machine is doing. */
  async function frames(target: 'scroller' | 'window', steps: ReadonlyArray<{ frames: number; px: number }>): Promise<FrameStats> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    const before = await busy();
    const stats = await measure(target, steps);
    const taskMs = ((await busy()) - before) * 1000;
    await cdp.detach();
    return { ...stats, busyMsPerFrame: Math.round((taskMs / stats.frames) * 10) / 10 };
  }

  async function measure(target: 'scroller' | 'window', steps: ReadonlyArray<{ frames: number; px: number }>): Promise<Omit<FrameStats, 'busyMsPerFrame'>> {
    return page.evaluate(
      async ({ target, steps }) => {
        const el = target === 'window' ? null : document.querySelector<HTMLElement>('[data-testid="records-scroller"] [data-virtuoso-scroller]');
        if (target === 'scroller' && !el) throw new Error('no scroller');
        const gaps: number[] = [];
        for (const step of steps) {
          await new Promise<void>((resolve) => {
            let left = step.frames;
            let last = performance.now();
            const tick = (t: number) => {
              gaps.push(t - last);
              last = t;
              if (el) el.scrollTop += step.px;
              else window.scrollBy(0, step.px);
              if (--left > 0) requestAnimationFrame(tick);
              else resolve();
            };
            requestAnimationFrame(tick);
          });
        }
        const sorted = [...gaps].sort((a, b) => a - b);
        const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
        return {
          frames: gaps.length,
          meanMs: Math.round(mean * 10) / 10,
          p95Ms: Math.round((sorted[Math.floor(sorted.length * 0.95)] ?? 0) * 10) / 10,
          maxMs: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
          over50: gaps.filter((g) => g > 50).length,
        };
      },
      { target, steps },
    );
  }

  it('scrolls 100,000 records in the scrolling view, reading them page by page', async () => {
    await page.getByTestId('user-menu').hover();
    await page.getByTestId('logout').click();
    await page.getByTestId('header-login').waitFor();
    await signInThroughUi(page, server.url, BIG.email, BIG.password);
    await page.goto(`${server.url}/assetRecords?view=scroll`);
    await page.getByTestId('records-total').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('records-total').textContent()).toBe('100,000 records');
    await expect.poll(() => page.getByTestId('record-row').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    const inDom = await page.locator('[data-testid="records-scroller"] tr').count();
    expect(inDom).toBeLessThan(200);
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/app/assets/records')) reads.push(r.postData() ?? '');
    });
    // The page standing still (what the machine gives a frame anyway), a wheel-like scroll (≈1,000 rows), then a
    // fling (≈20,000 rows, a hundred pages), measured frame by frame.
    const idle = await frames('scroller', [{ frames: 120, px: 0 }]);
    const wheel = await frames('scroller', [{ frames: 600, px: 60 }]);
    const wheelReads = reads.length;
    const fling = await frames('scroller', [{ frames: 120, px: 6_000 }]);
    // Where it stopped, the rows arrive.
    await expect.poll(() => page.locator('[data-testid="records-scroller"] [data-testid="record-placeholder"]').count(), { timeout: 10_000 }).toBe(0);
    console.log(
      `scrolling view, 100,000 records: idle ${JSON.stringify(idle)}; wheel ${JSON.stringify(wheel)} (${wheelReads} page reads); ` +
        `fling ${JSON.stringify(fling)} (${reads.length - wheelReads} page reads)`,
    );
    // The fling passed about a hundred pages; it read only a fraction of them (a quiet machine reads under 10; one
    // whose cores are busy elsewhere draws fewer, longer frames, stops in more places and read 20 once).
    expect(reads.length - wheelReads).toBeLessThan(30);
    // The end of the list is the oldest record.
    await page.locator('[data-testid="records-scroller"] [data-virtuoso-scroller]').evaluate((el) => (el.scrollTop = el.scrollHeight));
    const oldest = await server.handle.store.records.page({ user: big }, BIG_COUNT - 1, 1);
    await expect.poll(() => page.locator(`[data-testid="record-row"][data-key="${oldest.rows[0]!.id}"]`).count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, 'records-scroll-en');
  }, 120_000);

  it('scrolls a 200-row page smoothly, and the pager reaches the last page of 500', async () => {
    await page.goto(`${server.url}/assetRecords?size=200`);
    await expect.poll(range, { timeout: 15_000 }).toBe('1–200 of 100000');
    const stats = await frames('window', [{ frames: 240, px: 40 }]);
    console.log(`pages view, 200 rows: ${JSON.stringify(stats)}`);
    await page.getByTestId('page-500').click();
    await expect.poll(range, { timeout: 15_000 }).toBe('99801–100000 of 100000');
    expect(errors).toEqual([]);
  }, 120_000);
});
